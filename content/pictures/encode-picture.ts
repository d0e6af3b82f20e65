import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type Sharp } from "sharp";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PICTURE_MAX_INPUT_BYTES, PICTURE_MAX_STORED_BYTES } from "#base/limits.ts";
import { SMALL_PICTURE_WIDTH, type PictureMeta, type PictureType } from "#base/pictures.ts";

/**
 * A picture brought into a question, turned into what is stored (issue 26): its real type read
 * from its bytes, its size checked from the header before anything is decoded (no decompression
 * bomb), turned upright, at most 1600 px on its long side, without metadata, as WebP or, for line
 * art where that is smaller, as PNG; an animated GIF only when small. It runs in the parse pool's
 * threads (ADR 0015), never on the server's event loop.
 */

export interface EncodedPicture extends PictureMeta {
  bytes: Uint8Array;
  /** The 640-px-wide variant, when the picture is wider. */
  small: Uint8Array | null;
}

export type PictureEncoding =
  { ok: true; picture: EncodedPicture } | { ok: false; message: string };

const MESSAGES = serverVi.pictures;
/** Header-checked before decoding: a 40 MP photo or a PNG that claims 100,000 × 100,000 stops here. */
const MAX_INPUT_PIXELS = 25_000_000;
const MAX_SIDE = 1600;
const ANIMATED_MAX_SIDE = 500;
const ANIMATED_MAX_FRAMES = 50;

const INPUT_FORMATS = new Map([
  ["image/png", "png"],
  ["image/jpeg", "jpeg"],
  ["image/gif", "gif"],
  ["image/webp", "webp"],
  ["image/tiff", "tiff"],
  ["image/avif", "heif"],
]);

// Only one picture is decoded at a time per thread, and libvips keeps no cache between them.
sharp.cache(false);
sharp.concurrency(1);

/** `name` says which picture in messages ("Ảnh “hinh1.png”", "Ảnh ở câu 3"). */
export async function encodePicture(input: Uint8Array, name: string): Promise<PictureEncoding> {
  if (input.length > PICTURE_MAX_INPUT_BYTES) {
    return refuse(MESSAGES.tooManyBytes(name, PICTURE_MAX_INPUT_BYTES / 1024 / 1024));
  }
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.length);
  if (looksLikeSvg(bytes)) return refuse(MESSAGES.svg(name));
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected && INPUT_FORMATS.get(detected.mime);
  if (!format) return refuse(MESSAGES.notAnImage(name));
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false, animated: true }).metadata();
  } catch {
    return refuse(MESSAGES.broken(name));
  }
  // libvips must read it as the type its bytes say, never as some other format it also knows.
  if (header.format !== format) return refuse(MESSAGES.broken(name));
  const width = header.width;
  const height = header.pageHeight ?? header.height;
  if (!(width > 0 && height > 0)) return refuse(MESSAGES.broken(name));
  if (width * height > MAX_INPUT_PIXELS) return refuse(MESSAGES.tooManyPixels(name));
  try {
    const encoded =
      (header.pages ?? 1) > 1
        ? await encodeAnimated(bytes, header, name)
        : await encodeStill(bytes, header, format);
    if (!encoded.ok) return encoded;
    if (encoded.picture.bytes.length > PICTURE_MAX_STORED_BYTES) {
      return refuse(MESSAGES.storedTooBig(name));
    }
    return encoded;
  } catch {
    return refuse(MESSAGES.broken(name));
  }
}

/**
 * Our own sample banks' drawings (content/banks/pictures/*.svg), trusted because we wrote them:
 * rasterized at twice their size for sharp screens, then stored like any picture. A student's SVG
 * never comes here (it may carry a script).
 */
export async function encodeTrustedSvg(svg: Uint8Array, name: string): Promise<PictureEncoding> {
  const png = await sharp(Buffer.from(svg), { density: 144 })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
  return encodePicture(png, name);
}

async function encodeStill(
  bytes: Buffer,
  header: Metadata,
  format: string,
): Promise<PictureEncoding> {
  // Decoded once (upright, at most 1600 px; a truncated file fails here), encoded from the pixels.
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  // A picture that is already what we would store (ours, exported and brought back) is kept as it
  // is, so an export re-imports to the very same picture instead of a new copy of it.
  const clean = isCleanStored(header, format);
  if (clean && format === "webp") return stored(bytes, "webp", info.width, info.height, pixels);
  const webp = await pixels().webp({ quality: 82, effort: 4 }).toBuffer();
  // Line art (few colours) may be lighter as a palette PNG; a photo never is, and quantizing one
  // costs five times its WebP: a photo (a JPEG, or any picture of high entropy) is not tried.
  const photo = format === "jpeg" || format === "heif" || (await pixels().stats()).entropy > 4;
  const png = photo
    ? null
    : await pixels().png({ palette: true, compressionLevel: 9, effort: 7 }).toBuffer();
  const best =
    png && png.length < webp.length
      ? { data: png, type: "png" as const }
      : { data: webp, type: "webp" as const };
  if (clean && bytes.length <= best.data.length * 1.15) {
    return stored(bytes, "png", info.width, info.height, pixels);
  }
  return stored(best.data, best.type, info.width, info.height, pixels);
}

/** A WebP or PNG without metadata, upright and within 1600 px: the shape of what we store. */
function isCleanStored(header: Metadata, format: string): boolean {
  if (format !== "webp" && format !== "png") return false;
  if (header.exif || header.icc || header.xmp || header.iptc || header.comments) return false;
  if ((header.orientation ?? 1) !== 1) return false;
  return Math.max(header.width, header.height) <= MAX_SIDE;
}

async function encodeAnimated(
  bytes: Buffer,
  header: Metadata,
  name: string,
): Promise<PictureEncoding> {
  const height = header.pageHeight ?? header.height;
  const small =
    header.format === "gif" &&
    Math.max(header.width, height) <= ANIMATED_MAX_SIDE &&
    (header.pages ?? 1) <= ANIMATED_MAX_FRAMES;
  if (!small) return refuse(MESSAGES.animatedTooBig(name));
  const gif = await sharp(bytes, {
    animated: true,
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: "error",
  })
    .gif()
    .toBuffer();
  return {
    ok: true,
    picture: { ...(await describe(gif, "gif", header.width, height)), small: null },
  };
}

async function stored(
  bytes: Uint8Array,
  type: PictureType,
  width: number,
  height: number,
  pixels: () => Sharp,
): Promise<PictureEncoding> {
  const variant =
    width > SMALL_PICTURE_WIDTH
      ? await toType(pixels().resize({ width: SMALL_PICTURE_WIDTH }), type).toBuffer()
      : null;
  // A phone variant is worth its request only when it is clearly lighter (line art may not be).
  const small = variant && variant.length < bytes.length * 0.8 ? variant : null;
  const described = await describe(bytes, type, width, height);
  return { ok: true, picture: { ...described, hasSmall: small !== null, small } };
}

function toType(image: Sharp, type: PictureType): Sharp {
  if (type === "png") return image.png({ palette: true, compressionLevel: 9, effort: 7 });
  return image.webp({ quality: 82, effort: 4 });
}

async function describe(
  bytes: Uint8Array,
  type: PictureType,
  width: number,
  height: number,
): Promise<Omit<EncodedPicture, "small">> {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  return {
    hash,
    type,
    width,
    height,
    hasSmall: false,
    bytes,
  };
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString("utf8")
    .replace(/^\uFEFF/u, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"));
}

function refuse(message: string): PictureEncoding {
  return { ok: false, message };
}
