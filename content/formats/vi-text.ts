import { joinLines, prepareText } from "./text-encoding.ts";
import type { BankQuestion, ParseResult, ParsedQuestions } from "./types.ts";
import {
  type ProblemLog,
  applyKeyLetters,
  chapterIndex,
  createProblemLog,
  finishParse,
  indexOfLetter,
  letterOf,
  reportError,
  reportKeyError,
} from "./validate-questions.ts";

/**
 * The layout teachers paste from Word:
 *
 *   Chương 1: Truy vấn một bảng          (optional)
 *   Câu 1: Câu lệnh nào …?               (also "Câu 1.", "Câu 1)", "Câu 1 (0,5 điểm):";
 *                                         the text may go on below)
 *   A. …   B. …                          (also "A) …"; up to H; several on one line with tabs)
 *   Đáp án: B                            (or "Đáp án đúng: A, C")
 *   Lời giải: …                          (optional, until the next "Câu")
 *
 * Keys come only from "Đáp án": a "*" or bold marking an answer is Word formatting we cannot
 * trust, so it is removed and ignored. Text before the first "Câu" (the document's title, its
 * instructions) is ignored. Smart quotes become straight ones: Word's autocorrect puts them into
 * SQL and C code too, where they are wrong.
 */

/*
 * Each marker is a head pattern, and the rest of the line is taken by `restOfLine`: written as
 * one expression per line (`\s*${BOLD}?\s*…(.*)$`), the optional bold between two runs of
 * spaces let a line of "Câu 1" and 40,000 spaces be split in quadratically many ways. In the
 * heads, every run of spaces is followed by something that is not a space, so they are linear.
 */
const BOLD = String.raw`(?:\*\*|__)`;
/** An optional bold and the spaces after it. */
const BOLD_SPACES = String.raw`(?:${BOLD}\s*)?`;
const CHAPTER = new RegExp(String.raw`^(?:#+|${BOLD})?\s*chương\s+(\d+|[IVXLCDM]+)`, "iu");
const QUESTION = new RegExp(
  String.raw`^${BOLD}?\s*câu\s+\d+\s*(?:\([^)]*\)\s*)?${BOLD_SPACES}[:.)]`,
  "iu",
);
const KEY = new RegExp(
  String.raw`^${BOLD}?\s*đáp\s+án(?:\s+đúng)?(?:\s+là)?\s*${BOLD_SPACES}:`,
  "iu",
);
const EXPLANATION = new RegExp(
  String.raw`^${BOLD}?\s*(?:lời\s+giải|giải\s+thích|hướng\s+dẫn\s+giải)\s*${BOLD_SPACES}:`,
  "iu",
);
/** A leading "*" or bold may mark the right answer in Word; it is dropped, never trusted. */
const ANSWER = new RegExp(String.raw`^(?:\*{1,2}|__)?\s*([A-H])[.)]${BOLD}?`, "iu");

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

/** "Chương 2: Tiêu đề **" → "Tiêu đề"; "" without a title; null when more follows the number. */
function chapterTitle(rest: string): string | null {
  const value = valueOfLine(rest);
  if (value === null || value === "") return value;
  if (!/^\s*[:.\-–—]/u.test(rest)) return null;
  return value.replace(/^[:.\-–—]/u, "").trimStart();
}

/** A marker and the rest of its line, or null when the line is not that marker. */
function readMarker(pattern: RegExp, line: string): { head: RegExpExecArray; rest: string } | null {
  const head = pattern.exec(line);
  return head ? { head, rest: line.slice(head[0].length) } : null;
}

type Section = "text" | "answers" | "key" | "explanation";

interface Draft {
  line: number;
  number: number;
  chapter: number | undefined;
  section: Section;
  textLines: string[];
  answers: { letter: string; lines: string[] }[];
  key?: { raw: string; line: number };
  explanationLines: string[];
}

interface ViState {
  log: ProblemLog;
  parsed: ParsedQuestions;
  chapter: number | undefined;
  draft: Draft | undefined;
}

export function parseViText(text: string, file: string): ParseResult<ParsedQuestions> {
  const state: ViState = {
    log: createProblemLog(file),
    parsed: { chapters: [], questions: [] },
    chapter: undefined,
    draft: undefined,
  };
  cleanWordArtefacts(prepareText(text))
    .split("\n")
    .forEach((line, index) => readLine(state, line.trimEnd(), index + 1));
  finishDraft(state);
  return finishParse(state.parsed, state.log);
}

/** Word's non-breaking and zero-width spaces, smart quotes and manual line breaks. */
function cleanWordArtefacts(text: string): string {
  return text
    .replaceAll("\u000B", "\n")
    .replaceAll("\u000C", "\n")
    .replace(/[\u2028\u2029]/gu, "\n")
    .replace(/[\u00A0\u2007\u202F]/gu, " ")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/gu, "")
    .replace(/[‘’‚‛]/gu, "'")
    .replace(/[“”„‟]/gu, '"');
}

function readLine(state: ViState, line: string, lineNumber: number): void {
  const marker = unwrapBold(line.trim());
  const chapter = readMarker(CHAPTER, marker);
  const title = chapter && chapterTitle(chapter.rest);
  if (chapter && title !== null) {
    return startChapter(state, title || `Chương ${chapter.head[1]}`);
  }
  const question = readMarker(QUESTION, marker);
  const firstLine = question && restOfLine(question.rest);
  if (firstLine != null) return startQuestion(state, firstLine, lineNumber);
  const key = readMarker(KEY, marker);
  const keyValue = key && valueOfLine(key.rest);
  if (keyValue != null) return acceptKey(state, keyValue, lineNumber);
  const explanation = readMarker(EXPLANATION, marker);
  const explained = explanation && restOfLine(explanation.rest);
  if (explained != null) return startExplanation(state, explained, lineNumber);
  const answer = readAnswer(marker);
  if (answer && acceptsAnswer(state.draft, answer.letter)) {
    return addAnswers(state, answer.letter, answer.text, lineNumber);
  }
  addPlainLine(state, line, lineNumber);
}

/** "A. text": the letter, and the text after at least one space (none when nothing follows). */
function readAnswer(marker: string): { letter: string; text: string } | null {
  const answer = readMarker(ANSWER, marker);
  if (!answer) return null;
  const letter = answer.head[1] ?? "";
  if (answer.rest === "") return { letter, text: "" };
  if (!/^\s/u.test(answer.rest) || /[\n\r\u2028\u2029]/u.test(answer.rest)) return null;
  return { letter, text: answer.rest.trimStart() };
}

/** "**Câu 1: …**" and "**A. …**" read like their unbolded selves. */
function unwrapBold(text: string): string {
  const match = /^(\*\*|__)(.*)\1$/u.exec(text);
  return match ? (match[2] ?? "").trim() : text;
}

function startChapter(state: ViState, title: string): void {
  finishDraft(state);
  state.chapter = chapterIndex(state.parsed.chapters, unwrapBold(title.trim()));
}

function startQuestion(state: ViState, firstLine: string, lineNumber: number): void {
  finishDraft(state);
  state.draft = {
    line: lineNumber,
    number: state.parsed.questions.length + 1,
    chapter: state.chapter,
    section: "text",
    textLines: [unwrapBold(firstLine.trim())],
    answers: [],
    explanationLines: [],
  };
}

function acceptKey(state: ViState, raw: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    reportError(
      state.log,
      lineNumber,
      "Dòng “Đáp án” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên",
    );
    return;
  }
  if (draft.key) {
    const message = `Câu hỏi có hai dòng “Đáp án” (dòng ${draft.key.line} và dòng ${lineNumber})`;
    reportError(state.log, lineNumber, message, draft.number);
    return;
  }
  draft.key = { raw, line: lineNumber };
  if (draft.section !== "explanation") draft.section = "key";
}

function startExplanation(state: ViState, firstLine: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    const message = "Dòng “Lời giải” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên";
    reportError(state.log, lineNumber, message);
    return;
  }
  draft.section = "explanation";
  draft.explanationLines.push(firstLine);
}

/** "A." opens the answers; inside a question's text, "B." is more likely part of it. */
function acceptsAnswer(draft: Draft | undefined, letter: string): boolean {
  if (!draft) return true;
  if (draft.section === "text") return letter.toUpperCase() === "A";
  return draft.section === "answers";
}

function addAnswers(state: ViState, letter: string, rest: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    const message = `Phương án “${letter.toUpperCase()}” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên`;
    reportError(state.log, lineNumber, message);
    return;
  }
  draft.section = "answers";
  for (const answer of splitInlineAnswers(letter.toUpperCase(), rest)) {
    checkAnswerOrder(state.log, draft, answer.letter, lineNumber);
    draft.answers.push({ letter: answer.letter, lines: [unwrapBold(answer.text.trim())] });
  }
}

/** "A. 3.0\tB. 3.5\tC. 4.0" — Word tables and tab stops put answers side by side. */
function splitInlineAnswers(letter: string, text: string): { letter: string; text: string }[] {
  const next = letterOf(indexOfLetter(letter) + 1);
  const boundary = new RegExp(
    String.raw`(?:\t|\s{2,})\s*(?:\*{1,2}|__)?(${next})[.)]${BOLD}?\s+`,
    "iu",
  );
  const match = next <= "H" ? boundary.exec(text) : null;
  if (!match) return [{ letter, text }];
  const rest = text.slice(match.index + match[0].length);
  return [{ letter, text: text.slice(0, match.index) }, ...splitInlineAnswers(next, rest)];
}

function checkAnswerOrder(log: ProblemLog, draft: Draft, letter: string, lineNumber: number): void {
  const expected = letterOf(draft.answers.length);
  if (letter === expected) return;
  const message =
    draft.answers.length === 0
      ? `Phương án “${letter}” không đúng thứ tự: phương án đầu tiên phải là “A”`
      : `Phương án “${letter}” không đúng thứ tự: sau “${letterOf(draft.answers.length - 1)}” phải là “${expected}”`;
  reportError(log, lineNumber, message, draft.number);
}

function addPlainLine(state: ViState, line: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) return;
  const blank = line.trim() === "";
  switch (draft.section) {
    case "text":
      draft.textLines.push(line);
      return;
    case "answers":
      if (!blank) draft.answers[draft.answers.length - 1]?.lines.push(line);
      return;
    case "key":
      if (!blank) reportStrayLine(state.log, lineNumber, draft.number);
      return;
    case "explanation":
      draft.explanationLines.push(line);
  }
}

function reportStrayLine(log: ProblemLog, lineNumber: number, number: number): void {
  const message =
    "Không rõ dòng này thuộc phần nào: sau “Đáp án” chỉ có thể là “Lời giải:” hoặc câu tiếp theo";
  reportError(log, lineNumber, message, number);
}

function finishDraft(state: ViState): void {
  const draft = state.draft;
  if (!draft) return;
  state.draft = undefined;
  const question: BankQuestion = {
    text: joinLines(draft.textLines),
    answers: draft.answers.map((answer) => ({ text: joinLines(answer.lines), key: false })),
    line: draft.line,
  };
  if (draft.chapter !== undefined) question.chapter = draft.chapter;
  if (draft.key) applyKeyLetters(question, draft.key.raw, state.log, draft.number, draft.key.line);
  else reportKeyError(state.log, draft.line, "Câu hỏi thiếu dòng “Đáp án: …”", draft.number);
  const explanation = joinLines(draft.explanationLines);
  if (explanation !== "") question.explanation = explanation;
  state.parsed.questions.push(question);
}

/* ---------------------------------------------------------------- writer */

/**
 * Writes questions in the layout parseViText reads, so a student can edit a practice as text:
 * "Chương n:" before the first question of each chapter run, "Câu n:", "A." …, "Đáp án:", and
 * "Lời giải:". What the layout cannot carry (ids, references, per-answer feedback, "any one
 * key", chapter descriptions, blank lines inside an answer) is left out; the caller can tell by
 * parsing the text back (see isViTextLossless).
 */
export function writeViText(parsed: ParsedQuestions): string {
  const blocks: string[] = [];
  let chapter: number | undefined;
  parsed.questions.forEach((question, index) => {
    const title =
      question.chapter === undefined ? undefined : parsed.chapters[question.chapter]?.title;
    if (title !== undefined && question.chapter !== chapter) {
      blocks.push(`Chương ${question.chapter! + 1}: ${title}`);
    }
    chapter = question.chapter;
    blocks.push(formatViQuestion(question, index + 1));
  });
  return blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "";
}

function formatViQuestion(question: BankQuestion, number: number): string {
  const lines = [`Câu ${number}: ${question.text}`];
  question.answers.forEach((answer, index) => {
    lines.push(
      `${letterOf(index)}. ${answer.text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .join("\n")}`,
    );
  });
  const keys = question.answers.flatMap((answer, index) => (answer.key ? [letterOf(index)] : []));
  lines.push(`Đáp án: ${keys.join(", ")}`);
  if (question.explanation !== undefined) lines.push(`Lời giải: ${question.explanation}`);
  return lines.join("\n");
}
