import { isDeepStrictEqual } from "node:util";
import { serverVi } from "#base/i18n/vi-server.ts";
import {
  OWN_PRACTICE_MAX_BYTES,
  OWN_PRACTICE_MAX_QUESTIONS,
  PRACTICE_MAX_PICTURES,
} from "#base/limits.ts";
import { parseAiken } from "./formats/aiken.ts";
import { parseCsv } from "./formats/csv.ts";
import { type BankFormat, detectFormat } from "./formats/detect.ts";
import { parseGift } from "./formats/gift.ts";
import { parseJsonBank } from "./formats/json.ts";
import { parseMoodleXml } from "./formats/moodle-xml.ts";
import { prepareText } from "./formats/text-encoding.ts";
import type { BankQuestion, ParseResult, ParsedQuestions, Problem } from "./formats/types.ts";
import { parseViText, writeViText } from "./formats/vi-text.ts";
import { writeGift } from "./formats/gift.ts";
import { findMathErrors, findPictureRefs } from "./rich-text.ts";
import type { PictureMeta } from "#base/pictures.ts";

/**
 * A student's own practice (ADR 0014), from the text they pasted or a file converted to text:
 * the importer's own parsers and checks (content/formats/*), the CLI's rule that a file without
 * a question is refused, and the limits of base/limits.ts. Every problem carries a 1-based line
 * of the text, so the editor can point at it.
 */
export interface OwnTextInput {
  text: string;
  /** The file the text came from, when one was dropped: its extension names the format. */
  fileName?: string;
  /**
   * The stored pictures the text may show (issue 26): those its author brought in. A picture
   * the text names that is not here is an error at its question. Absent: pictures are not checked
   * (a file read before its pictures are stored).
   */
  pictures?: readonly PictureMeta[];
}

export interface OwnTextResult {
  parsed: ParsedQuestions | null;
  problems: Problem[];
  format: BankFormat | null;
}

const FILE = "";

/** The parser's own problems, worded with the server's other refusals of the editor. */
const OWN_MESSAGES = serverVi.ownPracticeEditor.textProblems;

/** Parses a student's text with the importer's parsers; never throws on any input. */
export function parseOwnText(input: OwnTextInput): OwnTextResult {
  if (new TextEncoder().encode(input.text).length > OWN_PRACTICE_MAX_BYTES) {
    return refuse(OWN_MESSAGES.tooLarge, null);
  }
  if (prepareText(input.text).trim() === "") return refuse(OWN_MESSAGES.empty, null);
  const result = parseQuestionText(input);
  const { parsed, problems } = result;
  if (parsed) problems.push(...checkOwnLimits(parsed, problems));
  return { ...result, problems: sortByLine(problems) };
}

/**
 * A text read as the editor and `npm run import` both read it: the one detector
 * (formats/detect.ts), its parser, every problem at a line, and a warning for each formula
 * KaTeX cannot read. Our JSON is read as one practice here; the CLI reads a whole bank itself.
 */
export function parseQuestionText(input: OwnTextInput): OwnTextResult {
  const text = prepareText(input.text);
  const format = detectFormat(input.fileName, text);
  const result = parseAs(format, text, /\.docx$/iu.test(input.fileName ?? ""));
  const parsed = result.value;
  const problems = result.problems.map((problem) => locate(problem, parsed));
  if (parsed) problems.push(...parsed.questions.flatMap(mathWarnings));
  if (parsed && input.pictures) problems.push(...pictureProblems(parsed, input.pictures));
  return { parsed, problems: sortByLine(problems), format };
}

function refuse(message: string, format: BankFormat | null): OwnTextResult {
  return { parsed: null, problems: [{ file: FILE, line: 1, message, severity: "error" }], format };
}

const PARSERS = {
  aiken: parseAiken,
  gift: parseGift,
  "moodle-xml": parseMoodleXml,
  csv: parseCsv,
  "vi-text": parseViText,
} as const;

function parseAs(
  format: BankFormat,
  text: string,
  fromWord: boolean,
): ParseResult<ParsedQuestions | null> {
  if (format === "vi-text") return parseViText(text, FILE, fromWord);
  if (format !== "json") return PARSERS[format](text, FILE);
  const result = parseJsonBank(text, FILE);
  const practices = result.value?.practices ?? [];
  if (practices.length > 1) {
    const problem: Problem = {
      file: FILE,
      line: 1,
      message: OWN_MESSAGES.severalPractices(practices.length),
      severity: "error",
    };
    return { value: null, problems: [problem, ...result.problems] };
  }
  const practice = practices[0];
  return {
    value: practice ? { chapters: practice.chapters ?? [], questions: practice.questions } : null,
    problems: result.problems,
  };
}

/** A problem without a line is placed at its question's line, else at the first line. */
function locate(problem: Problem, parsed: ParsedQuestions | null): Problem {
  if (problem.line !== undefined) return problem;
  const question =
    problem.question === undefined ? undefined : parsed?.questions[problem.question - 1];
  return { ...problem, line: question?.line ?? 1 };
}

function checkOwnLimits(parsed: ParsedQuestions, found: Problem[]): Problem[] {
  const count = parsed.questions.length;
  if (count > OWN_PRACTICE_MAX_QUESTIONS) {
    return [
      { file: FILE, line: 1, message: OWN_MESSAGES.tooManyQuestions(count), severity: "error" },
    ];
  }
  if (count === 0 && !found.some((problem) => problem.severity === "error")) {
    return [{ file: FILE, line: 1, message: OWN_MESSAGES.noQuestion, severity: "error" }];
  }
  return [];
}

/** KaTeX shows a formula it cannot read as red source text: worth a warning, not a refusal. */
function mathWarnings(question: BankQuestion, index: number): Problem[] {
  const texts = [question.text, ...question.answers.map((a) => a.text), question.explanation ?? ""];
  return texts.flatMap(findMathErrors).map((error) => ({
    file: FILE,
    line: question.line ?? 1,
    question: index + 1,
    message: OWN_MESSAGES.math(error),
    severity: "warning" as const,
  }));
}

/** Each picture a question names that its author has not brought in, and too many pictures. */
function pictureProblems(parsed: ParsedQuestions, pictures: readonly PictureMeta[]): Problem[] {
  const known = new Set(pictures.map((picture) => picture.hash));
  const used = new Set<string>();
  const problems: Problem[] = [];
  parsed.questions.forEach((question, index) => {
    for (const ref of questionTexts(question)
      .flatMap(findPictureRefs)
      .map(({ ref }) => ref)) {
      used.add(ref);
      if (known.has(ref)) continue;
      problems.push({
        file: FILE,
        line: question.line ?? 1,
        question: index + 1,
        message: serverVi.pictures.missing(ref),
        severity: "error",
      });
    }
  });
  if (used.size > PRACTICE_MAX_PICTURES) {
    const message = serverVi.pictures.tooMany(used.size, PRACTICE_MAX_PICTURES);
    problems.push({ file: FILE, line: 1, message, severity: "error" });
  }
  return problems;
}

/** Every text of a question that may show a picture or a formula. */
function questionTexts(question: BankQuestion): string[] {
  return [
    question.text,
    ...question.answers.flatMap((answer) => [answer.text, answer.feedback ?? ""]),
    question.explanation ?? "",
  ];
}

function sortByLine(problems: Problem[]): Problem[] {
  return problems
    .map((problem, order) => ({ problem, order }))
    .sort((a, b) => (a.problem.line ?? 0) - (b.problem.line ?? 0) || a.order - b.order)
    .map(({ problem }) => problem);
}

/**
 * A stored practice as text to edit: the "Câu n" layout when it carries everything the
 * practice has (parsing it back gives the same questions), else GIFT (which also carries
 * per-answer feedback, ids and "any one key"), else our JSON, which carries everything.
 */
export function formatOwnPracticeText(parsed: ParsedQuestions): {
  text: string;
  fileName?: string;
} {
  const candidates: { text: string; fileName?: string }[] = [
    { text: writeViText(parsed) },
    { text: writeGift(parsed.questions, parsed.chapters).text, fileName: "de.gift" },
  ];
  for (const candidate of candidates) {
    const back = parseOwnText(candidate);
    const clean = !back.problems.some((problem) => problem.severity === "error");
    if (clean && back.parsed && sameQuestions(back.parsed, parsed)) return candidate;
  }
  return ownPracticeJson(parsed);
}

/** Our JSON, which carries everything: what the editor shows when nothing lighter does. */
export function ownPracticeJson(parsed: ParsedQuestions): { text: string; fileName: string } {
  return { text: ownJson(parsed), fileName: "de.json" };
}

/** Our bank format around one practice; its subject and codes are placeholders nobody reads. */
function ownJson(parsed: ParsedQuestions): string {
  const practice = {
    code: "de-cua-toi",
    title: "Đề của tôi",
    description: "",
    ...(parsed.chapters.length > 0 ? { chapters: parsed.chapters } : {}),
    questions: parsed.questions.map(({ line: _line, ...question }) => question),
  };
  const subject = { code: "mon-cua-toi", name: "Môn của tôi", description: "", keywords: [] };
  return `${JSON.stringify({ subject, practices: [practice] }, null, 2)}\n`;
}

/** Equal questions and chapters, where each question starts aside. */
export function sameQuestions(a: ParsedQuestions, b: ParsedQuestions): boolean {
  const strip = (parsed: ParsedQuestions) => ({
    chapters: parsed.chapters,
    questions: parsed.questions.map(({ line: _line, ...question }) => question),
  });
  return isDeepStrictEqual(strip(a), strip(b));
}
