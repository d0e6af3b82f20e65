import type { Bank, BankChapter, BankQuestion, Problem } from "./formats/types.ts";
import { parseAiken } from "./formats/aiken.ts";
import { parseCsv } from "./formats/csv.ts";
import { detectFormat } from "./formats/detect.ts";
import { parseGift } from "./formats/gift.ts";
import { parseJsonBank } from "./formats/json.ts";
import { parseMoodleXml } from "./formats/moodle-xml.ts";
import { decodeBankFile } from "./formats/text-encoding.ts";
import { parseViText } from "./formats/vi-text.ts";

export type FileContent =
  | { kind: "bank"; bank: Bank }
  | { kind: "questions"; chapters: BankChapter[]; questions: BankQuestion[] };

/** Any supported file, decoded and parsed: a whole bank (our JSON) or one practice's questions. */
export function readBankFile(
  bytes: Uint8Array,
  file: string,
): { content: FileContent | null; problems: Problem[] } {
  const decoded = decodeBankFile(bytes, file);
  if (decoded.problems.some((p) => p.severity === "error"))
    return { content: null, problems: decoded.problems };
  const text = decoded.value;
  const format = detectFormat(file, text);
  if (!format) {
    return {
      content: null,
      problems: [
        {
          file,
          severity: "error",
          message: "Không nhận ra định dạng tệp (hỗ trợ .json, .gift, .xml, .csv, .txt)",
        },
      ],
    };
  }
  if (format === "json") {
    const result = parseJsonBank(text, file);
    return {
      content: result.value ? { kind: "bank", bank: result.value } : null,
      problems: [...decoded.problems, ...result.problems],
    };
  }
  const parse = {
    aiken: parseAiken,
    gift: parseGift,
    "moodle-xml": parseMoodleXml,
    csv: parseCsv,
    "vi-text": parseViText,
  }[format];
  const result = parse(text, file);
  return {
    content: { kind: "questions", ...result.value },
    problems: [...decoded.problems, ...result.problems],
  };
}
