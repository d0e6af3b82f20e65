import { MARK } from "./key-marks.ts";

/*
 * The line readers of the "Câu n" layout (vi-text.ts). Each reads one line, already without
 * Word's key marks and trimmed. Every pattern is anchored at the line's start (no "m" flag), and
 * every run of spaces is followed by something that is not a space or ends the pattern, so a
 * long line of spaces, digits or letters is read in linear time: written as one expression per
 * line (`\s*${BOLD}?\s*…(.*)$`), the optional bold between two runs of spaces let a line of
 * "Câu 1" and 40,000 spaces be split in quadratically many ways (ADR 0015).
 */
const BOLD = String.raw`(?:\*\*|__)`;
/** An optional bold and the spaces after it. */
const BOLD_SPACES = String.raw`(?:${BOLD}\s*)?`;
const CHAPTER = new RegExp(String.raw`^(?:#+|${BOLD})?\s*(chương|phần)\s+([\p{L}\d]+)`, "iu");
/**
 * "I. PHẦN TRẮC NGHIỆM", "II. TỰ LUẬN": a part numbered in Roman numerals, in capitals as exam
 * papers write it ("I. Phần lớn …" is a stem's statement).
 */
const ROMAN_PART = new RegExp(
  String.raw`^(?:${BOLD})?\s*[IVX]{1,4}[.)]\s*((?:PHẦN|TRẮC NGHIỆM|TỰ LUẬN)(?![\p{Ll}]).*)$`,
  "u",
);
/** "(NB)", "[TH]", "(0,5 điểm)": a level or a score after the number, up to three of them. */
const TAGS = String.raw`(?:[([][^)\]\n]{0,40}[)\]]\s*){0,3}`;
const QUESTION = new RegExp(
  String.raw`^${BOLD_SPACES}(câu\s*hỏi|câu|bài|question)\s*(\d{1,4})\s*${TAGS}${BOLD_SPACES}[:.)\-–—]`,
  "iu",
);
const NUMBERED = new RegExp(String.raw`^${BOLD_SPACES}(\d{1,3})([.)])${BOLD}?(?=\s)`, "u");
/** A level tag written after the colon: "Câu 1: (NB) …". */
const LEADING_LEVEL = /^[([]\s*(?:NB|TH|VD|VDC|NHẬN BIẾT|THÔNG HIỂU|VẬN DỤNG(?: CAO)?)\s*[)\]]/iu;
const KEY_COLON = new RegExp(
  String.raw`^${BOLD_SPACES}(?:đáp\s+án(?:\s+đúng)?(?:\s+là)?|đa|đáp\s+số|đs)\s*${BOLD_SPACES}:`,
  "iu",
);
const KEY_BARE = new RegExp(
  String.raw`^${BOLD_SPACES}(?:đáp\s+án(?:\s+đúng)?(?:\s+là)?|chọn(?:\s+đáp\s+án|\s+phương\s+án)?)\s+`,
  "iu",
);
/** The value of a key line written without a colon: letters only ("B", "A, C", "B hoặc C"). */
const KEY_LETTERS_ONLY = /^[A-H](?:(?:\s*[,;]\s*|\s+(?:và|hoặc)\s+)[A-H])*\s*\.?(?:\*\*|__)?$/iu;
const EXPLANATION_WORDS = String.raw`(?:lời\s+giải(?:\s+chi\s+tiết)?|giải\s+thích|hướng\s+dẫn(?:\s+giải)?(?:\s+chi\s+tiết)?|giải)`;
const EXPLANATION = new RegExp(
  String.raw`^${BOLD_SPACES}${EXPLANATION_WORDS}\s*${BOLD_SPACES}:`,
  "iu",
);
const EXPLANATION_ALONE = new RegExp(
  String.raw`^${BOLD_SPACES}${EXPLANATION_WORDS}${BOLD}?$`,
  "iu",
);
const END_WORDS = /^hết(?:\s+đề)?$/iu;
const DECORATION = "-–—_=*.!";
/** A heading over the key table: "BẢNG ĐÁP ÁN", "Đáp án tham khảo", "ĐÁP ÁN VÀ LỜI GIẢI". */
const KEY_HEADING =
  /^(?:[IVX]{1,4}[.)]\s*)?(?:bảng\s+đáp\s+án|đáp\s+án\s+tham\s+khảo|đáp\s+án\s+trắc\s+nghiệm|đáp\s+án\s+và\s+(?:lời\s+giải|hướng\s+dẫn(?:\s+giải)?)|đáp\s+án)(?:\s+chi\s+tiết)?[\s:.*_]*$/iu;
const SOLUTION_HEADING =
  /^(?:[IVX]{1,4}[.)]\s*)?(?:lời\s+giải|hướng\s+dẫn\s+giải|hướng\s+dẫn\s+chấm|giải\s+chi\s+tiết)(?:\s+chi\s+tiết)?[\s:.*_]*$/iu;
const KEY_PAIR = /(?<!\d)(\d{1,3})[^\S\n]*(?:[.\-:)–][^\S\n]*)?([A-H])(?![\p{L}\d])/giu;
/** What may stand between the pairs: separators, and "Câu" before each number of a table. */
const ROW_SEPARATORS = /^(?:[\s,;|]|câu)*$/iu;
const NUMBERS_LABEL = /^(?:câu\s+hỏi|câu|stt|số\s+câu)\s*[:.]?(?=\s|$)/iu;
const LETTERS_LABEL = /^(?:đáp\s+án|đa|chọn)\s*[:.]?(?=\s|$)/iu;
const SOLUTION_KEY =
  /^(?:chọn|đáp\s+án(?:\s+đúng)?)(?:\s+đáp\s+án|\s+phương\s+án)?(?:\s*:)?\s*([A-H])(?![\p{L}\d])/iu;
/** The star before an answer's letter; a markdown bold "**A." is not one. */
const ANSWER_HEAD = new RegExp(
  String.raw`^(\*(?!\*)\s*)?(${BOLD}\s*)?([A-Ha-h])([.):/]|\s?[-–])(${BOLD})?`,
  "u",
);
const CORRECT_NOTE = /[([]\s*đúng\s*[)\]]$/iu;

/** The line after its marker: its leading spaces and bold gone; null if it holds a line break. */
function restOfLine(rest: string): string | null {
  if (/[\n\r\u2028\u2029]/u.test(rest)) return null;
  const text = rest.trimStart();
  return text.startsWith("**") || text.startsWith("__") ? text.slice(2).trimStart() : text;
}

/** The same, with a closing bold and the spaces around it gone too. */
function valueOfLine(rest: string): string | null {
  const text = restOfLine(rest)?.trimEnd();
  if (text === undefined) return null;
  return text.endsWith("**") || text.endsWith("__") ? text.slice(0, -2).trimEnd() : text;
}

/** "**Câu 1: …**" and "**A. …**" read like their unbolded selves. */
export function unwrapBold(text: string): string {
  const match = /^(\*\*|__)(.*)\1$/u.exec(text);
  return match ? (match[2] ?? "").trim() : text;
}

/**
 * "Chương 2: Tiêu đề", "PHẦN II. ĐỊA LÍ", "Phần 2:" → the title ("" without one); null when the
 * line is not a heading ("Chương trình sau…", "Phần mềm nào…", "Chương 1 có…").
 */
export function readChapter(line: string): { title: string; fallback: string } | null {
  const part = ROMAN_PART.exec(line);
  if (part) {
    const title = withoutScore(unwrapBold((part[1] ?? "").replace(/(?:\*\*|__)$/u, "").trim()));
    return /[\n\r]/u.test(title) ? null : { title, fallback: title };
  }
  const head = CHAPTER.exec(line);
  if (!head) return null;
  const word = (head[1] ?? "").toLowerCase();
  const numeral = head[2] ?? "";
  if (!/^(?:\d+|[IVXLC]+)$/u.test(numeral)) return null;
  if (word === "phần" && !/^(?:\d+|[IVX]+)$/u.test(numeral)) return null;
  const rest = line.slice(head[0].length);
  const value = valueOfLine(rest);
  if (value === null) return null;
  const fallback = `${word === "phần" ? "Phần" : "Chương"} ${numeral}`;
  if (value === "") return { title: "", fallback };
  if (!/^\s*[:.\-–—]/u.test(rest)) return null;
  return { title: unwrapBold(value.replace(/^[:.\-–—]/u, "").trim()), fallback };
}

/** "PHẦN TRẮC NGHIỆM (4,0 điểm)" → "PHẦN TRẮC NGHIỆM": the score is the exam's, not the title's. */
function withoutScore(title: string): string {
  if (!title.endsWith(")")) return title;
  const open = title.lastIndexOf("(");
  const inside = title.slice(open + 1, -1).trim();
  return open > 0 && /^[\d,.]+\s*điểm$/iu.test(inside) ? title.slice(0, open).trimEnd() : title;
}

/** A heading that names an essay part: its questions without answers are skipped. */
export function namesEssay(title: string): boolean {
  return /tự\s+luận/iu.test(title);
}

export interface QuestionStart {
  written: number;
  rest: string;
  /** "." or ")" of a "1." start; "bài" for "Bài 1:"; "câu" for "Câu 1:", "Question 1:". */
  style: string;
}

/** "Câu 1:", "Câu1.", "Câu hỏi 1)", "Câu 1 -", "Bài 1:", "Question 1:", with level tags. */
export function readQuestionStart(line: string): QuestionStart | null {
  const head = QUESTION.exec(line);
  const rest = head && restOfLine(line.slice(head[0].length));
  if (!head || rest == null) return null;
  const style = head[1]?.toLowerCase() === "bài" ? "bài" : "câu";
  return { written: Number(head[2]), rest: withoutLevel(rest), style };
}

/** "1. …" or "1) …": a question only where the document numbers its questions so. */
export function readNumberedStart(line: string): QuestionStart | null {
  const head = NUMBERED.exec(line);
  const rest = head && restOfLine(line.slice(head[0].length));
  if (!head || rest == null) return null;
  return { written: Number(head[1]), rest: withoutLevel(rest), style: head[2] ?? "." };
}

function withoutLevel(rest: string): string {
  const level = LEADING_LEVEL.exec(rest);
  return level ? rest.slice(level[0].length).trimStart() : rest;
}

/** The letters of a key written alone ("B", "A, C", "B hoặc C."), or null. */
export function bareKey(value: string): string | null {
  const trimmed = value.trim();
  return KEY_LETTERS_ONLY.test(trimmed) ? trimmed.replace(/\.?(?:\*\*|__)?$/u, "") : null;
}

/**
 * A key line: "Đáp án: B", "Đáp án đúng là: A, C", "ĐA: B", and without a colon "Đáp án B",
 * "Chọn B", "Chọn đáp án B" (only when letters follow). Its raw value, or null.
 */
export function readKeyLine(line: string): string | null {
  const colon = KEY_COLON.exec(line);
  if (colon) return valueOfLine(line.slice(colon[0].length));
  const bare = KEY_BARE.exec(line);
  return bare ? bareKey(line.slice(bare[0].length)) : null;
}

/** "Lời giải: …", "Giải thích:", "Hướng dẫn giải:", "Giải:", or one of them alone: the rest. */
export function readExplanationStart(line: string): string | null {
  if (EXPLANATION_ALONE.test(line)) return "";
  const head = EXPLANATION.exec(line);
  return head ? restOfLine(line.slice(head[0].length)) : null;
}

/**
 * "HẾT", "--- HẾT ---", "----- Hết đề -----": the end of the questions. "Hết." alone may end an
 * explanation, so a word not in capitals needs the dashes around it.
 */
export function isEndLine(line: string): boolean {
  let start = 0;
  let end = line.length;
  while (start < end && isDecoration(line[start]!)) start += 1;
  while (end > start && isDecoration(line[end - 1]!)) end -= 1;
  const words = line.slice(start, end);
  if (!END_WORDS.test(words)) return false;
  const capitals = words === words.toLocaleUpperCase("vi");
  const dashed = /^[-–—_=*]/u.test(line) && /[-–—_=*]$/u.test(line);
  return capitals || dashed;
}

function isDecoration(char: string): boolean {
  return DECORATION.includes(char) || /\s/u.test(char);
}

/** A heading that opens the key table ("keys") or the solutions ("solutions"). */
export function readTailHeading(line: string): "keys" | "solutions" | null {
  const text = unwrapBold(line);
  if (KEY_HEADING.test(text)) return "keys";
  return SOLUTION_HEADING.test(text) ? "solutions" : null;
}

interface KeyEntry {
  number: number;
  letters: string;
}

/** "1.A 2.C 3.B", "1-A, 2-C", "1A 2C", "1. A", "1\tA": every pair, or null if more is there. */
export function readKeyRow(line: string): KeyEntry[] | null {
  const entries: KeyEntry[] = [];
  let gaps = "";
  let after = 0;
  for (const pair of line.matchAll(KEY_PAIR)) {
    gaps += line.slice(after, pair.index);
    after = pair.index + pair[0].length;
    entries.push({ number: Number(pair[1]), letters: (pair[2] ?? "").toUpperCase() });
  }
  gaps += line.slice(after);
  return entries.length > 0 && ROW_SEPARATORS.test(gaps) ? entries : null;
}

/** A Word table's row of question numbers ("Câu | 1 | 2 | 3"), or null. */
export function readNumbersRow(line: string): number[] | null {
  const cells = cellsAfter(NUMBERS_LABEL, line);
  return cells.length > 0 && cells.every((cell) => /^\d{1,3}$/u.test(cell))
    ? cells.map(Number)
    : null;
}

/** The row of letters under it ("Đáp án | A | C | B"), or null. */
export function readLettersRow(line: string): string[] | null {
  const cells = cellsAfter(LETTERS_LABEL, line);
  return cells.length > 0 && cells.every((cell) => /^[A-H]$/iu.test(cell))
    ? cells.map((cell) => cell.toUpperCase())
    : null;
}

function cellsAfter(label: RegExp, line: string): string[] {
  const head = label.exec(line);
  const rest = head ? line.slice(head[0].length) : line;
  return rest.split(/[\s,;|]+/u).filter((cell) => cell !== "");
}

/** "Chọn A. Ta có…", "Đáp án B": the key a solution names at its start. */
export function readSolutionKey(text: string): string | null {
  return SOLUTION_KEY.exec(text.trim())?.[1]?.toUpperCase() ?? null;
}

/** "Chọn B.", "Đáp án B", "Chọn đáp án B": a line that names the key and nothing else. */
export function readBareSolutionKey(text: string): string | null {
  const trimmed = unwrapBold(text.trim());
  const head = SOLUTION_KEY.exec(trimmed);
  return head && /^[\s.]*$/u.test(trimmed.slice(head[0].length))
    ? (head[1]?.toUpperCase() ?? null)
    : null;
}

export interface AnswerPart {
  letter: string;
  /** Where the letter stands in the line. */
  letterAt: number;
  /** The answer's text in the line: [textStart, textEnd). */
  textStart: number;
  textEnd: number;
  /** Marks written in the text itself: a star, "(đúng)", a markdown bold. */
  flags: number;
  /** Where a "(đúng)" after the text stands, to be removed with it. */
  note?: { start: number; end: number };
}

/** "." ")" ":" "/" or "-" (for "A - x" and "A– x" too). */
function separatorOf(written: string): string {
  const trimmed = written.trim();
  return trimmed === "–" ? "-" : trimmed;
}

/** "/" and "-" need a space after them: "A-B" and "a/b" open no answer. */
function needsSpace(separator: string): boolean {
  return separator === "/" || separator === "-";
}

/** The letter and separator of a line opening an answer ("A.", "*B)", "a/ ", "A - "), or null. */
export function answerOpening(line: string): { letter: string; separator: string } | null {
  const head = ANSWER_HEAD.exec(line);
  if (!head) return null;
  const separator = separatorOf(head[4] ?? "");
  if (needsSpace(separator) && !/\s/u.test(line[head[0].length] ?? "")) return null;
  return { letter: head[3] ?? "", separator };
}

interface AnswerOptions {
  lowerCase: boolean;
  /**
   * The separator besides "." and ")" this question's answers use (":", "/", "-"), or "": "A: x",
   * "A/ x", "A - x" are answers only in a question whose answers are not written "A." or "A)" (a
   * dialogue "A: … B: …", "A - B" above the answers are text).
   */
  separator: string;
  /** The letter the question expects next: "D.7" (no space) is an answer only when it is that. */
  expected: string | null;
}

/**
 * "A. x", "A) x", "A: x", "*B. x", "a. x", and several on one line ("A. 4\tB. 5", "A. 4  B. 5",
 * "A. 4 B. 5 C. 6 D.7" when the letters run in order). Null when the line is not an answer.
 */
export function readAnswerLine(line: string, options: AnswerOptions): AnswerPart[] | null {
  const head = ANSWER_HEAD.exec(line);
  if (!head) return null;
  const letter = head[3] ?? "";
  const lower = letter !== letter.toUpperCase();
  const separator = separatorOf(head[4] ?? "");
  if (lower && !options.lowerCase) return null;
  if (!".)".includes(separator) && separator !== options.separator) return null;
  const textStart = head[0].length;
  const spaced = textStart === line.length || /\s/u.test(line[textStart] ?? "");
  if (!spaced && (needsSpace(separator) || letter.toUpperCase() !== options.expected)) return null;
  let flags = head[1] ? MARK.star : 0;
  // "**B.** x" bolds the letter, "**B. x**" the whole answer: either is a bold mark.
  if (head[2] && (head[5] || /(?:\*\*|__)$/u.test(line))) flags |= MARK.bold;
  const first: AnswerPart = {
    letter: letter.toUpperCase(),
    letterAt: head.index + (head[1]?.length ?? 0) + (head[2]?.length ?? 0),
    textStart,
    textEnd: line.length,
    flags,
  };
  const punctuation =
    options.separator === "-" ? String.raw`[.)]|\s?[-–]` : `[.)${options.separator}]`;
  return splitInline(line, first, lower, punctuation).map((part) => finishPart(line, part));
}

function splitInline(
  line: string,
  first: AnswerPart,
  lower: boolean,
  punctuation: string,
): AnswerPart[] {
  const parts = [first];
  for (let current = first; current.letter < "H";) {
    const next = String.fromCharCode(current.letter.charCodeAt(0) + 1);
    const letter = lower ? next.toLowerCase() : next;
    const found = findBoundary(line, letter, punctuation, current.textStart, parts.length);
    if (!found) break;
    current.textEnd = found.before;
    current = {
      letter: next,
      letterAt: found.letterAt,
      textStart: found.textStart,
      textEnd: line.length,
      flags: found.flags,
    };
    parts.push(current);
  }
  return parts;
}

/**
 * The next letter's "B." after a tab or two spaces, or after one space when written "B. " (not
 * "B)": "(A ∪ B) ∖ C" is one answer), followed by a space, or ending the line, or after two
 * answers already ("… C. 6 D.7"), outside a formula: "vitamin B.12 là…" and "$R_2(B, C)$" inside
 * an answer are not boundaries.
 */
function findBoundary(
  line: string,
  letter: string,
  punctuation: string,
  from: number,
  partsBefore: number,
): { before: number; letterAt: number; textStart: number; flags: number } | null {
  const boundary = new RegExp(
    String.raw`\s(\*(?!\*))?(${BOLD})?${letter}(${punctuation})(${BOLD})?`,
    "gu",
  );
  boundary.lastIndex = from;
  const lastSpace = lastSpaceIn(line);
  const dollars = dollarsBefore(line);
  let match = boundary.exec(line);
  while (match) {
    const at = match.index;
    const strong = line[at] === "\t" || /\s/u.test(line[at - 1] ?? "");
    const inFormula = ((dollars[at] ?? 0) - (dollars[from] ?? 0)) % 2 === 1;
    const spaced = partsBefore >= 2 || endsOrSpaced(line, at + match[0].length, lastSpace);
    const distinct = match[3] === "." || match[3] === "/";
    if (spaced && !inFormula && (strong || distinct)) break;
    match = boundary.exec(line);
  }
  if (!match) return null;
  let flags = match[1] ? MARK.star : 0;
  if (match[2] && match[4]) flags |= MARK.bold;
  return {
    before: match.index,
    letterAt: match.index + 1 + (match[1]?.length ?? 0) + (match[2]?.length ?? 0),
    textStart: match.index + match[0].length,
    flags,
  };
}

/** How many "$" stand before each position of the line. */
function dollarsBefore(line: string): number[] {
  const counts = new Array<number>(line.length + 1);
  let count = 0;
  for (let at = 0; at <= line.length; at += 1) {
    counts[at] = count;
    if (line[at] === "$" && line[at - 1] !== "\\") count += 1;
  }
  return counts;
}

function endsOrSpaced(line: string, at: number, lastSpace: number): boolean {
  return at >= line.length || /\s/u.test(line[at] ?? "") || lastSpace < at;
}

function lastSpaceIn(line: string): number {
  for (let at = line.length - 1; at >= 0; at -= 1) if (/\s/u.test(line[at] ?? "")) return at;
  return -1;
}

/** Trims the text's range and reads the marks written in it ("(đúng)", "**…**"). */
function finishPart(line: string, part: AnswerPart): AnswerPart {
  let start = part.textStart;
  let end = part.textEnd;
  while (start < end && /\s/u.test(line[start] ?? "")) start += 1;
  while (end > start && /\s/u.test(line[end - 1] ?? "")) end -= 1;
  if (/(?:\*\*|__)$/u.test(line.slice(start, end))) end -= 2;
  while (end > start && /\s/u.test(line[end - 1] ?? "")) end -= 1;
  const flags = part.flags;
  const note = CORRECT_NOTE.exec(line.slice(start, end));
  if (!note) return { ...part, textStart: start, textEnd: end, flags };
  const noteEnd = end;
  end = start + note.index;
  while (end > start && /\s/u.test(line[end - 1] ?? "")) end -= 1;
  const located = { start: end, end: noteEnd };
  return {
    ...part,
    textStart: start,
    textEnd: end,
    flags: flags | MARK.correctNote,
    note: located,
  };
}
