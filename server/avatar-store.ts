import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { withFileLock } from "./file-lock.ts";

/**
 * Profile pictures, the storage part: `${DATA_DIR}/avatars/<userId>-<content hash>.webp`,
 * written atomically and one change at a time per user (a lock file beside them: see
 * docs/decisions/0006 for what a shared DATA_DIR needs).
 */

/** A stored avatar's name: the user's id, then the first 16 hex digits of its SHA-256. */
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9_-]+-[0-9a-f]{16}\.webp$/;
const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const HASH_SUFFIX_PATTERN = /^[0-9a-f]{16}\.webp$/;

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, "avatars");
}

/** The file name and public URL of a processed avatar. */
export function avatarFileName(userId: string, webp: Buffer): string {
  if (!USER_ID_PATTERN.test(userId)) throw new Error(`Unexpected user id for an avatar: ${userId}`);
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  return `${userId}-${hash}.webp`;
}

/** Files of this user only: "<id>-<16 hex>.webp" exactly, so "ab" never matches "ab-c-…". */
async function filesOf(dir: string, userId: string): Promise<string[]> {
  if (!USER_ID_PATTERN.test(userId)) return [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const prefix = `${userId}-`;
  return names.filter(
    (name) => name.startsWith(prefix) && HASH_SUFFIX_PATTERN.test(name.slice(prefix.length)),
  );
}

async function deleteFilesOf(dir: string, userId: string, keep?: string): Promise<void> {
  for (const name of await filesOf(dir, userId)) {
    if (name !== keep) await rm(path.join(dir, name), { force: true });
  }
}

/**
 * One avatar change at a time per user, so two quick uploads cannot delete each other's file,
 * and an account deletion cannot race an upload: in line in this process, and a lock file
 * (`.lock-<userId>` beside the avatars) across the processes sharing DATA_DIR.
 */
const userLocks = new Map<string, Promise<unknown>>();
async function withUserLock<T>(dir: string, userId: string, task: () => Promise<T>): Promise<T> {
  const previous = userLocks.get(userId) ?? Promise.resolve();
  const locked = async () => {
    // An id that could name no avatar file (avatarFileName refuses it) has none to guard.
    if (!USER_ID_PATTERN.test(userId)) return task();
    await mkdir(dir, { recursive: true });
    return withFileLock(path.join(dir, `.lock-${userId}`), task);
  };
  const current = previous.catch(() => undefined).then(locked);
  userLocks.set(userId, current);
  try {
    return await current;
  } finally {
    if (userLocks.get(userId) === current) userLocks.delete(userId);
  }
}

/** Every avatar file of the user: for account deletion. */
export async function removeAvatarFiles(userId: string, dataDir: string): Promise<void> {
  const dir = avatarDir(dataDir);
  await withUserLock(dir, userId, () => deleteFilesOf(dir, userId));
}

/**
 * Writes the avatar (temporary file, then rename: a reader never sees half a file), lets
 * `setImage` point the user at it, then deletes the user's other avatar files. If `setImage`
 * fails, the new file goes again and the old one stays.
 */
export async function storeAvatar(options: {
  dataDir: string;
  userId: string;
  webp: Buffer;
  setImage: (image: string) => Promise<void>;
}): Promise<string> {
  const { dataDir, userId, webp, setImage } = options;
  const dir = avatarDir(dataDir);
  const name = avatarFileName(userId, webp);
  const image = `/avatars/${name}`;
  return withUserLock(dir, userId, async () => {
    const existed = (await filesOf(dir, userId)).includes(name);
    const temporary = path.join(dir, `.tmp-${randomUUID()}`);
    try {
      await writeFile(temporary, webp, { flag: "wx" });
      await rename(temporary, path.join(dir, name));
    } finally {
      await rm(temporary, { force: true });
    }
    try {
      await setImage(image);
    } catch (error) {
      if (!existed) await rm(path.join(dir, name), { force: true });
      throw error;
    }
    await deleteFilesOf(dir, userId, name);
    return image;
  });
}
