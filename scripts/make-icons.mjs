// node scripts/make-icons.mjs — draws the app's icons (public/icons/*.png) from one design of
// ours: "ÔT" on the first-visit theme's primary colour, as favicon.svg. Run again after
// changing the design; the PNGs are committed (phones need PNG at these sizes). The maskable
// one keeps the letters inside the central 80 % that every launcher mask shows.
import { mkdirSync } from "node:fs";
import sharp from "sharp";

const PRIMARY = "#f28b82";
const INK = "#2a1b1c";

function svg(size, { maskable = false, rounded = true } = {}) {
  const radius = rounded && !maskable ? size * 0.22 : 0;
  const fontSize = size * (maskable ? 0.34 : 0.42);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${PRIMARY}"/>
  <text x="50%" y="50%" dy="0.35em" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${fontSize}" font-weight="800" text-anchor="middle" fill="${INK}">ÔT</text>
</svg>`);
}

mkdirSync("public/icons", { recursive: true });
const outputs = [
  ["public/icons/icon-192.png", svg(192)],
  ["public/icons/icon-512.png", svg(512)],
  ["public/icons/icon-maskable-512.png", svg(512, { maskable: true })],
  // iOS rounds the corners itself.
  ["public/icons/apple-touch-icon.png", svg(180, { rounded: false })],
];
for (const [file, source] of outputs) {
  await sharp(source).png({ compressionLevel: 9 }).toFile(file);
  console.log(file);
}
