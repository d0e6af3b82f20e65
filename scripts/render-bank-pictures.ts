/**
 * Part of `npm run build`: our sample banks' SVG drawings (content/banks/pictures/) turned into
 * the pictures the first start stores (content/pictures/bank-pictures.ts reads them back by the
 * SVG's hash). A drawing already rendered is skipped, so a second build costs nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  DRAWN_PICTURES_DIR,
  drawnPictureFile,
  serializeDrawnPicture,
} from "../content/pictures/bank-pictures.ts";
import { encodeTrustedSvg } from "../content/pictures/encode-picture.ts";

const SOURCE = "content/banks/pictures";

function drawings(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return drawings(file);
    return entry.name.endsWith(".svg") ? [file] : [];
  });
}

mkdirSync(DRAWN_PICTURES_DIR, { recursive: true });
const started = Date.now();
let drawn = 0;
const queue = drawings(SOURCE);
async function work(): Promise<void> {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const svg = readFileSync(file);
    const target = drawnPictureFile(svg);
    if (existsSync(target)) continue;
    const result = await encodeTrustedSvg(svg, file);
    if (!result.ok) throw new Error(`${file}: ${result.message}`);
    writeFileSync(target, serializeDrawnPicture(result.picture));
    drawn += 1;
  }
}
await Promise.all([work(), work()]);
console.log(`bank pictures: ${drawn} drawn in ${Math.round((Date.now() - started) / 1000)} s`);
