import { trimEndOf } from "#base/trim.ts";
import { emptyLine, joinLines, lineOf, plainOf, prefixLine, type DocxLine } from "./docx-lines.ts";

/**
 * A Word table as lines of the "Câu n" layout. Teachers use tables in three ways the parser
 * must see as they mean them: a whole bank (STT | Câu hỏi | A | B | C | D | Đáp án), the
 * answers of one question side by side (2×2 or 1×4), and the key table at the end (numbers and
 * letters). Any other table is read row by row, cells apart by tabs, as it always was.
 */
export type TableCells = DocxLine[][][];

export function tableLines(rows: TableCells): DocxLine[] {
  if (rows.every((row) => row.length <= 1)) return rows.flatMap((row) => row[0] ?? []);
  const cells = rows.map((row) => row.map((cell) => joinLines(cell, " ")));
  return (
    bankTable(cells) ??
    solutionTable(cells) ??
    keyTable(cells) ??
    answerTable(cells) ??
    otherTable(cells)
  );
}

const clean = (line: DocxLine) => plainOf(line).trim();
const SHORT_CELL = 40;

/** A header cell, loosely: case, diacritics kept, ":" and "." at the end and spaces ignored. */
function headerOf(line: DocxLine): string {
  const text = clean(line);
  // Headers and key cells are short; a long cell is content, and is not scanned further.
  if (text.length > SHORT_CELL) return "";
  return trimEndOf(text.toLowerCase(), " \t:.").replace(/\s+/gu, " ");
}

const QUESTION_HEADERS = new Set(["câu hỏi", "nội dung", "nội dung câu hỏi", "đề bài", "câu"]);
const KEY_HEADERS = new Set(["đáp án", "đa", "đáp án đúng", "đ/a", "key"]);
const NUMBER_HEADERS = new Set(["stt", "tt", "số tt", "câu số"]);
const LETTER_HEADER = /^(?:phương án |pa )?([a-h])$/u;

function bankTable(rows: DocxLine[][]): DocxLine[] | null {
  const header = (rows[0] ?? []).map(headerOf);
  const question = header.findIndex((cell) => QUESTION_HEADERS.has(cell));
  const key = header.findIndex((cell) => KEY_HEADERS.has(cell));
  const number = header.findIndex((cell, at) => at !== question && NUMBER_HEADERS.has(cell));
  const letters = header.flatMap((cell, at) => {
    const letter = LETTER_HEADER.exec(cell)?.[1];
    return letter === undefined ? [] : [{ at, letter: letter.toUpperCase() }];
  });
  if (question < 0 || letters.length < 2) return null;
  // "Câu | a | b | c | d" over "13 | Đ | S | Đ | S": the Đúng/Sai key table, not a bank.
  const numbersOnly = rows
    .slice(1)
    .every((row) => /^\d{1,4}\.?$/u.test(clean(row[question] ?? emptyLine())));
  if (numbersOnly) return null;
  const lines: DocxLine[] = [];
  rows.slice(1).forEach((row, index) => {
    const stem = row[question];
    if (!stem || clean(stem) === "") return;
    const written = number >= 0 ? /^\d+/u.exec(clean(row[number] ?? emptyLine()))?.[0] : undefined;
    if (lines.length > 0) lines.push(emptyLine());
    lines.push(prefixLine(`Câu ${written ?? index + 1}: `, stem));
    for (const { at, letter } of letters) {
      const answer = row[at];
      if (answer && clean(answer) !== "") lines.push(prefixLine(`${letter}. `, answer));
    }
    const keyText = key >= 0 ? clean(row[key] ?? emptyLine()) : "";
    if (keyText !== "") lines.push(lineOf(`Đáp án: ${keyText}`));
  });
  return lines;
}

const SOLUTION_HEADERS = new Set([
  "giải thích",
  "lời giải",
  "hướng dẫn",
  "hướng dẫn giải",
  "giải thích đáp án",
]);

/**
 * A key table with a column of solutions (Câu | Đáp án | Giải thích): the key table, then the
 * solutions under "LỜI GIẢI", each "Câu n: …", as the parser reads them after the questions.
 */
function solutionTable(rows: DocxLine[][]): DocxLine[] | null {
  const header = (rows[0] ?? []).map(headerOf);
  const number = header.findIndex((cell) => NUMBER_HEADERS.has(cell) || cell === "câu");
  const key = header.findIndex((cell) => KEY_HEADERS.has(cell));
  const solution = header.findIndex((cell) => SOLUTION_HEADERS.has(cell));
  if (number < 0 || key < 0 || solution < 0) return null;
  const pairs: string[] = [];
  const solutions: DocxLine[] = [];
  for (const row of rows.slice(1)) {
    const written = /^(?:câu\s*)?(\d{1,4})\.?$/iu.exec(clean(row[number] ?? emptyLine()))?.[1];
    const letters = clean(row[key] ?? emptyLine())
      .toUpperCase()
      .replace(/\s+/gu, "");
    if (written === undefined) continue;
    if (LETTERS.test(letters)) pairs.push(`${written}.${letters}`);
    const explained = row[solution];
    if (explained && clean(explained) !== "") {
      solutions.push(prefixLine(`Câu ${written}: `, explained));
    }
  }
  if (pairs.length === 0) return null;
  const lines = [lineOf("BẢNG ĐÁP ÁN")];
  for (let at = 0; at < pairs.length; at += 10) {
    lines.push(lineOf(pairs.slice(at, at + 10).join(" ")));
  }
  return solutions.length > 0 ? [...lines, lineOf("LỜI GIẢI"), ...solutions] : lines;
}

const NUMBER = /^\d{1,4}$/u;
const LETTERS = /^[A-H](?:\s*[,;]\s*[A-H])*$/iu;
/** "1.A", "1A", "1-A", "1:A", "1) A", "Câu 1: A". */
const PAIR = /^(?:câu\s*)?(\d{1,4})\s*(?:[.\-:)]\s*)?([A-H](?:\s*[,;]\s*[A-H])*)$/iu;
const LABEL = /^(?:câu(?: hỏi)?|stt|tt|đáp án|đa|đ\/a|bảng đáp án|phương án|key)$/u;

type KeyCell =
  { kind: "number" | "letters" | "label"; text: string } | { kind: "pair"; pair: string };

function keyCellOf(line: DocxLine): KeyCell | null {
  const text = clean(line);
  if (text.length > SHORT_CELL) return null;
  if (NUMBER.test(text)) return { kind: "number", text };
  if (LETTERS.test(text)) return { kind: "letters", text: text.toUpperCase().replace(/\s+/gu, "") };
  const pair = PAIR.exec(text);
  if (pair)
    return { kind: "pair", pair: `${pair[1]}.${pair[2]!.toUpperCase().replace(/\s+/gu, "")}` };
  if (LABEL.test(headerOf(line))) return { kind: "label", text };
  return null;
}

/** The table's pairs of question and letter, or null when a cell is anything else. */
function keyTable(rows: DocxLine[][]): DocxLine[] | null {
  const classified: KeyCell[][] = [];
  for (const row of rows) {
    const cells: KeyCell[] = [];
    for (const cell of row) {
      if (clean(cell) === "") continue;
      const kind = keyCellOf(cell);
      if (!kind) return null;
      if (kind.kind !== "label") cells.push(kind);
    }
    if (cells.length > 0) classified.push(cells);
  }
  const pairs: string[] = [];
  for (let at = 0; at < classified.length; at += 1) {
    const row = classified[at]!;
    const next = classified[at + 1];
    if (row.every((cell) => cell.kind === "pair")) pairs.push(...row.map((cell) => cell.pair));
    else if (
      isRowOf(row, "number") &&
      next &&
      isRowOf(next, "letters") &&
      next.length === row.length
    ) {
      row.forEach((cell, index) => pairs.push(`${textOf(cell)}.${textOf(next[index]!)}`));
      at += 1;
    } else if (
      row.length % 2 === 0 &&
      row.every((cell, i) => cell.kind === (i % 2 === 0 ? "number" : "letters"))
    ) {
      for (let i = 0; i < row.length; i += 2)
        pairs.push(`${textOf(row[i]!)}.${textOf(row[i + 1]!)}`);
    } else return null;
  }
  if (pairs.length < 2) return null;
  const lines: DocxLine[] = [];
  for (let at = 0; at < pairs.length; at += 10)
    lines.push(lineOf(pairs.slice(at, at + 10).join(" ")));
  return lines;
}

function isRowOf(row: KeyCell[], kind: "number" | "letters"): boolean {
  return row.every((cell) => cell.kind === kind);
}

function textOf(cell: KeyCell): string {
  return cell.kind === "pair" ? cell.pair : cell.text;
}

const ANSWER_CELL = /^[A-H][.):]/u;

/** The answers of a question side by side: one line per row, the cells apart by tabs. */
function answerTable(rows: DocxLine[][]): DocxLine[] | null {
  const filled = rows.flat().filter((cell) => clean(cell) !== "");
  if (filled.length < 2 || !filled.every((cell) => ANSWER_CELL.test(clean(cell)))) return null;
  return rows.map((row) => joinLines(row, "\t")).filter((line) => clean(line) !== "");
}

function otherTable(rows: DocxLine[][]): DocxLine[] {
  return rows.map((row) => {
    const line = emptyLine();
    row.forEach((cell, index) => {
      if (index > 0) line.segments.push({ text: "\t", flags: 0 });
      line.segments.push(...cell.segments);
      line.notes.push(...cell.notes);
    });
    return line;
  });
}
