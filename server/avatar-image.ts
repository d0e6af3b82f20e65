import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { sharedVi as vi } from "#base/i18n/vi.ts";
import { MAX_AVATAR_BYTES } from "#base/limits.ts";

/**
 * Profile pictures, the image part: checks an upload's (or a provider's picture's) real bytes
 * and turns them into a 256×256 WebP without metadata. Storing is server/avatar-store.ts,
 * the HTTP routes server/avatar-routes.ts.
 */

/** The largest body accepted, in bytes (1 MB): the browser checks the same number first. */
export { MAX_AVATAR_BYTES };
/** The largest image accepted, in pixels (25 megapixels), checked from the header before decoding. */
const MAX_AVATAR_PIXELS = 25_000_000;
/** The side of the stored square picture. */
const AVATAR_SIZE = 256;

const ALLOWED_TYPES = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpeg"],
  ["image/gif", "gif"],
]);

// The browser shows the same words for the same checks (the spec's alerts).
const AVATAR_MESSAGES = {
  notAnImage: vi.avatar.notImage,
  tooLarge: vi.avatar.tooLarge,
  unauthenticated: vi.avatar.signInFirst,
} as const;

type AvatarErrorCode = "NOT_AN_IMAGE" | "TOO_LARGE" | "BAD_IMAGE" | "UNAUTHENTICATED";

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
export const TOO_MANY_BYTES = refusal("TOO_LARGE", 413, AVATAR_MESSAGES.tooLarge);
const TOO_MANY_PIXELS = refusal("TOO_LARGE", 422, AVATAR_MESSAGES.tooLarge);
const BAD_IMAGE = refusal("BAD_IMAGE", 422, AVATAR_MESSAGES.notAnImage);
export const UNAUTHENTICATED = refusal("UNAUTHENTICATED", 401, AVATAR_MESSAGES.unauthenticated);

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
