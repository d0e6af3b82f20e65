import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { fromNodeHeaders } from "better-auth/node";
import { Router, type Response } from "express";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { vi } from "#app/i18n/vi.ts";
import { MAX_AVATAR_BYTES } from "#app/utils/avatar-upload.ts";
import type { Auth } from "./auth.ts";

/**
 * Profile pictures: `POST /api/avatar` takes the picture as the raw request body, checks its
 * real bytes, turns it into a 256×256 WebP without metadata and stores it under
 * `${DATA_DIR}/avatars/<userId>-<content hash>.webp`; `GET /avatars/<that name>` serves it,
 * cached forever since the name changes with the content.
 */

/** The largest body accepted, in bytes (1 MB): the browser checks the same number first. */
export { MAX_AVATAR_BYTES };
/** The largest image accepted, in pixels (25 megapixels), checked from the header before decoding. */
export const MAX_AVATAR_PIXELS = 25_000_000;
/** The side of the stored square picture. */
export const AVATAR_SIZE = 256;

const ALLOWED_TYPES = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpeg"],
  ["image/gif", "gif"],
]);

// The browser shows the same words for the same checks (the spec's alerts).
export const AVATAR_MESSAGES = {
  notAnImage: vi.avatar.notImage,
  tooLarge: vi.avatar.tooLarge,
  unauthenticated: vi.avatar.signInFirst,
} as const;

export type AvatarErrorCode = "NOT_AN_IMAGE" | "TOO_LARGE" | "BAD_IMAGE" | "UNAUTHENTICATED";

export interface AvatarRefusal {
  ok: false;
  code: AvatarErrorCode;
  status: number;
  message: string;
}

export type AvatarResult = { ok: true; webp: Buffer } | AvatarRefusal;

const refusal = (code: AvatarErrorCode, status: number, message: string): AvatarRefusal => ({
  ok: false,
  code,
  status,
  message,
});

const NOT_AN_IMAGE = refusal("NOT_AN_IMAGE", 415, AVATAR_MESSAGES.notAnImage);
const TOO_MANY_BYTES = refusal("TOO_LARGE", 413, AVATAR_MESSAGES.tooLarge);
const TOO_MANY_PIXELS = refusal("TOO_LARGE", 422, AVATAR_MESSAGES.tooLarge);
const BAD_IMAGE = refusal("BAD_IMAGE", 422, AVATAR_MESSAGES.notAnImage);
const UNAUTHENTICATED = refusal("UNAUTHENTICATED", 401, AVATAR_MESSAGES.unauthenticated);

/**
 * Turns uploaded bytes (or a provider's picture) into the stored avatar. The type comes from
 * the bytes alone; the dimensions are read from the header and checked before anything is
 * decoded; a truncated or corrupt file fails instead of decoding half an image.
 */
export async function processAvatar(bytes: Buffer): Promise<AvatarResult> {
  if (bytes.length > MAX_AVATAR_BYTES) return TOO_MANY_BYTES;
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected && ALLOWED_TYPES.get(detected.mime);
  if (!format) return NOT_AN_IMAGE;

  let width: number;
  let height: number;
  try {
    // The header only; the pixel limit is checked by hand below to tell the two failures apart.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    // libvips must read it as the type we checked, never as some other format it also knows.
    if (metadata.format !== format) return BAD_IMAGE;
    width = metadata.width;
    height = metadata.height;
  } catch {
    return BAD_IMAGE;
  }
  if (!(width > 0 && height > 0)) return BAD_IMAGE;
  if (width * height > MAX_AVATAR_PIXELS) return TOO_MANY_PIXELS;

  try {
    const webp = await sharp(bytes, {
      // "error" covers truncation and decode errors but not libjpeg's harmless warnings
      // (sharp's default, "warning", refuses many ordinary phone photos).
      failOn: "error",
      limitInputPixels: MAX_AVATAR_PIXELS,
      autoOrient: true,
      // An animated GIF: its first frame only (sharp's default, said out loud).
      pages: 1,
    })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      // No keepMetadata/withMetadata: EXIF, XMP and ICC are all dropped (pixels are in sRGB).
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch (error) {
    return /pixel limit/i.test(String(error)) ? TOO_MANY_PIXELS : BAD_IMAGE;
  }
}

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
 * One avatar change at a time per user (in this process), so two quick uploads cannot delete
 * each other's file, and an account deletion cannot race an upload.
 */
const userLocks = new Map<string, Promise<unknown>>();
async function withUserLock<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const previous = userLocks.get(userId) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(task);
  userLocks.set(userId, current);
  try {
    return await current;
  } finally {
    if (userLocks.get(userId) === current) userLocks.delete(userId);
  }
}

/** Every avatar file of the user: for account deletion. */
export async function removeAvatarFiles(userId: string, dataDir: string): Promise<void> {
  await withUserLock(userId, () => deleteFilesOf(avatarDir(dataDir), userId));
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
  return withUserLock(userId, async () => {
    await mkdir(dir, { recursive: true });
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

type BodyRead = { kind: "ok"; bytes: Buffer } | { kind: "too-large" } | { kind: "aborted" };

/**
 * The raw body, never holding more than `limit` bytes: a declared or actual size above it
 * stops the buffering at once (the rest is read and thrown away, so the client still gets
 * the answer instead of a reset connection).
 */
function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      resolve({ kind: "too-large" });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => settle({ kind: "ok", bytes: Buffer.concat(chunks, size) }));
    req.once("error", () => settle({ kind: "aborted" }));
    req.once("close", () => {
      if (!req.complete) settle({ kind: "aborted" });
    });
  });
}

/** Reads off whatever is left of the body, then answers: what body-parser does on an error. */
async function refuse(req: IncomingMessage, res: Response, refused: AvatarRefusal): Promise<void> {
  if (!req.complete && !req.destroyed) {
    await new Promise<void>((resolve) => {
      req.once("end", resolve);
      req.once("close", resolve);
      req.once("error", resolve);
      req.resume();
    });
  }
  if (req.destroyed && !req.complete) return;
  res.setHeader("cache-control", "no-store");
  res.status(refused.status).json({ code: refused.code, message: refused.message });
}

function quotedEtags(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
}

/**
 * `POST /api/avatar` (body: the picture's bytes, as `xhr.send(file)` sends them; the declared
 * Content-Type is ignored) and `GET /avatars/:file`.
 */
export function createAvatarRouter(options: { dataDir: string; auth: Auth }): Router {
  const { dataDir, auth } = options;
  const dir = avatarDir(dataDir);
  const router = Router();

  router.post("/api/avatar", async (req, res) => {
    // Cross-site uploads never get here: server/request-guards.ts refuses them for every route.
    const headers = fromNodeHeaders(req.headers);
    const session = await auth.api.getSession({ headers });
    if (!session) return refuse(req, res, UNAUTHENTICATED);

    const body = await readBody(req, MAX_AVATAR_BYTES);
    if (body.kind === "aborted") return;
    if (body.kind === "too-large") return refuse(req, res, TOO_MANY_BYTES);

    const result = await processAvatar(body.bytes);
    if (!result.ok) return refuse(req, res, result);

    const image = await storeAvatar({
      dataDir,
      userId: session.user.id,
      webp: result.webp,
      async setImage(image) {
        // Through better-auth rather than a bare UPDATE: its adapter writes updatedAt in each
        // dialect's format, runs any user-update hooks, and re-issues the session cookie (which
        // would carry the new picture if the cookie cache is ever turned on).
        const updated = await auth.api.updateUser({
          headers,
          body: { image },
          returnHeaders: true,
        });
        for (const cookie of updated.headers.getSetCookie()) res.append("set-cookie", cookie);
      },
    });
    req.log?.info({ userId: session.user.id, bytes: body.bytes.length }, "avatar changed");
    res.setHeader("cache-control", "no-store");
    res.json({ image });
  });

  router.get("/avatars/:file", async (req, res, next) => {
    const name = req.params.file;
    if (!AVATAR_FILE_PATTERN.test(name)) return next();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return next();
      throw error;
    }
    // The name carries the content's hash, so it makes a strong validator.
    const etag = `"${name.slice(-21, -5)}"`;
    res.setHeader("etag", etag);
    res.setHeader("cache-control", "public, max-age=31536000, immutable");
    const wanted = quotedEtags(req.get("if-none-match"));
    if (wanted.includes(etag) || wanted.includes("*")) {
      res.status(304).end();
      return;
    }
    res.type("image/webp").send(bytes);
  });

  // Anything else under /avatars is not ours to give, and not a page either.
  router.all("/avatars/{*rest}", (_req, res) => {
    res.status(404).json({ code: "NOT_FOUND", message: "Not found" });
  });

  return router;
}
