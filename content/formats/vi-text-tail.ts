import {
  bareKey,
  isEndLine,
  readKeyRow,
  readLettersRow,
  readNumberedStart,
  readNumbersRow,
  readQuestionStart,
  readSolutionKey,
  readTailHeading,
  unwrapBold,
} from "./vi-text-lines.ts";
import { readKeyLetters } from "./validate-questions.ts";
import { type TruthMark, readKindRow, readTruthColumns, truthRow } from "./vi-text-kinds.ts";
import { readChapter } from "./vi-text-lines.ts";

/**
 * What follows the questions (Azota's layout): after "HẾT" or under "BẢNG ĐÁP ÁN", a key table
 * ("1.A 2.C", "1-A, 2-C", "1A 2C", "Câu 1: B" lines, a Word table of numbers above letters), then
 * under "LỜI GIẢI" / "HƯỚNG DẪN GIẢI" one solution per question ("Câu 1: Chọn A. …"). Lines that
 * are neither (the exam's footer, "Giám thị không giải thích gì thêm") are left out.
 */
export interface Tail {
  /** `part`: the number of the "PHẦN n" heading above the row in the table, if any. */
  keys: { number: number; letters: string[]; line: number; part?: number }[];
  /** Rows of Đúng/Sai truths ("13. ĐSĐS") and short answers ("Câu 17 | 1,5"). */
  kindKeys: KindKey[];
  solutions: { number: number; line: number; lines: string[]; key: string | null }[];
}

export interface KindKey {
  number: number;
  line: number;
  part?: number;
  truth?: TruthMark[];
  value?: string;
}

interface TailState extends Tail {
  numbered: boolean;
  part: number | undefined;
  /** The statements' columns of a table headed "Câu | a | b | c | d", while in it. */
  columns: number | null;
  /**
   * "Câu 17 | 12" is a short answer, or a row of numbers a row of letters completes: it is a
   * short answer unless letters follow.
   */
  pendingShort: KindKey | null;
  mode: "keys" | "solutions";
  numbers: { values: number[]; line: number } | null;
  current: Tail["solutions"][number] | null;
}

/**
 * `lines`: the tail's lines without marks, trimmed; `firstIndex`: the 0-based index of the first;
 * `numbered`: solutions start "1." as the questions did (else "1. Ta có…" is a solution's step).
 */
export function readTail(lines: readonly string[], firstIndex: number, numbered: boolean): Tail {
  const state: TailState = {
    keys: [],
    kindKeys: [],
    solutions: [],
    numbered,
    part: undefined,
    columns: null,
    pendingShort: null,
    mode: "keys",
    numbers: null,
    current: null,
  };
  lines.forEach((line, at) => {
    const pending = state.pendingShort;
    state.pendingShort = null;
    const lettersFollow = state.numbers !== null && readLettersRow(line) !== null;
    if (pending && !lettersFollow) {
      state.kindKeys.push(pending);
      state.numbers = null;
    }
    readTailLine(state, line, firstIndex + at + 1);
  });
  if (state.pendingShort) state.kindKeys.push(state.pendingShort);
  return { keys: state.keys, kindKeys: state.kindKeys, solutions: state.solutions };
}

function readTailLine(state: TailState, line: string, lineNumber: number): void {
  if (line === "") {
    state.current?.lines.push("");
    return;
  }
  if (isEndLine(line)) return;
  const heading = readTailHeading(line);
  if (heading) {
    if (heading === "solutions") state.mode = "solutions";
    state.current = null;
    return;
  }
  if (state.mode === "keys" && readPart(state, line)) return;
  if (state.mode === "keys" && readKindKeys(state, line, lineNumber)) return;
  if (state.mode === "keys" && readKeys(state, line, lineNumber)) return;
  const marker = unwrapBold(line);
  const start = readQuestionStart(marker) ?? (state.numbered ? readNumberedStart(marker) : null);
  const key = start && bareKey(start.rest);
  if (start && key) {
    addKey(state, start.written, key, lineNumber);
    return;
  }
  if (start) {
    state.mode = "solutions";
    state.current = {
      number: start.written,
      line: lineNumber,
      lines: [start.rest],
      key: readSolutionKey(start.rest),
    };
    state.solutions.push(state.current);
    return;
  }
  state.current?.lines.push(line);
}

/** A row of the key table; true when the line was one. */
function readKeys(state: TailState, line: string, lineNumber: number): boolean {
  const row = readKeyRow(line);
  if (row) {
    for (const entry of row) addKey(state, entry.number, entry.letters, lineNumber);
    return true;
  }
  const numbers = readNumbersRow(line);
  if (numbers) {
    state.numbers = { values: numbers, line: lineNumber };
    return true;
  }
  const letters = state.numbers && readLettersRow(line);
  if (state.numbers && letters) {
    state.numbers.values.forEach((number, index) => {
      const letter = letters[index];
      if (letter) addKey(state, number, letter, lineNumber);
    });
    state.numbers = null;
    return true;
  }
  return false;
}

function addKey(state: TailState, number: number, raw: string, line: number): void {
  const letters = readKeyLetters(raw);
  const part = state.part === undefined ? {} : { part: state.part };
  if (letters) state.keys.push({ number, letters, line, ...part });
}

/** "PHẦN II" over the table's rows of that part: numbers counted from 1 again are its own. */
function readPart(state: TailState, line: string): boolean {
  const heading = readChapter(unwrapBold(line));
  const numeral = heading && /^phần\s+(\S+)$/iu.exec(heading.fallback)?.[1];
  if (!numeral) return false;
  state.part = partNumber(numeral);
  state.columns = null;
  return true;
}

export function partNumber(numeral: string): number | undefined {
  if (/^\d+$/u.test(numeral)) return Number(numeral);
  const roman: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6 };
  return roman[numeral.toUpperCase()];
}

/** A Đúng/Sai or short-answer row, or the header of a table with a column per statement. */
function readKindKeys(state: TailState, line: string, lineNumber: number): boolean {
  const columns = readTruthColumns(line);
  if (columns !== null) {
    state.columns = columns;
    return true;
  }
  const row = (state.columns !== null ? truthRow(line, state.columns) : null) ?? readKindRow(line);
  if (!row) return false;
  const part = state.part === undefined ? {} : { part: state.part };
  if ("value" in row && row.value !== undefined && readNumbersRow(line)?.length === 2) {
    state.pendingShort = { ...row, line: lineNumber, ...part };
    return false;
  }
  state.kindKeys.push({ ...row, line: lineNumber, ...part });
  return true;
}
