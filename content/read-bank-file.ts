import path from "node:path";
import type { Bank, BankChapter, BankQuestion, Problem } from "./formats/types.ts";
import { detectFormat } from "./formats/detect.ts";
import { parseJsonBank } from "./formats/json.ts";
import type { EncodedPicture } from "./pictures/encode-picture.ts";
import { resolveBankPictures } from "./pictures/bank-pictures.ts";
import { parseQuestionText } from "./parse-own-text.ts";
import { readFileText } from "./read-file-text.ts";

export type FileContent =
  | { kind: "bank"; bank: Bank }
  | {
      kind: "questions";
      chapters: BankChapter[];
      questions: BankQuestion[];
      /** The pictures the file carried, which its texts show by hash (issue 26). */
      pictures: EncodedPicture[];
    };

/**
 * One file of `npm run import`, read as the editor of "Tạo đề của tôi" reads a dropped file:
 * the same decoding, the same detector and parsers, the same problems at the same lines. Only
 * our JSON differs: here it is a whole bank, with its subject and every practice.
 */
export async function readBankFile(
  bytes: Uint8Array,
  file: string,
): Promise<{ content: FileContent | null; problems: Problem[] }> {
  const read = await readFileText(bytes, file);
  const notes = read.notes.map((note) => ({ ...note, file }));
  if (read.text === null) return { content: null, problems: notes };
  const text = read.text;
  if (detectFormat(file, text) === "json") {
    const result = parseJsonBank(text, file);
    if (!result.value) return { content: null, problems: [...notes, ...result.problems] };
    // `npm run import` reads the operator's own files: pictures beside the bank are theirs too.
    // Its base64 pictures were encoded by readFileText, and its texts already name them by hash.
    const bank = { ...result.value, pictures: read.pictures };
    const pictures = await resolveBankPictures(bank, file, path.dirname(file));
    return {
      content: { kind: "bank", bank: pictures.bank },
      problems: [...notes, ...result.problems, ...pictures.problems],
    };
  }
  // A picture the text names is one the file carried; any other is an error at its question.
  const result = parseQuestionText({ text, fileName: file, pictures: read.pictures });
  const problems = result.problems.map((problem) => ({ ...problem, file }));
  const parsed = result.parsed ?? { chapters: [], questions: [] };
  return {
    content: { kind: "questions", ...parsed, pictures: read.pictures },
    problems: [...notes, ...problems],
  };
}
