/**
 * CSV question banks (what teachers export from Excel or Google Sheets).
 *
 * The first row names the columns; their order is free, names are case-insensitive:
 *
 *   question     required  the question text; line breaks inside a quoted cell are kept
 *   answer_a …   answer_a and answer_b required, answer_c … answer_h optional; the answers end
 *   answer_h               at the last filled cell, so an empty cell before it is an error
 *   keys         required  the letters of the right answers: "B", or "A,C" for several
 *   explanation  optional  shown after answering
 *   reference    optional  a link (http:// or https://) to read more
 *   chapter      optional  a chapter title: equal titles are one chapter, chapters are
 *                          numbered in order of first appearance
 *
 * Quoting follows RFC 4180: a cell in double quotes may contain the delimiter, line breaks and
 * doubled quotes (""). The delimiter is "," or ";" (Excel uses ";" when the system's decimal
 * separator is a comma, as in the Vietnamese locale); the header row decides which.
 */
import { CsvError, parse, type InfoRecord, type Options } from "csv-parse/sync";
import { prepareText } from "./text-encoding.ts";
import type { BankQuestion, ParseResult, ParsedQuestions } from "./types.ts";
import {
  type ProblemLog,
  MAX_ANSWERS,
  applyKeyLetters,
  chapterIndex,
  createProblemLog,
  finishParse,
  letterOf,
  reportError,
  reportWarning,
} from "./validate-questions.ts";

const ANSWER_COLUMNS = Array.from(
  { length: MAX_ANSWERS },
  (_, index) => `answer_${letterOf(index).toLowerCase()}`,
);
const KNOWN_COLUMNS = [
  "question",
  ...ANSWER_COLUMNS,
  "keys",
  "explanation",
  "reference",
  "chapter",
];
const REQUIRED_COLUMNS = ["question", "answer_a", "answer_b", "keys"];

interface CsvRecord {
  line: number;
  cells: string[];
}

interface Columns {
  byName: Map<string, number>;
  width: number;
}

export function parseCsv(text: string, file: string): ParseResult<ParsedQuestions> {
  const log = createProblemLog(file);
  const parsed: ParsedQuestions = { chapters: [], questions: [] };
  const source = prepareText(text);
  const records = readRecords(source, sniffDelimiter(source), log).filter(
    (record) => !record.cells.every((cell) => cell.trim() === ""),
  );
  const [header, ...rows] = records;
  if (!header) {
    reportError(log, 1, "Tệp CSV trống: cần một dòng tiêu đề và ít nhất một câu hỏi");
    return { value: parsed, problems: log.problems };
  }
  const columns = readHeader(header, log);
  if (!columns) return { value: parsed, problems: log.problems };
  for (const row of rows) parsed.questions.push(readRow(row, columns, parsed, log));
  return finishParse(parsed, log);
}

/** The header row has no quoted text to mislead a count, so the more frequent separator wins. */
function sniffDelimiter(source: string): "," | ";" {
  const header = source.split("\n", 1)[0] ?? "";
  const count = (char: string): number => header.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/**
 * RFC 4180 records (csv-parse), each with the line it starts on. A quote inside an unquoted
 * cell stays text (relax_quotes), as Excel writes it; spaces before an opening quote are
 * ignored. Blank lines are skipped by csv-parse itself (as records they cost it ~60 µs each:
 * two seconds for a text of blank lines), so a record's first line is counted back from the
 * line it ended on, past the blank lines its raw text starts with.
 */
function readRecords(source: string, delimiter: string, log: ProblemLog): CsvRecord[] {
  const records: CsvRecord[] = [];
  let endLine = 0;
  try {
    // Records are taken as they come, so those before a broken one are still read and checked.
    const options = {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      ltrim: true,
      skip_empty_lines: true,
      raw: true,
      on_record: ({ record, raw }: { record: string[]; raw: string }, context: InfoRecord) => {
        records.push({ line: context.lines - innerLineBreaks(raw), cells: record });
        endLine = context.lines;
        return null;
      },
    };
    // csv-parse's types do not know that `raw: true` hands on_record the record with its raw text.
    parse(source, options as unknown as Options);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = endLine + 1;
    const message =
      error.code === "CSV_QUOTE_NOT_CLOSED"
        ? `Dấu ngoặc kép mở ở dòng ${line} không được đóng`
        : `Không đọc được dòng ${line} của tệp CSV: ${error.message}`;
    reportError(log, line, message);
  }
  return records;
}

/** The line breaks inside a record's raw text: not those of blank lines before it, nor its end. */
function innerLineBreaks(raw: string): number {
  let start = 0;
  for (let at = 0; at < raw.length && /\s/u.test(raw[at]!); at += 1) {
    if (raw[at] === "\n") start = at + 1;
  }
  const text = raw.slice(start);
  const breaks = text.split("\n").length - 1;
  return text.endsWith("\n") ? breaks - 1 : breaks;
}

function readHeader(header: CsvRecord, log: ProblemLog): Columns | undefined {
  const byName = new Map<string, number>();
  header.cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase();
    if (name === "") return;
    if (KNOWN_COLUMNS.includes(name)) byName.set(name, index);
    else reportWarning(log, header.line, `Bỏ qua cột “${cell.trim()}” vì chưa được hỗ trợ`);
  });
  const missing = REQUIRED_COLUMNS.filter((name) => !byName.has(name));
  if (missing.length === 0) return { byName, width: header.cells.length };
  const names = missing.map((name) => `“${name}”`).join(", ");
  reportError(log, header.line, `Dòng tiêu đề thiếu cột ${names}`);
  return undefined;
}

function readRow(
  row: CsvRecord,
  columns: Columns,
  parsed: ParsedQuestions,
  log: ProblemLog,
): BankQuestion {
  const number = parsed.questions.length + 1;
  const cell = (name: string): string => {
    const index = columns.byName.get(name);
    return index === undefined ? "" : (row.cells[index] ?? "").trim();
  };
  reportExtraCells(row, columns, log, number);
  const question: BankQuestion = {
    text: cell("question"),
    answers: readAnswers(cell),
    line: row.line,
  };
  applyKeyLetters(question, cell("keys"), log, number, row.line);
  if (cell("explanation") !== "") question.explanation = cell("explanation");
  if (cell("reference") !== "") question.reference = cell("reference");
  if (cell("chapter") !== "") question.chapter = chapterIndex(parsed.chapters, cell("chapter"));
  return question;
}

/** Answers up to the last filled column; an empty one before it stays, for validation to name. */
function readAnswers(cell: (name: string) => string): BankQuestion["answers"] {
  const texts = ANSWER_COLUMNS.map(cell);
  const count = texts.findLastIndex((text) => text !== "") + 1;
  return texts.slice(0, count).map((text) => ({ text, key: false }));
}

/** Usually an unquoted comma inside a question, which shifts every later cell. */
function reportExtraCells(row: CsvRecord, columns: Columns, log: ProblemLog, number: number): void {
  const extra = row.cells.slice(columns.width).some((cell) => cell.trim() !== "");
  if (!extra) return;
  const message =
    `Dòng có ${row.cells.length} ô, nhiều hơn số cột của dòng tiêu đề; ` +
    "nội dung có dấu phân cách thì cần đặt trong ngoặc kép";
  reportError(log, row.line, message, number);
}
