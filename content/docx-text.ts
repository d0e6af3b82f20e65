import { inflateRawSync } from "node:zlib";
import mammoth from "mammoth";
import { htmlToText } from "./formats/moodle-xml.ts";
import type { Problem } from "./formats/types.ts";

/**
 * A Word document (.docx) as text in our format, for the student to see and edit: mammoth reads
 * the document into simple HTML, and the importer's own HTML-to-text conversion (the Moodle XML
 * one) keeps its line breaks and paragraphs. Our text format has no bold or italic, so bold and
 * italic words become plain words (their text is kept). Tabs and table cells stay tabs, which
 * the "Câu n" parser reads as answers side by side. Images cannot come along: each one is
 * reported as a warning at the line where it was.
 */

export const DOCX_MESSAGES = {
  unreadable:
    "Không đọc được tệp Word: tệp bị hỏng hoặc không phải .docx (tệp .doc cũ hãy mở bằng Word và lưu lại dạng .docx)",
  tooBig: "Tệp Word chứa quá nhiều dữ liệu khi giải nén: hãy bỏ bớt ảnh hoặc chia nhỏ tài liệu",
  image: (question: number) => `Ảnh ở câu ${question} không được đưa vào`,
  imageBeforeQuestions: "Ảnh ở phần đầu tài liệu không được đưa vào",
} as const;

/** What a .docx may hold once unzipped: a 2 MB text is a few MB of XML; images count too. */
export const DOCX_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

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
  const size = unzippedSize(bytes);
  if (size === null) return failure(DOCX_MESSAGES.unreadable);
  if (size > DOCX_MAX_UNZIPPED_BYTES) return failure(DOCX_MESSAGES.tooBig);
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
    return failure(DOCX_MESSAGES.unreadable);
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
    const rest = line.replaceAll(IMAGE_MARK, "").replaceAll(TAB_MARK, "\t").replace(/\t+$/u, "");
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
      before.length === 0 ? DOCX_MESSAGES.imageBeforeQuestions : DOCX_MESSAGES.image(before.length);
    return { file: "", line, message, severity: "warning" };
  });
}

/**
 * The size of every entry of a zip once inflated, by inflating it with a cap (a zip's own size
 * fields can lie): a small hostile file that unpacks to gigabytes is refused before mammoth
 * unpacks it whole in memory. Null when the bytes are not a readable zip.
 */
export function unzippedSize(bytes: Uint8Array): number | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) return null;
  let entry = view.readUInt32LE(end + 16);
  const count = view.readUInt16LE(end + 10);
  let total = 0;
  try {
    for (let index = 0; index < count; index += 1) {
      if (view.readUInt32LE(entry) !== 0x02014b50) return null;
      total += entrySize(view, entry, DOCX_MAX_UNZIPPED_BYTES - total + 1);
      if (total > DOCX_MAX_UNZIPPED_BYTES) return total;
      entry +=
        46 +
        view.readUInt16LE(entry + 28) +
        view.readUInt16LE(entry + 30) +
        view.readUInt16LE(entry + 32);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return code === "ERR_BUFFER_TOO_LARGE" ? DOCX_MAX_UNZIPPED_BYTES + 1 : null;
  }
  return total;
}

function findEndOfDirectory(view: Buffer): number {
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 65_535); at -= 1) {
    if (view.readUInt32LE(at) === 0x06054b50) return at;
  }
  return -1;
}

function entrySize(view: Buffer, entry: number, budget: number): number {
  const method = view.readUInt16LE(entry + 10);
  const compressed = view.readUInt32LE(entry + 20);
  const local = view.readUInt32LE(entry + 42);
  if (view.readUInt32LE(local) !== 0x04034b50) throw new Error("bad local header");
  const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
  const data = view.subarray(start, start + compressed);
  if (method === 0) return data.length;
  if (method !== 8) throw new Error("unsupported compression");
  return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
}
