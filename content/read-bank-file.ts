import type { Bank, BankChapter, BankQuestion, Problem } from "./formats/types.ts";
import { detectFormat } from "./formats/detect.ts";
import { parseJsonBank } from "./formats/json.ts";
import { decodeBankFile } from "./formats/text-encoding.ts";
import { parseQuestionText } from "./parse-own-text.ts";

export type FileContent =
  | { kind: "bank"; bank: Bank }
  | { kind: "questions"; chapters: BankChapter[]; questions: BankQuestion[] };

/**
 * One file of `npm run import`, read as the editor of "Tạo đề của tôi" reads a dropped file:
 * the same decoding, the same detector and parsers, the same problems at the same lines. Only
 * our JSON differs: here it is a whole bank, with its subject and every practice.
 */
export function readBankFile(
  bytes: Uint8Array,
  file: string,
): { content: FileContent | null; problems: Problem[] } {
  const decoded = decodeBankFile(bytes, file);
  if (decoded.problems.some((p) => p.severity === "error"))
    return { content: null, problems: decoded.problems };
  const text = decoded.value;
  if (detectFormat(file, text) === "json") {
    const result = parseJsonBank(text, file);
    return {
      content: result.value ? { kind: "bank", bank: result.value } : null,
      problems: [...decoded.problems, ...result.problems],
    };
  }
  const result = parseQuestionText({ text, fileName: file });
  const problems = result.problems.map((problem) => ({ ...problem, file }));
  const parsed = result.parsed ?? { chapters: [], questions: [] };
  return {
    content: { kind: "questions", ...parsed },
    problems: [...decoded.problems, ...problems],
  };
}
