import { crc32 } from "node:zlib";
import sharp from "sharp";

/**
 * Pictures the picture tests send (issue 26): ordinary ones drawn by sharp, and the hostile
 * shapes an upload must refuse without decoding them.
 */

/** A small drawing: a coloured block on white, `width` × `height`, as PNG. */
export async function drawnPng(width = 120, height = 80, colour = "#1f6feb"): Promise<Buffer> {
  const block = await sharp({
    create: {
      width: Math.ceil(width / 2),
      height: Math.ceil(height / 2),
      channels: 3,
      background: colour,
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([{ input: block, left: Math.floor(width / 4), top: Math.floor(height / 4) }])
    .png()
    .toBuffer();
}

/** A flat PNG of `megapixels` million pixels (8000 × 5000 for 40): small as a file, huge decoded. */
export function manyPixelsPng(megapixels: number): Promise<Buffer> {
  const width = 8000;
  const height = Math.round((megapixels * 1_000_000) / width);
  return sharp({ create: { width, height, channels: 3, background: "#dddddd" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A real small PNG whose header (IHDR) claims `width` × `height`, its checksum made to match:
 * only the size lies, so nothing but the size check can stop it.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await drawnPng(16, 16));
  // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), … CRC.
  if (png.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>fetch("/api/auth/delete-user",{method:"POST"})</script><rect width="10" height="10"/></svg>',
);

/** A web page saved under a picture's name: what a .png from a phishing mail can be. */
export const HTML_NAMED_PNG = Buffer.from(
  "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>",
);
