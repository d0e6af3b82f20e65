import { inflateRawSync } from "node:zlib";
import mammoth from "mammoth";
import { PARSE_LIMITS } from "./parse-limits.ts";
import { htmlToText } from "./html-text.ts";
import { trimEndOf } from "#base/trim.ts";
import type { Problem } from "./formats/types.ts";
import { serverVi } from "#base/i18n/vi-server.ts";

/**
 * A Word document (.docx) as text in our format, for the student to see and edit: mammoth reads
 * the document into simple HTML, and the importer's own HTML-to-text conversion
 * (content/html-text.ts) keeps its line breaks and paragraphs. Our text format has no bold or italic, so bold and
 * italic words become plain words (their text is kept). Tabs and table cells stay tabs, which
 * the "Câu n" parser reads as answers side by side. Images cannot come along: each one is
 * reported as a warning at the line where it was.
 */

const messages = serverVi.docxProblems;

const IMAGE_MARK = "\uE001";
const TAB_MARK = "\uE002";

export interface DocxText {
  text: string;
  /** The 1-based line of the text where each image was (the line it stood on, or the next one). */
  imageLines: number[];
}

export async function readDocxText(
  bytes: Uint8Array,
): Promise<{ value: DocxText | null; problems: Problem[] }> {
  const inspected = inspectDocx(bytes);
  if (inspected === "unreadable") return failure(messages.unreadable);
  if (inspected === "too-big") return failure(messages.tooBig);
  if (inspected === "too-complex") return failure(messages.tooComplex);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      {
        // Never read the picture itself: it only marks where it stood.
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
        externalFileAccess: false,
        // Blank paragraphs are the blank lines between questions: kept, so lines match Word's.
        ignoreEmptyParagraphs: false,
      },
    );
    html = result.value;
  } catch {
    return failure(messages.unreadable);
  }
  return { value: htmlToDocxText(html), problems: [] };
}

function failure(message: string): { value: null; problems: Problem[] } {
  return { value: null, problems: [{ file: "", line: 1, message, severity: "error" }] };
}

/** mammoth's HTML to our text, with the lines its images were on. */
export function htmlToDocxText(html: string): DocxText {
  const marked = html
    // An empty paragraph would merge into its neighbours' line breaks; a space keeps its line.
    .replace(/<p><\/p>/giu, "<p>&nbsp;</p>")
    .replace(/<img\b[^>]*>/giu, IMAGE_MARK)
    .replaceAll("\t", TAB_MARK)
    .replace(/<\/t[dh]>/giu, (tag) => `${TAB_MARK}${tag}`);
  const lines = htmlToText(marked).split("\n");
  const imageLines: number[] = [];
  const kept: string[] = [];
  for (const line of lines) {
    const images = line.split(IMAGE_MARK).length - 1;
    const withTabs = line.replaceAll(IMAGE_MARK, "").replaceAll(TAB_MARK, "\t");
    const rest = trimEndOf(withTabs, "\t");
    // An image alone on its line leaves no line: it is reported at the line that follows.
    for (let i = 0; i < images; i += 1) imageLines.push(kept.length + 1);
    if (images === 0 || rest.trim() !== "") kept.push(rest.trimEnd());
  }
  return { text: kept.join("\n"), imageLines };
}

/**
 * Where each image was, by question: the question whose text holds that line (the last one
 * starting at or before it).
 */
export function imageWarnings(imageLines: number[], questionLines: number[]): Problem[] {
  return imageLines.map((line) => {
    const before = questionLines.filter((start) => start <= line);
    const message =
      before.length === 0 ? messages.imageBeforeQuestions : messages.image(before.length);
    return { file: "", line, message, severity: "warning" };
  });
}

/**
 * Every entry of the zip inflated with a cap (a zip's own size fields can lie), before mammoth
 * unpacks and builds anything: a small hostile file that unpacks to gigabytes, an XML part
 * too big to build in time, or XML nested deeper than any Word document is refused here
 * (limits in content/parse-limits.ts).
 */
function inspectDocx(bytes: Uint8Array): "ok" | "unreadable" | "too-big" | "too-complex" {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) return "unreadable";
  let entry = view.readUInt32LE(end + 16);
  const count = view.readUInt16LE(end + 10);
  let total = 0;
  try {
    for (let index = 0; index < count; index += 1) {
      if (view.readUInt32LE(entry) !== 0x02014b50) return "unreadable";
      const nameLength = view.readUInt16LE(entry + 28);
      const name = view.toString("utf8", entry + 46, entry + 46 + nameLength);
      const isXml = /\.(?:xml|rels)$/iu.test(name);
      const budget = PARSE_LIMITS.docxUnzippedBytes - total + 1;
      const limit = isXml ? Math.min(budget, XML_BUDGET) : budget;
      const data = inflateEntry(view, entry, limit);
      if (data === null) return "too-big";
      total += data.length;
      if (total > PARSE_LIMITS.docxUnzippedBytes) return "too-big";
      if (isXml && data.length > PARSE_LIMITS.docxXmlPartBytes) return "too-big";
      if (isXml && xmlTooDeep(data)) return "too-complex";
      entry += 46 + nameLength + view.readUInt16LE(entry + 30) + view.readUInt16LE(entry + 32);
    }
  } catch {
    return "unreadable";
  }
  return "ok";
}

/** An XML part is inflated one byte past its cap, so a bigger one is seen without unpacking it all. */
const XML_BUDGET = PARSE_LIMITS.docxXmlPartBytes + 1;

/**
 * Whether elements nest deeper than Word's documents ever do, read off the bytes in one pass
 * (mammoth's tree of a million nested elements took 2 GB). Comments, processing instructions,
 * declarations and CDATA open no element; quoted attribute values may hold ">".
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
