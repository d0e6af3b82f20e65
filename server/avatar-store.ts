import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { deleteUnusedAvatars, listUsersWithPictures, saveAvatar } from "#db/avatars.ts";
import type { DB } from "#db/schema.ts";
import { paths } from "#base/paths.ts";

/**
 * Profile pictures, the storage part: rows of the `avatar` table (migration 0011), so every
 * instance serves every picture (docs/decisions/0006). A picture's name is the user's id and
 * its content hash, so a name never changes meaning and can be cached forever.
 */

/** A stored avatar's name: the user's id, then the first 16 hex digits of its SHA-256. */
export const AVATAR_FILE_PATTERN = /^[A-Za-z0-9_-]+-[0-9a-f]{16}\.webp$/;
const USER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The file name and public URL of a processed avatar. */
export function avatarFileName(userId: string, webp: Buffer): string {
  if (!USER_ID_PATTERN.test(userId)) throw new Error(`Unexpected user id for an avatar: ${userId}`);
  const hash = createHash("sha256").update(webp).digest("hex").slice(0, 16);
  return `${userId}-${hash}.webp`;
}

/**
 * Stores the picture, lets `setImage` point the user at it, then deletes the user's pictures
 * that their `image` no longer names. No lock is needed for two uploads of one user at once:
 * each stores its row again after its `setImage` (the other's clean-up may have removed it
 * meanwhile), and a clean-up keeps whatever the user row names when it runs, so the picture of
 * the last `setImage` is always there. If `setImage` fails, the clean-up removes the new row.
 */
export async function storeAvatar(options: {
  db: Kysely<DB>;
  userId: string;
  webp: Buffer;
  setImage: (image: string) => Promise<void>;
  now?: Date;
}): Promise<string> {
  const { db, userId, webp, setImage } = options;
  const name = avatarFileName(userId, webp);
  const row = { name, userId, bytes: webp, createdAt: options.now ?? new Date() };
  const image = paths.avatar(name);
  await saveAvatar(db, row);
  try {
    await setImage(image);
    await saveAvatar(db, row);
  } finally {
    await deleteUnusedAvatars(db, userId);
  }
  return image;
}

/**
 * Once, at start: the pictures an older version kept as files in `${dataDir}/avatars` move into
 * the database (those a user's `image` still names), and the folder is renamed, not deleted, to
 * `avatars.moved-to-database`, so nothing is lost and the next start has nothing to do.
 */
export async function moveAvatarFilesIntoDatabase(
  db: Kysely<DB>,
  dataDir: string,
): Promise<number> {
  const folder = path.join(dataDir, "avatars");
  if (!existsSync(folder)) return 0;
  let moved = 0;
  for (const user of await listUsersWithPictures(db)) {
    const name = user.image.slice(paths.avatarPrefix.length);
    if (!AVATAR_FILE_PATTERN.test(name)) continue;
    const file = path.join(folder, name);
    if (!existsSync(file)) continue;
    const bytes = await readFile(file);
    await saveAvatar(db, { name, userId: user.id, bytes, createdAt: new Date() });
    moved += 1;
  }
  await rename(folder, path.join(dataDir, "avatars.moved-to-database"));
  return moved;
}
