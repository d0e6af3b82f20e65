import { makeDocxOfBody } from "./make-docx.ts";

/**
 * The texts and Word files that stalled the server's parsers (the security issue's defect 1):
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

/** Plain paragraphs until document.xml holds about `megabytes` MB (the 60 MB took 317 s). */
export function manyParagraphsDocx(megabytes: number): Promise<Buffer> {
  const paragraph =
    "<w:p><w:r><w:t>Nội dung một đoạn văn bình thường của tài liệu</w:t></w:r></w:p>";
  const count = Math.ceil((megabytes * 1024 * 1024) / Buffer.byteLength(paragraph));
  return makeDocxOfBody(paragraph.repeat(count));
}

/** `<w:sdt>` nested `depth` deep (the million: 108 KB, 19 s and 2 GB). */
export function nestedSdtDocx(depth: number): Promise<Buffer> {
  const open = "<w:sdt><w:sdtContent>";
  const close = "</w:sdtContent></w:sdt>";
  return makeDocxOfBody(`${open.repeat(depth)}<w:p/>${close.repeat(depth)}`);
}
