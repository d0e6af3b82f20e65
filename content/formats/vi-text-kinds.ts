import { trimEndOf } from "#base/trim.ts";
import { MARK } from "./key-marks.ts";
import type { BankQuestion } from "./types.ts";
import { bareKey } from "./vi-text-lines.ts";
import { type ProblemLog, reportKeyError, reportWarning } from "./validate-questions.ts";

/*
 * The 2025 exam's kinds in the "Câu n" layout (issue 27, ADR 0022): a Đúng/Sai question's
 * statements a)–d) with a key "a) Đ, b) S, …" or "ĐSĐS", a short answer's "Đáp án: 1,5" with no
 * options. A part heading ("PHẦN II. Câu trắc nghiệm đúng sai") names the kind of the questions
 * under it; without one, the key's form decides. A key that cannot be read as the kind asks is an
 * error at its line: a guess would score students against a key nobody wrote.
 */

export type TextKind = "choice" | "true_false" | "short_answer";

/** The longest short answer the exam's four boxes and our response string take. */
const SHORT_ANSWER_MAX = 32;
/** Key lines longer than this are not read as a statement key (keeps every scan short). */
const MAX_KEY = 200;

/** The kind a part's title names: "Câu trắc nghiệm đúng sai", "trả lời ngắn", "nhiều phương án". */
export function partKindOf(title: string): TextKind | null {
  if (/đúng\s*(?:[-/]\s*)?sai/iu.test(title)) return "true_false";
  if (/trả\s+lời\s+ngắn|điền\s+đáp\s+số|điền\s+kết\s+quả/iu.test(title)) return "short_answer";
  if (/nhiều\s+phương\s+án|lựa\s+chọn/iu.test(title)) return "choice";
  return null;
}

/** One statement's truth as a key writes it; `letter` when the key names the statement. */
export interface TruthMark {
  letter?: string;
  truth: boolean;
}

const TRUTH_WORD = /^(?:đúng|sai|đ|s)$/iu;
const TRUTH_PAIR = /([a-h])\s*(?:[).:\-–]\s*)?(đúng|sai|đ|s)(?![\p{L}\d])/giu;
const PAIR_GAPS = /^[\s,;|]*$/u;

function truthOf(word: string): boolean {
  return word.toLocaleLowerCase("vi").startsWith("đ");
}

/**
 * "a) Đ, b) S, c) Đ, d) S", "a) Đúng, b) Sai…", "a. Đ b. S", "ĐSĐS", "Đ S Đ S", "Đ-S-Đ-S",
 * "Đúng, Sai, …" → the marks in order; null when the text is no statement key.
 */
export function readTruthKey(raw: string): TruthMark[] | null {
  const text = raw.trim().replace(/\.$/u, "");
  if (text === "" || text.length > MAX_KEY) return null;
  const pairs: TruthMark[] = [];
  let gaps = "";
  let after = 0;
  for (const pair of text.matchAll(TRUTH_PAIR)) {
    gaps += text.slice(after, pair.index);
    after = pair.index + pair[0].length;
    pairs.push({ letter: (pair[1] ?? "").toLowerCase(), truth: truthOf(pair[2] ?? "") });
  }
  gaps += text.slice(after);
  if (pairs.length > 0 && PAIR_GAPS.test(gaps)) return pairs;
  const tokens = text.split(/[\s,;|/.\-–]+/u).filter((token) => token !== "");
  if (tokens.length > 1 && tokens.every((token) => TRUTH_WORD.test(token))) {
    return tokens.map((token) => ({ truth: truthOf(token) }));
  }
  if (tokens.length === 1 && /^[ĐS]{2,8}$/iu.test(tokens[0]!)) {
    return [...tokens[0]!].map((char) => ({ truth: truthOf(char) }));
  }
  return null;
}

/** "1,5", "-2", "1,5 hoặc 3/2", "12; 12,0" → the accepted answers as written. */
function readShortValues(raw: string): string[] {
  return raw
    .trim()
    .replace(/\.$/u, "")
    .split(";")
    .flatMap((part) => part.split(/\shoặc\s/iu))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

/** What a question of the new kinds carries from the text beyond a multiple-choice draft. */
export interface KindDraft {
  written: number;
  position: number;
  line: number;
  answers: { flags: number }[];
  partKind: TextKind | null;
  keyLine?: { raw: string; line: number; text: string; label: string };
  kindKey?: { truth?: TruthMark[]; value?: string; line: number };
}

/** "Đáp số: 12", "ĐS: 12": a label only short answers use. */
function namesShortAnswer(label: string): boolean {
  return /^(?:đáp\s+số|đs)\b/iu.test(label.trim()) || /^đs\s*:/iu.test(label.trim());
}

/** The question's kind: its part's, else its key's form; null for multiple choice. */
export function kindOfDraft(draft: KindDraft): "true_false" | "short_answer" | null {
  if (draft.partKind === "choice") return null;
  if (draft.partKind) return draft.partKind;
  const keyLine = draft.keyLine;
  if (keyLine) {
    if (namesShortAnswer(keyLine.label)) return "short_answer";
    if (readTruthKey(keyLine.raw) && draft.answers.length > 0) return "true_false";
    if (draft.answers.length === 0 && keyLine.raw.trim() !== "" && !bareKey(keyLine.raw)) {
      return "short_answer";
    }
    return null;
  }
  if (draft.kindKey?.truth) return "true_false";
  if (draft.kindKey?.value !== undefined && draft.answers.length === 0) return "short_answer";
  return null;
}

const EXAMPLE_TRUTH = "Đáp án: a) Đ, b) S, c) Đ, d) S";

function statementRange(count: number): string {
  return count === 1 ? "a)" : `a)–${String.fromCharCode(96 + count)})`;
}

/**
 * Sets a Đúng/Sai question's truths from its key line, its row of the key table, or else its
 * underlined statements (OLM underlines the true ones' text). False when there is no key.
 */
export function resolveTrueFalse(
  question: BankQuestion,
  draft: KindDraft,
  log: ProblemLog,
): boolean {
  question.kind = "true_false";
  const count = question.answers.length;
  const number = draft.written;
  if (count < 2) {
    const message = `Câu ${number} là câu Đúng/Sai nhưng không có các ý a), b), c), d) (mỗi ý một dòng “a) …”)`;
    reportKeyError(log, draft.line, message, draft.position);
    return false;
  }
  const keyLine = draft.keyLine;
  const written = keyLine
    ? { marks: readTruthKey(keyLine.raw), line: keyLine.line, text: keyLine.raw.trim() }
    : draft.kindKey?.truth
      ? { marks: draft.kindKey.truth, line: draft.kindKey.line, text: "" }
      : null;
  if (written) {
    if (!written.marks) {
      const message = `Câu ${number} là câu Đúng/Sai: đáp án “${written.text}” phải ghi Đ hoặc S cho từng ý, ví dụ “${EXAMPLE_TRUTH}”`;
      reportKeyError(log, written.line, message, draft.position);
      return false;
    }
    const truths = truthsOf(written.marks, count, number, written.line, draft, log);
    if (!truths) return false;
    truths.forEach((truth, index) => (question.answers[index]!.key = truth));
    return true;
  }
  const underlined = draft.answers.map((answer) => (answer.flags & MARK.underline) !== 0);
  if (!underlined.some(Boolean)) {
    const message = `Câu ${number} là câu Đúng/Sai nhưng chưa có đáp án: thêm dòng “${EXAMPLE_TRUTH}” dưới ý cuối, hoặc gạch chân các ý đúng`;
    reportKeyError(log, draft.line, message, draft.position);
    return false;
  }
  if (underlined.every(Boolean)) {
    const message = `Câu ${number}: mọi ý đều được gạch chân nên mọi ý được coi là Đúng`;
    reportWarning(log, draft.line, message, draft.position);
  }
  underlined.forEach((truth, index) => (question.answers[index]!.key = truth));
  return true;
}

/** One truth per statement, in order, or null after an error at the key's line. */
function truthsOf(
  marks: TruthMark[],
  count: number,
  number: number,
  line: number,
  draft: KindDraft,
  log: ProblemLog,
): boolean[] | null {
  const fail = (message: string) => {
    reportKeyError(log, line, message, draft.position);
    return null;
  };
  if (marks.every((mark) => mark.letter === undefined)) {
    if (marks.length !== count) {
      return fail(
        `Câu ${number}: đáp án ghi ${marks.length} dấu Đ/S nhưng câu có ${count} ý ${statementRange(count)}`,
      );
    }
    return marks.map((mark) => mark.truth);
  }
  const truths = new Array<boolean | undefined>(count);
  for (const mark of marks) {
    const index = (mark.letter ?? "a").charCodeAt(0) - 97;
    if (index >= count) {
      return fail(
        `Câu ${number}: đáp án ghi ý ${mark.letter}) nhưng câu chỉ có các ý ${statementRange(count)}`,
      );
    }
    if (truths[index] !== undefined) {
      return fail(`Câu ${number}: đáp án ghi ý ${mark.letter}) hai lần`);
    }
    truths[index] = mark.truth;
  }
  const missing = [...truths.keys()].filter((index) => truths[index] === undefined);
  if (missing.length > 0) {
    const names = missing.map((index) => `${String.fromCharCode(97 + index)})`).join(", ");
    return fail(
      `Câu ${number}: đáp án ghi ${marks.length} ý nhưng câu có ${count} ý ${statementRange(count)}; thiếu ý ${names}`,
    );
  }
  return truths as boolean[];
}

/** Sets a short answer's accepted answers from its key line or its row of the key table. */
export function resolveShortAnswer(
  question: BankQuestion,
  draft: KindDraft,
  log: ProblemLog,
): boolean {
  question.kind = "short_answer";
  const number = draft.written;
  if (question.answers.length > 0) {
    const message = `Câu ${number} ở phần trả lời ngắn nhưng có phương án A, B…: câu trả lời ngắn chỉ ghi đáp số, ví dụ “Đáp án: 1,5”`;
    reportKeyError(log, draft.line, message, draft.position);
    return false;
  }
  const keyLine = draft.keyLine;
  const raw = keyLine?.raw ?? draft.kindKey?.value;
  const line = keyLine?.line ?? draft.kindKey?.line ?? draft.line;
  const values = raw === undefined ? [] : readShortValues(raw);
  if (values.length === 0) {
    const message = `Câu ${number} là câu trả lời ngắn nhưng chưa có đáp số: thêm dòng “Đáp án: 1,5” dưới câu hỏi`;
    reportKeyError(log, line, message, draft.position);
    return false;
  }
  const long = values.find((value) => value.length > SHORT_ANSWER_MAX);
  if (long !== undefined) {
    const message = `Câu ${number}: đáp số “${long.slice(0, 40)}${long.length > 40 ? "…" : ""}” dài ${long.length} ký tự; câu trả lời ngắn chỉ nhận tối đa ${SHORT_ANSWER_MAX} ký tự`;
    reportKeyError(log, line, message, draft.position);
    return false;
  }
  question.answers = values.map((text) => ({ text, key: true }));
  return true;
}

/** The key line a Đúng/Sai question's truths are written as: "a) Đ, b) S, c) Đ, d) S". */
export function truthKeyText(truths: readonly boolean[]): string {
  return truths
    .map((truth, index) => `${String.fromCharCode(97 + index)}) ${truth ? "Đ" : "S"}`)
    .join(", ");
}

/** "Câu | a | b | c | d" (cells apart by "|", tabs or spaces): the statements' count, or null. */
export function readTruthColumns(line: string): number | null {
  const cells = line.split(/[\s|]+/u).filter((cell) => cell !== "");
  if (cells.length < 3 || !/^(?:câu|stt|tt)$/iu.test(cells[0]!)) return null;
  const letters = cells.slice(1);
  const inOrder = letters.every((cell, index) => cell.toLowerCase() === "abcdefgh"[index]);
  return inOrder && letters.length <= 8 ? letters.length : null;
}

/** "13 | Đ | S | Đ | S" under such a header. */
export function truthRow(
  line: string,
  columns: number,
): { number: number; truth: TruthMark[] } | null {
  const cells = line.split(/[\s|]+/u).filter((cell) => cell !== "");
  const number = /^(?:câu)?(\d{1,3})\.?$/iu.exec(cells[0] ?? "")?.[1];
  const marks = cells.slice(1);
  if (number === undefined || marks.length !== columns) return null;
  if (!marks.every((cell) => TRUTH_WORD.test(cell))) return null;
  return { number: Number(number), truth: marks.map((cell) => ({ truth: truthOf(cell) })) };
}

const KIND_ROW = /^(?:câu\s*)?(\d{1,3})\s*(?:[.:)|\-–]\s*)?(\S.*)$/iu;
const SHORT_ROW = /^(câu\s*)?(\d{1,3})(\s*[|:.]|\t)\s*(\S.*)$/iu;
const NUMERIC = /^[-−]?\d*(?:[.,]\d+)?$/u;

/**
 * A key table's row of a Đúng/Sai question ("13. ĐSĐS", "Câu 13 | a) Đ | b) S | …") or of a
 * short answer ("Câu 17 | 1,5", "Câu 17: 1,5", "17 | 1,5"); null for any other line.
 */
export function readKindRow(
  line: string,
): { number: number; truth?: TruthMark[]; value?: string } | null {
  const row = KIND_ROW.exec(line.trim());
  const truth = row && readTruthKey(row[2] ?? "");
  if (row && truth) return { number: Number(row[1]), truth };
  const short = SHORT_ROW.exec(line.trim());
  if (!short) return null;
  const value = trimEndOf(short[4] ?? "", " \t|");
  // A table's cells ("|" pasted, tabs from Word) hold any answer; "Câu 17: x" only a number.
  const cells = /[|\t]/u.test(short[3] ?? "");
  if (!cells && (short[1] === undefined || !NUMERIC.test(value))) return null;
  // "1\tB\t2\tC" is a row of letter pairs, "Câu\t1\t2\t3" a row of numbers: one value only.
  if (/[|\t]/u.test(value)) return null;
  if (bareKey(value)) return null;
  return { number: Number(short[2]), value };
}
