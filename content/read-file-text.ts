import { placePictures } from "./docx/docx-pictures.ts";
import { readDocxText } from "./docx/read-docx.ts";
import { decodeBankFile } from "./formats/text-encoding.ts";
import type { Problem } from "./formats/types.ts";
import type { EncodedPicture } from "./pictures/encode-picture.ts";
import { bringFilePictures } from "./pictures/file-pictures.ts";
import { countBelow, writeKeysIntoText } from "./formats/vi-text.ts";
import { parseQuestionText } from "./parse-own-text.ts";

/**
 * A file's bytes as the text a student edits in "Tạo đề của tôi" and `npm run import` parses,
 * and the notes on what the text could not carry, at its lines. Both read every file through
 * here, so they accept the same files. A Word document is read off its XML (ADR 0020): the keys
 * it marks by underline, colour, bold or highlight are written into the text as "Đáp án: X"
 * lines, no mark is left, its pictures and MathType formulas come along as `![alt](picture:hash)`
 * where they stood (a picture that cannot is an error at its line), and equations not converted
 * and old fonts are noted where they were.
 * Every other file is decoded as text, legacy Vietnamese encodings converted with a note.
 */
export interface FileText {
  /** The text (null when the file could not be read). */
  text: string | null;
  /** What the text could not carry, at its lines. */
  notes: Problem[];
  /** The pictures the text shows as `![alt](picture:hash)`, re-encoded, to be stored (issue 26). */
  pictures: EncodedPicture[];
}

export async function readFileText(bytes: Uint8Array, fileName: string): Promise<FileText> {
  if (/\.docx$/iu.test(fileName)) return readWordText(bytes, fileName);
  const decoded = decodeBankFile(bytes, fileName);
  if (decoded.problems.some((problem) => problem.severity === "error")) {
    return { text: null, notes: decoded.problems, pictures: [] };
  }
  // The pictures a Moodle XML, GIFT or JSON file carries inside it come out here (issue 26).
  const brought = await bringFilePictures(decoded.value, fileName);
  const notes = [...decoded.problems, ...brought.notes];
  return { text: brought.text, notes, pictures: brought.pictures };
}

async function readWordText(bytes: Uint8Array, fileName: string): Promise<FileText> {
  const docx = await readDocxText(bytes);
  if (!docx.value) return { text: null, notes: docx.problems, pictures: [] };
  const keyed = writeKeysIntoText(docx.value.text, "");
  const moved = (line: number) => line + countBelow(keyed.linesInsertedAfter, line);
  const { problems } = parseQuestionText({ text: keyed.text, fileName });
  // What the marks told (a key line and a mark that disagree) is said once, here: the text the
  // student edits no longer holds the marks, so its own preview cannot say it again.
  const seen = new Set(problems.map(problemKey));
  const markNotes = keyed.problems.filter((problem) => !seen.has(problemKey(problem)));
  const notes = [
    ...docx.value.notes.map((note) => ({ ...note, line: moved(note.line ?? 1) })),
    ...markNotes,
  ];
  // Encoded in the parse thread, once each; their hashes replace the placeholders.
  return placePictures(
    keyed.text,
    notes.sort((a, b) => (a.line ?? 1) - (b.line ?? 1)),
    docx.value.pictures,
  );
}

function problemKey(problem: Problem): string {
  return `${problem.line ?? 0}\u0000${problem.severity}\u0000${problem.message}`;
}
