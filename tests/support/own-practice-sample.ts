import { readFileSync } from "node:fs";

/** The 30-question "Câu n" sample a student pastes (two chapters, keys spread over A–D). */
export const ownPracticeSample = readFileSync(
  new URL("../fixtures/own-practice/tin-hoc-30-cau.txt", import.meta.url),
  "utf8",
);

/**
 * Three mistakes a student makes, each on its own line and keeping the line count: a key
 * naming no answer (line 22), a key line without its letter (line 71), an answer out of order
 * (line 119).
 */
export const THREE_ERRORS = [
  { line: 22, wrong: "Đáp án: E", right: "Đáp án: C" },
  { line: 71, wrong: "Đáp án:", right: "Đáp án: C" },
  {
    line: 119,
    wrong: "C. Quản lý tài nguyên phần cứng và phần mềm của máy tính",
    right: "B. Quản lý tài nguyên phần cứng và phần mềm của máy tính",
  },
] as const;

export function withThreeErrors(text: string): string {
  const lines = text.split("\n");
  for (const error of THREE_ERRORS) {
    if (lines[error.line - 1] !== error.right) throw new Error(`line ${error.line} moved`);
    lines[error.line - 1] = error.wrong;
  }
  return lines.join("\n");
}
