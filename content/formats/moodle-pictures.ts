import { decodeHTML } from "entities";
import type { PendingPicture } from "#content/pictures/pending-pictures.ts";
import { pendingRef } from "#content/pictures/pending-pictures.ts";
import { dataPictureBytes, imageSources } from "./html-pictures.ts";
import { mediaKindOf, pluginFileKey } from "./moodle-media.ts";
import { findUnsafeDoctype } from "./moodle-xml.ts";

/**
 * The pictures of a Moodle XML file taken out of it, for the text a student edits and
 * `npm run import` parses (content/read-file-text.ts), issue 26.
 *
 * Moodle exports a picture as a <file name="x.png" path="/" encoding="base64"> inside the
 * element that shows it (<questiontext>, <answer>, <feedback>, <generalfeedback>), and its HTML
 * says <img src="@@PLUGINFILE@@/x.png">; a file belongs to its element only (an answer cannot
 * show its question's x.png). Pasted HTML may also carry a picture as a data: address.
 *
 * The text stays the Moodle XML it was, edited in place: each such <img>'s src becomes
 * `picture:pending-N` (made `picture:<hash>` once encoded, content/pictures/pending-pictures.ts),
 * the <file> of each picture shown is removed and any other <file> loses its base64 (its name
 * stays, so the parser still warns about a sound it cannot carry). Every line stays where it
 * was, so what the parser then finds is at the line of the file the author has, and the student
 * edits the Moodle XML they know, only lighter; the parser reads `<img src="picture:<hash>">`
 * as the picture. A file the XML parser would refuse is left as it is for the parser to say why.
 */
export interface TakenPictures {
  text: string;
  pending: PendingPicture[];
}

const OWNERS = new Set(["questiontext", "answer", "generalfeedback", "feedback"]);

interface FileElement {
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
  name: string;
  /** Its path and name, as an @@PLUGINFILE@@ address names it: "x.png", "sub/x.png". */
  key: string;
  base64: boolean;
}

interface Owner {
  texts: { start: number; end: number }[];
  files: FileElement[];
}

interface Scan {
  owners: Owner[];
  files: FileElement[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

export function takeMoodlePictures(source: string): TakenPictures {
  const unchanged = { text: source, pending: [] };
  if (!source.includes("<file") && !/data:image\//iu.test(source)) return unchanged;
  if (findUnsafeDoctype(source) >= 0) return unchanged;
  const scan = scanElements(source);
  if (!scan) return unchanged;
  const lines = lineStartsOf(source);
  const pending: PendingPicture[] = [];
  const refByContent = new Map<string, string>();
  const edits: Edit[] = [];
  const shown = new Set<FileElement>();
  const take = (content: string, bytes: () => Uint8Array, at: number, name: string) => {
    let ref = refByContent.get(content);
    if (ref === undefined) {
      ref = pendingRef(pending.length);
      refByContent.set(content, ref);
      pending.push({ ref, bytes: bytes(), line: lineAt(lines, at), name });
    }
    return ref;
  };
  for (const owner of scan.owners) {
    const files = new Map(owner.files.filter((file) => file.base64).map((f) => [f.key, f]));
    for (const span of owner.texts) {
      const html = decodeWithMap(source, span.start, span.end);
      for (const image of imageSources(html.text)) {
        const start = html.rawAt(image.start);
        const end = html.rawAt(image.end);
        const key = pluginFileKey(image.value);
        const file = key === undefined ? undefined : files.get(key);
        const content =
          file && source.slice(file.contentStart, file.contentEnd).replace(/\s+/gu, "");
        // An empty <file> is as good as none: the parser says the picture is missing.
        if (file && content && mediaKindOf(file.key, "image") === "image") {
          const decode = () => Buffer.from(content, "base64");
          const ref = take(content, decode, start, `Ảnh “${file.name}”`);
          edits.push({ start, end, text: `picture:${ref}` });
          shown.add(file);
          continue;
        }
        const bytes = dataPictureBytes(image.value);
        if (bytes) {
          const ref = take(image.value, () => bytes, start, "Ảnh nhúng");
          edits.push({ start, end, text: `picture:${ref}` });
        }
      }
    }
  }
  for (const file of scan.files) {
    if (shown.has(file)) edits.push(blank(source, file.start, file.end));
    else if (source.slice(file.contentStart, file.contentEnd).trim() !== "") {
      edits.push(blank(source, file.contentStart, file.contentEnd));
    }
  }
  return { text: applyEdits(source, edits), pending };
}

/** A stretch replaced by nothing but its line breaks, so every line after it stays where it was. */
function blank(source: string, start: number, end: number): Edit {
  let breaks = 0;
  for (let at = start; at < end; at += 1) if (source[at] === "\n") breaks += 1;
  return { start, end, text: "\n".repeat(breaks) };
}

function applyEdits(source: string, edits: Edit[]): string {
  const sorted = edits.sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) continue;
    parts.push(source.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(source.slice(at));
  return parts.join("");
}

/* ---------------------------------------------------------------- the elements, by position */

interface Open {
  name: string;
  start: number;
  contentStart: number;
  attributes: string;
  owner: Owner | undefined;
}

/**
 * The rich-text elements of the questions and every <file>, by their positions in the source:
 * one pass over its tags, CDATA sections and comments skipped whole. Null when the tags do not
 * nest (the XML parser then says where).
 */
function scanElements(source: string): Scan | null {
  const markup = /<(\/?)([A-Za-z_][\w.:-]*)((?:[\s/][^<>]*)?)>|<!\[CDATA\[|<!--|<[!?]/gu;
  const scan: Scan = { owners: [], files: [] };
  const stack: Open[] = [];
  let questions = 0;
  for (let match = markup.exec(source); match; match = markup.exec(source)) {
    const [token, closing, name, attributes = ""] = match;
    if (name === undefined) {
      const end = token === "<![CDATA[" ? "]]>" : token === "<!--" ? "-->" : ">";
      const at = source.indexOf(end, markup.lastIndex);
      if (at < 0) return null;
      markup.lastIndex = at + end.length;
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) return null;
      if (name === "question") questions -= 1;
      closeElement(scan, open, stack.at(-1), match.index, markup.lastIndex);
      continue;
    }
    const owner = questions > 0 && OWNERS.has(name) ? { texts: [], files: [] } : undefined;
    if (owner) scan.owners.push(owner);
    const open = { name, start: match.index, contentStart: markup.lastIndex, attributes, owner };
    if (attributes.endsWith("/")) {
      closeElement(scan, open, stack.at(-1), markup.lastIndex, markup.lastIndex);
      continue;
    }
    if (name === "question") questions += 1;
    stack.push(open);
  }
  return stack.length === 0 ? scan : null;
}

function closeElement(
  scan: Scan,
  open: Open,
  parent: Open | undefined,
  contentEnd: number,
  end: number,
): void {
  if (open.name === "text" && parent?.owner) {
    parent.owner.texts.push({ start: open.contentStart, end: contentEnd });
  }
  if (open.name !== "file") return;
  const name = attributeOf(open.attributes, "name");
  const folder = attributeOf(open.attributes, "path").replace(/^\/+/u, "");
  const encoding = attributeOf(open.attributes, "encoding");
  const file: FileElement = {
    start: open.start,
    end,
    contentStart: open.contentStart,
    contentEnd,
    name,
    key: `${folder}${name}`,
    base64: encoding === "" || encoding.toLowerCase() === "base64",
  };
  scan.files.push(file);
  parent?.owner?.files.push(file);
}

function attributeOf(attributes: string, name: string): string {
  const pattern = new RegExp(String.raw`(?:^|\s)${name}\s*=\s*(?:"([^"]*)"|'([^']*)')`, "u");
  const match = pattern.exec(attributes);
  return decodeHTML(match?.[1] ?? match?.[2] ?? "");
}

/* ---------------------------------------------------------------- a <text>'s HTML, mapped back */

interface Run {
  /** Where the run starts in the decoded text and in the source. */
  at: number;
  raw: number;
  /** Characters copied one for one; else an entity, every character of it at `raw`. */
  copied: boolean;
}

const ENTITY = /^&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{0,31});/iu;

/**
 * The HTML a <text> element holds (its CDATA sections as written, its entities decoded), and a
 * way back from a position in it to the source: src values are edited in the source itself.
 */
function decodeWithMap(
  source: string,
  start: number,
  end: number,
): { text: string; rawAt: (at: number) => number } {
  const parts: string[] = [];
  const runs: Run[] = [];
  let length = 0;
  const copy = (from: number, to: number) => {
    if (to <= from) return;
    runs.push({ at: length, raw: from, copied: true });
    parts.push(source.slice(from, to));
    length += to - from;
  };
  const nextOf = (text: string, from: number) => {
    const index = source.indexOf(text, from);
    return index < 0 || index > end ? end : index;
  };
  let cdata = nextOf("<![CDATA[", start);
  let amp = nextOf("&", start);
  let at = start;
  while (at < end) {
    if (at === cdata) {
      const stop = nextOf("]]>", at);
      copy(at + 9, stop);
      at = stop + 3;
      cdata = nextOf("<![CDATA[", at);
      if (amp < at) amp = nextOf("&", at);
      continue;
    }
    const next = Math.min(amp, cdata);
    copy(at, next);
    at = next;
    if (at >= end || at === cdata) continue;
    const entity = ENTITY.exec(source.slice(at, at + 40))?.[0];
    const decoded = entity === undefined ? "&" : decodeHTML(entity);
    runs.push({ at: length, raw: at, copied: false });
    parts.push(decoded);
    length += decoded.length;
    at += entity?.length ?? 1;
    amp = nextOf("&", at);
  }
  const rawAt = (position: number): number => {
    if (position >= length) return end;
    let low = 0;
    let high = runs.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (runs[middle]!.at <= position) low = middle;
      else high = middle - 1;
    }
    const run = runs[low]!;
    return run.copied ? run.raw + (position - run.at) : run.raw;
  };
  return { text: parts.join(""), rawAt };
}

function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf("\n"); index >= 0; index = source.indexOf("\n", index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

function lineAt(starts: readonly number[], index: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
