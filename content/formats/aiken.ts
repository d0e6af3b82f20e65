import { joinLines, prepareText } from "./text-encoding.ts";
import { restAfterSpaces } from "#base/trim.ts";
import type { BankQuestion, ParseResult, ParsedQuestions } from "./types.ts";
import {
  type ProblemLog,
  MAX_ANSWERS,
  applyKeyLetters,
  createProblemLog,
  finishParse,
  letterOf,
  reportError,
  reportKeyError,
} from "./validate-questions.ts";

/**
 * Aiken: question text, then "A. …" or "A) …" answers, then "ANSWER: B". Moodle wants the
 * question on one line; we also accept several (code needs them), and an answer may continue on
 * the next lines. A blank line after the answers ends them, so the next text starts a question.
 */

// Moodle needs no space after the letter ("A)Incorrect").
// Its text is taken by restAfterSpaces: `\s*(.*)$` here was quadratic on a long run of spaces.
const OPTION_HEAD = /^([A-H])[.)]/u;
const ANSWER_LINE = /^ANSWER\s*:(.*)$/iu;

interface Draft {
  line: number;
  number: number;
  textLines: string[];
  options: { letter: string; lines: string[] }[];
  /** A blank line came after the answers. */
  gap: boolean;
}

interface AikenState {
  log: ProblemLog;
  questions: BankQuestion[];
  draft: Draft | undefined;
}

export function parseAiken(text: string, file: string): ParseResult<ParsedQuestions> {
  const state: AikenState = { log: createProblemLog(file), questions: [], draft: undefined };
  prepareText(text)
    .split("\n")
    .forEach((line, index) => readLine(state, line.trimEnd(), index + 1));
  if (state.draft) closeWithoutAnswer(state, state.draft);
  return finishParse({ chapters: [], questions: state.questions }, state.log);
}

function readLine(state: AikenState, line: string, lineNumber: number): void {
  const answer = ANSWER_LINE.exec(line);
  if (answer) return acceptAnswerLine(state, answer[1] ?? "", lineNumber);
  const option = readOption(line);
  if (option && acceptsOption(state.draft, option.letter)) {
    return addOption(state, option.letter, option.text, lineNumber);
  }
  if (line.trim() === "") return noteBlank(state.draft);
  addText(state, line, lineNumber);
}

function readOption(line: string): { letter: string; text: string } | null {
  const head = OPTION_HEAD.exec(line);
  const text = head && restAfterSpaces(line.slice(head[0].length));
  return head && text !== null ? { letter: head[1] ?? "", text } : null;
}

function acceptsOption(draft: Draft | undefined, letter: string): boolean {
  return draft !== undefined && draft.options.length > 0 ? true : letter === "A";
}

function addOption(state: AikenState, letter: string, text: string, lineNumber: number): void {
  const draft = state.draft ?? startDraft(state, lineNumber);
  const expected = letterOf(draft.options.length);
  if (letter !== expected) {
    const previous = letterOf(draft.options.length - 1);
    const message = `Phương án “${letter}” không đúng thứ tự: sau “${previous}” phải là “${expected}”`;
    reportError(state.log, lineNumber, message, draft.number);
  }
  draft.options.push({ letter, lines: [text] });
  draft.gap = false;
}

function noteBlank(draft: Draft | undefined): void {
  if (!draft) return;
  if (draft.options.length > 0) draft.gap = true;
  else draft.textLines.push("");
}

function addText(state: AikenState, line: string, lineNumber: number): void {
  let draft = state.draft;
  if (draft && draft.options.length > 0 && draft.gap) {
    closeWithoutAnswer(state, draft);
    draft = undefined;
  }
  if (!draft) {
    startDraft(state, lineNumber).textLines.push(line);
    return;
  }
  const lastOption = draft.options[draft.options.length - 1];
  if (lastOption) lastOption.lines.push(line);
  else draft.textLines.push(line);
}

function startDraft(state: AikenState, lineNumber: number): Draft {
  const draft: Draft = {
    line: lineNumber,
    number: state.questions.length + 1,
    textLines: [],
    options: [],
    gap: false,
  };
  state.draft = draft;
  return draft;
}

function acceptAnswerLine(state: AikenState, raw: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    reportError(state.log, lineNumber, "Dòng “ANSWER: …” không thuộc câu hỏi nào");
    return;
  }
  const question = buildQuestion(draft);
  applyKeyLetters(question, raw, state.log, draft.number, lineNumber);
  state.questions.push(question);
  state.draft = undefined;
}

function closeWithoutAnswer(state: AikenState, draft: Draft): void {
  reportKeyError(state.log, draft.line, "Câu hỏi thiếu dòng “ANSWER: …”", draft.number);
  state.questions.push(buildQuestion(draft));
  state.draft = undefined;
}

function buildQuestion(draft: Draft): BankQuestion {
  return {
    text: joinLines(draft.textLines),
    answers: draft.options.map((option) => ({ text: joinLines(option.lines), key: false })),
    line: draft.line,
  };
}

/* ---------------------------------------------------------------- writer */

/**
 * Aiken has exactly one key per question, and only multiple choice: a Đúng/Sai question or a
 * short answer with one key would read back as multiple choice (issue 27). Also not expressible, because they would read back
 * differently: an empty question or answer, more than eight answers, a question line that looks
 * like "A. …" or "ANSWER:", an answer line that looks like an option, and a blank line inside an
 * answer. Explanations and references are lost.
 */
export function writeAiken(questions: BankQuestion[]): { text: string; skipped: number[] } {
  const blocks: string[] = [];
  const skipped: number[] = [];
  questions.forEach((question, index) => {
    if (canWrite(question)) blocks.push(formatQuestion(question));
    else skipped.push(index + 1);
  });
  return { text: blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "", skipped };
}

function formatQuestion(question: BankQuestion): string {
  const key = question.answers.findIndex((answer) => answer.key);
  const answers = question.answers.map((answer, index) => `${letterOf(index)}. ${answer.text}`);
  return [question.text, ...answers, `ANSWER: ${letterOf(key)}`].join("\n");
}

function canWrite(question: BankQuestion): boolean {
  const { answers } = question;
  return (
    question.kind === undefined &&
    answers.filter((answer) => answer.key).length === 1 &&
    answers.length <= MAX_ANSWERS &&
    question.text.trim() !== "" &&
    question.text.split("\n").every((line) => !ANSWER_LINE.test(line) && !/^A[.)]\s/u.test(line)) &&
    answers.every((answer) => canWriteAnswer(answer.text))
  );
}

function canWriteAnswer(text: string): boolean {
  const [first = "", ...rest] = text.split("\n");
  return (
    first.trim() !== "" &&
    first === first.trimStart() &&
    rest.every((line) => line.trim() !== "" && !readOption(line) && !ANSWER_LINE.test(line))
  );
}
