import { inflateRawSync } from "node:zlib";
import { PARSE_LIMITS } from "../parse-limits.ts";

/**
 * The parts of a .docx the reader needs, after every entry of the zip was inflated with a cap
 * (a zip's own size fields can lie): a small hostile file that unpacks to gigabytes, an XML
 * part too big to read in time, or XML nested deeper than any Word document is refused here,
 * before any XML is parsed (limits in content/parse-limits.ts). `media` holds the document's
 * other files under word/ (its pictures, "word/media/image1.png"), counted in the same cap;
 * embedded objects' own data and fonts are not kept.
 */
type DocxParts =
  | { kind: "ok"; parts: Map<string, string>; media: Map<string, Uint8Array> }
  | { kind: "unreadable" | "too-big" | "too-complex" };

const WANTED = new Set([
  "word/document.xml",
  "word/numbering.xml",
  "word/styles.xml",
  "word/_rels/document.xml.rels",
]);

/** Files under word/ that are never pictures a text shows. */
const NOT_MEDIA = /^word\/(?:embeddings|fonts)\//iu;

export function readDocxParts(bytes: Uint8Array): DocxParts {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) return { kind: "unreadable" };
  let entry = view.readUInt32LE(end + 16);
  const count = view.readUInt16LE(end + 10);
  const parts = new Map<string, string>();
  const media = new Map<string, Uint8Array>();
  let total = 0;
  try {
    for (let index = 0; index < count; index += 1) {
      if (view.readUInt32LE(entry) !== 0x02014b50) return { kind: "unreadable" };
      const nameLength = view.readUInt16LE(entry + 28);
      const name = view.toString("utf8", entry + 46, entry + 46 + nameLength);
      const isXml = /\.(?:xml|rels)$/iu.test(name);
      const budget = PARSE_LIMITS.docxUnzippedBytes - total + 1;
      const limit = isXml ? Math.min(budget, XML_BUDGET) : budget;
      const data = inflateEntry(view, entry, limit);
      if (data === null) return { kind: "too-big" };
      total += data.length;
      if (total > PARSE_LIMITS.docxUnzippedBytes) return { kind: "too-big" };
      if (isXml && data.length > PARSE_LIMITS.docxXmlPartBytes) return { kind: "too-big" };
      if (isXml && xmlTooDeep(data)) return { kind: "too-complex" };
      // Names are compared as Word writes them; a zip may hold a name twice: the first wins.
      const wanted = name.replace(/^\//u, "");
      if (WANTED.has(wanted) && !parts.has(wanted)) parts.set(wanted, data.toString("utf8"));
      else if (isMedia(wanted, isXml) && !media.has(wanted)) media.set(wanted, data);
      entry += 46 + nameLength + view.readUInt16LE(entry + 30) + view.readUInt16LE(entry + 32);
    }
  } catch {
    return { kind: "unreadable" };
  }
  return parts.has("word/document.xml") ? { kind: "ok", parts, media } : { kind: "unreadable" };
}

function isMedia(name: string, isXml: boolean): boolean {
  return !isXml && name.startsWith("word/") && !name.endsWith("/") && !NOT_MEDIA.test(name);
}

/** An XML part is inflated one byte past its cap, so a bigger one is seen without unpacking it all. */
const XML_BUDGET = PARSE_LIMITS.docxXmlPartBytes + 1;

/**
 * Whether elements nest deeper than Word's documents ever do, read off the bytes in one pass
 * (a tree of a million nested elements took 2 GB to build). Comments, processing
 * instructions, declarations and CDATA open no element; quoted attribute values may hold ">".
 */
function xmlTooDeep(xml: Buffer, maxDepth = PARSE_LIMITS.docxXmlDepth): boolean {
  let depth = 0;
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf(LESS_THAN, at);
    if (open < 0) return false;
    const next = xml[open + 1];
    if (next === EXCLAMATION || next === QUESTION) {
      at = endOfMarkup(xml, open);
      continue;
    }
    const close = endOfTag(xml, open);
    if (close < 0) return false;
    if (next === SLASH) depth -= 1;
    else if (xml[close - 1] !== SLASH) depth += 1;
    if (depth > maxDepth) return true;
    at = close + 1;
  }
  return false;
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const EXCLAMATION = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** Past a comment, a CDATA section, a declaration or a processing instruction. */
function endOfMarkup(xml: Buffer, open: number): number {
  const head = xml.toString("latin1", open, open + 9);
  const ender = head.startsWith("<!--") ? "-->" : head === "<![CDATA[" ? "]]>" : ">";
  const found = xml.indexOf(ender, open + 2, "latin1");
  return found < 0 ? xml.length : found + ender.length;
}

/** The ">" that ends the tag opening at `open`, or -1. */
function endOfTag(xml: Buffer, open: number): number {
  let quote = 0;
  for (let at = open + 1; at < xml.length; at += 1) {
    const byte = xml[at]!;
    if (quote !== 0) {
      if (byte === quote) quote = 0;
    } else if (byte === QUOTE || byte === APOSTROPHE) quote = byte;
    else if (byte === GREATER_THAN) return at;
  }
  return -1;
}

function findEndOfDirectory(view: Buffer): number {
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 65_535); at -= 1) {
    if (view.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
}

/** The entry's bytes, or null when they are more than `budget`. */
function inflateEntry(view: Buffer, entry: number, budget: number): Buffer | null {
  const method = view.readUInt16LE(entry + 10);
  const compressed = view.readUInt32LE(entry + 20);
  const local = view.readUInt32LE(entry + 42);
  if (view.readUInt32LE(local) !== 0x04034b50) throw new Error("bad local header");
  const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
  const data = view.subarray(start, start + compressed);
  if (method === 0) return data.length > budget ? null : data;
  if (method !== 8) throw new Error("unsupported compression");
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE") return null;
    throw error;
  }
}
