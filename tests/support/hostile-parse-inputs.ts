import fc from "fast-check";
import type { HostileBody } from "./hostile.ts";
import { makeDocxOfBody } from "./make-docx.ts";

/**
 * The texts and Word files that stalled the server's parsers (ADR 0015):
 * quadratic regular expressions on long runs, and Word files whose XML is huge or deeply
 * nested although the file is small. Shared by the parsers' test, the HTTP test and the
 * benchmark, at the sizes the attackers used.
 */
export const HOSTILE_TEXTS = {
  /** rich-text's inline math: an opening "$" and 50,000 escaped dollars (150 KB → 57.8 s). */
  escapedDollars: `Câu 1: $a${"\\$1".repeat(50_000)}\nA. x\nB. y\nĐáp án: A\n`,
  /** moodle-xml's DOCTYPE check: "<!DOCTYPE [" 36,000 times (8–11 s). */
  doctypes: `<?xml version="1.0"?>\n${"<!DOCTYPE [".repeat(36_000)}`,
  /** vi-text's "Câu n" and "Đáp án" lines: a marker and 40,000 spaces (5.7–11 s). */
  questionSpaces: `Câu 1${" ".repeat(40_000)}x\n`,
  keySpaces: `Câu 1: x\nA. y\nB. z\nĐáp án${" ".repeat(40_000)}x\n`,
} as const;

/** Plain paragraphs until document.xml holds about `megabytes` MB (ADR 0015: 60 MB took 317 s). */
export function manyParagraphsDocx(megabytes: number): Promise<Buffer> {
  const paragraph =
    "<w:p><w:r><w:t>Nội dung một đoạn văn bình thường của tài liệu</w:t></w:r></w:p>";
  const count = Math.ceil((megabytes * 1024 * 1024) / Buffer.byteLength(paragraph));
  return makeDocxOfBody(paragraph.repeat(count));
}

/**
 * Short paragraphs in the shape of questions until document.xml holds about `megabytes` MB:
 * under every size cap, yet the costliest per byte (each paragraph is a line to read and
 * parse). At 7.8 MB it takes ~6.4 s on a quiet node-svc, twice the pool's 3 s, so it is
 * stopped on any machine of that kind; plain long paragraphs took ~1.5 s there and were
 * answered on a quiet CI machine (stop 36).
 */
export function manyQuestionParagraphsDocx(megabytes: number): Promise<Buffer> {
  const question = ["Câu 1: Hỏi gì đây", "A. Có", "B. Không"]
    .map((line) => `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`)
    .join("");
  const count = Math.ceil((megabytes * 1024 * 1024) / Buffer.byteLength(question));
  return makeDocxOfBody(question.repeat(count));
}

/** `<w:sdt>` nested `depth` deep (ADR 0015's million: 108 KB, 19 s and 2 GB). */
export function nestedSdtDocx(depth: number): Promise<Buffer> {
  const open = "<w:sdt><w:sdtContent>";
  const close = "</w:sdtContent></w:sdt>";
  return makeDocxOfBody(`${open.repeat(depth)}<w:p/>${close.repeat(depth)}`);
}

/**
 * The shapes above at any length, for the fuzz of the parse pool's routes (tests/http/fuzz.test.ts):
 * each a function of a repeat count.
 */
const HOSTILE_TEXT_SHAPES: ((count: number) => string)[] = [
  (n) => `Câu 1: $a${"\\$1".repeat(n)}`,
  (n) => `<?xml version="1.0"?>\n${"<!DOCTYPE [".repeat(n)}`,
  (n) => `Câu 1${" ".repeat(n)}x\nĐáp án${" ".repeat(n)}x`,
  (n) => `Chương 1${" ".repeat(n)}x\nA.${" ".repeat(n)}x\u2028y`,
  (n) => `<p>${"<".repeat(n)}${"\n".repeat(n)}</p>`,
  (n) => `$CATEGORY:${" ".repeat(n)}x\u2028y\n${"{".repeat(n)}`,
  (n) => "$x^2$ ".repeat(n),
  (n) => "[".repeat(n),
  (n) => `question,answer_a,answer_b,keys\n"${"x".repeat(n)}`,
  (n) => `question,answer_a,answer_b,keys\n${"\n".repeat(n)}x,y,z,A`,
];

const FILE_EXTENSIONS = [".txt", ".gift", ".xml", ".csv", ".json", ".aiken"];

/**
 * A multipart form for the parse pool: one of the hostile shapes at a random length, as the
 * pasted `text` or as a dropped `file` of an accepted extension. Under 64 KB, so a path the
 * fuzz made up (a form's body cap) still reads it; the parsers' own test grows them to 2 MB.
 */
export const hostileParseForm: fc.Arbitrary<HostileBody> = fc
  .record({
    shape: fc.nat({ max: HOSTILE_TEXT_SHAPES.length - 1 }),
    count: fc.integer({ min: 1, max: 4_000 }),
    asFile: fc.boolean(),
    extension: fc.constantFrom(...FILE_EXTENSIONS),
  })
  .map(({ shape, count, asFile, extension }) => {
    const text = HOSTILE_TEXT_SHAPES[shape]!(count);
    const part = asFile
      ? `Content-Disposition: form-data; name="file"; filename="de${extension}"\r\nContent-Type: application/octet-stream`
      : `Content-Disposition: form-data; name="text"`;
    const title = `--fuzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nĐề\r\n`;
    return {
      contentType: "multipart/form-data; boundary=fuzz",
      body: new TextEncoder().encode(`${title}--fuzz\r\n${part}\r\n\r\n${text}\r\n--fuzz--\r\n`),
    };
  });
