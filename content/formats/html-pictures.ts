import { type PendingPicture, pendingRef } from "#content/pictures/pending-pictures.ts";

/**
 * Where the pictures of a piece of HTML are addressed (issue 26): each <img>'s src, by its
 * position, so a file's reader can put a stored picture's address (`picture:<hash>`) in its
 * place without touching anything else around it. Shared by the Moodle XML and GIFT readers.
 */

export interface ImageSource {
  /** Where the src value starts and ends in the HTML (the quotes excluded). */
  start: number;
  end: number;
  /** The value as written. */
  value: string;
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/gu;
// `[^<>]*` ends a tag at the next "<" too, so each "<img" without a ">" is looked at once.
const IMG_TAG = /<img\b[^<>]*>/giu;
// GIFT escapes the "=" ("src\\="), as Moodle's export of GIFT writes it.
const SOURCE = /\bsrc\s*\\?=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/diu;

/** Every <img src> of the HTML, in order; none inside a comment. */
export function imageSources(html: string): ImageSource[] {
  // Comments blanked in place, so positions stay those of the HTML.
  const visible = html.replace(HTML_COMMENT, (comment) => " ".repeat(comment.length));
  const found: ImageSource[] = [];
  for (const tag of visible.matchAll(IMG_TAG)) {
    const source = SOURCE.exec(tag[0]);
    const group = source ? ([1, 2, 3] as const).find((index) => source[index] !== undefined) : 0;
    const span = group ? source?.indices?.[group] : undefined;
    if (!span) continue;
    const start = tag.index + span[0];
    const end = tag.index + span[1];
    if (end > start) found.push({ start, end, value: html.slice(start, end) });
  }
  return found;
}

const DATA_PICTURE = /^\s*data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]*)$/iu;

/** The bytes of a `data:image/…;base64,…` address, or null for any other address. */
export function dataPictureBytes(address: string): Uint8Array | null {
  const base64 = DATA_PICTURE.exec(address)?.[1];
  if (base64 === undefined) return null;
  return Buffer.from(base64.replace(/\s+/gu, ""), "base64");
}

/**
 * A GIFT file's pictures written into its HTML as data: addresses (what an editor pasting a
 * picture leaves), taken out: each address becomes `picture:pending-N`, made the stored
 * picture's hash once encoded (content/pictures/pending-pictures.ts). GIFT may escape the
 * address's ":" and "=" ("data\:image/png;base64,iVBO…\="); the bytes are read unescaped.
 */
export function takeGiftPictures(text: string): { text: string; pending: PendingPicture[] } {
  if (!/data\\?:image\//iu.test(text)) return { text, pending: [] };
  const pending: PendingPicture[] = [];
  const parts: string[] = [];
  let at = 0;
  let line = 1;
  let counted = 0;
  for (const image of imageSources(text)) {
    const bytes = dataPictureBytes(image.value.replace(/\\([\s\S])/gu, "$1"));
    if (!bytes) continue;
    line += countBreaks(text, counted, image.start);
    counted = image.start;
    const ref = pendingRef(pending.length);
    pending.push({ ref, bytes, line, name: "Ảnh nhúng" });
    parts.push(text.slice(at, image.start), `picture:${ref}`);
    at = image.end;
  }
  parts.push(text.slice(at));
  return { text: parts.join(""), pending };
}

function countBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let at = from; at < to; at += 1) if (text[at] === "\n") breaks += 1;
  return breaks;
}
