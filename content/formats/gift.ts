import {
  type WeightedAnswer,
  chaptersNeedDeclaring,
  choiceKeys,
  fileUncategorised,
  isMoodleTrueFalse,
  moodleTypeName,
} from "./moodle-rules.ts";
import { type Media, htmlMedia, mediaWarning, uniqueMedia } from "./moodle-media.ts";
import { htmlToText } from "#content/html-text.ts";
import { chapterForCategory } from "./moodle-xml.ts";
import { prepareText } from "./text-encoding.ts";
import { restAfterSpaces } from "#base/trim.ts";
import { giftNumerical, giftShortAnswer } from "./gift-kinds.ts";
import type {
  BankAnswer,
  BankChapter,
  BankQuestion,
  ParseResult,
  ParsedQuestions,
} from "./types.ts";
import {
  type ProblemLog,
  MIN_ANSWERS,
  createProblemLog,
  finishParse,
  reportError,
  reportWarning,
  skippedTypeMessage,
} from "./validate-questions.ts";

/**
 * Moodle GIFT. We follow Moodle's own reader where it matters: questions are separated by blank
 * lines, a line starting with "//" is a comment wherever it is, "\n" is a line break, and the
 * answer block decides the type in Moodle's order (essay, numerical, multiple choice, matching,
 * true/false, short answer).
 */

interface Block {
  line: number;
  text: string;
}

interface GiftState {
  log: ProblemLog;
  parsed: ParsedQuestions;
  chapterByPath: Map<string, number>;
  chapter: number | undefined;
}

type TextFormat = "html" | "markdown" | "plain" | "moodle";

const CATEGORY_HEAD = /^\s*\$CATEGORY:/u;

/** The category's path, or null when the line is not one (see restAfterSpaces). */
function readCategory(line: string): string | null {
  const head = CATEGORY_HEAD.exec(line);
  return head ? restAfterSpaces(line.slice(head[0].length)) : null;
}
const FORMAT_MARKER = /^\s*\[(html|markdown|plain|moodle)\]/iu;
const GIFT_SPECIALS = "~=#{}:";

export function parseGift(text: string, file: string): ParseResult<ParsedQuestions> {
  const state: GiftState = {
    log: createProblemLog(file),
    parsed: { chapters: [], questions: [] },
    chapterByPath: new Map(),
    chapter: undefined,
  };
  for (const block of splitBlocks(prepareText(text))) readBlock(state, block);
  fileUncategorised(state.parsed);
  return finishParse(state.parsed, state.log);
}

/** Blank lines end a question; a "$CATEGORY:" line is a block of its own even without them. */
function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  text.split("\n").forEach((line, index) => {
    if (line.trimStart().startsWith("//")) return;
    const isCategory = readCategory(line) !== null;
    if (line.trim() === "" || isCategory) current = undefined;
    if (line.trim() === "") return;
    if (current) current.text += `\n${line}`;
    else blocks.push((current = { line: index + 1, text: line }));
    if (isCategory) current = undefined;
  });
  return blocks;
}

function readBlock(state: GiftState, block: Block): void {
  const path = readCategory(block.text);
  if (path !== null) {
    state.chapter = chapterForCategory(state.parsed.chapters, state.chapterByPath, path);
    return;
  }
  const question = readQuestion(state, block);
  if (!question) return;
  if (state.chapter !== undefined) question.chapter = state.chapter;
  state.parsed.questions.push(question);
}

function readQuestion(state: GiftState, block: Block): BankQuestion | undefined {
  const { id, rest } = takeTitle(block.text);
  const parts = splitQuestion(rest, state.log, block);
  if (!parts) return undefined;
  const kind = classify(parts.body);
  // After code braces the block read may not be the answers: skipped with the hint below.
  if ((kind === "shortanswer" || kind === "numerical") && !parts.laterBrace)
    return readShortAnswer(state, block, parts, kind, id);
  if (kind !== "multichoice" && kind !== "truefalse") {
    const skipped = skippedTypeMessage(moodleTypeName(kind));
    reportWarning(
      state.log,
      block.line,
      parts.laterBrace ? `${skipped}${CODE_BRACES_HINT}` : skipped,
    );
    return undefined;
  }
  const number = state.parsed.questions.length + 1;
  const { format } = parts;
  const media: Media[] = [];
  const read = (source: string): string => toOurText(source, format, media);
  const question: BankQuestion = { text: read(parts.text), answers: [], line: block.line };
  if (kind === "truefalse") question.answers = trueFalseAnswers(parts.body, read);
  else {
    const choices = choiceAnswers(parts.body, state.log, block, number, read);
    question.answers = choices.answers;
    if (choices.anyKey) question.anyKey = true;
  }
  if (id !== undefined) question.id = id;
  const explanation = parts.feedback === undefined ? "" : read(parts.feedback);
  if (explanation !== "") question.explanation = explanation;
  for (const item of uniqueMedia(media)) {
    reportWarning(state.log, block.line, mediaWarning(item), number);
  }
  return question;
}

/** A short answer or numerical question as our short answer; refused with Moodle's reasons. */
function readShortAnswer(
  state: GiftState,
  block: Block,
  parts: QuestionParts,
  kind: "shortanswer" | "numerical",
  id: string | undefined,
): BankQuestion | undefined {
  const number = state.parsed.questions.length + 1;
  const media: Media[] = [];
  const read = (source: string): string => toOurText(source, parts.format, media);
  const helpers = {
    split: splitChoices,
    weight: (raw: string) => takeWeight(raw, state.log, block, number),
    at: splitAt,
    read,
  };
  const keys =
    kind === "numerical"
      ? giftNumerical(parts.body, helpers)
      : giftShortAnswer(parts.body, helpers);
  for (const message of keys.errors) reportError(state.log, block.line, message, number);
  for (const message of keys.warnings) reportWarning(state.log, block.line, message, number);
  // The refusal says why; "no answer" on top of it would say it twice.
  if (keys.errors.length > 0) state.log.keyReported.add(number);
  const question: BankQuestion = {
    text: read(parts.text),
    answers: keys.answers,
    kind: "short_answer",
    line: block.line,
  };
  if (id !== undefined) question.id = id;
  const explanation = parts.feedback === undefined ? "" : read(parts.feedback);
  if (explanation !== "") question.explanation = explanation;
  for (const item of uniqueMedia(media)) {
    reportWarning(state.log, block.line, mediaWarning(item), number);
  }
  return question;
}

interface QuestionParts {
  format: TextFormat;
  text: string;
  body: string;
  feedback: string | undefined;
  /** Another "{" after the answer block: the first braces were likely code, not answers. */
  laterBrace: boolean;
}

/** Question text, the answer block's body and its general feedback ("####…"). */
function splitQuestion(rest: string, log: ProblemLog, block: Block): QuestionParts | undefined {
  const open = findUnescaped(rest, "{");
  if (open < 0) {
    reportWarning(log, block.line, skippedTypeMessage("đoạn mô tả (không có phần đáp án {…})"));
    return undefined;
  }
  const close = findUnescaped(rest, "}", open + 1);
  if (close < 0) {
    reportError(log, block.line, "Thiếu dấu “}” đóng phần đáp án");
    return undefined;
  }
  const { format, text: before } = takeFormat(rest.slice(0, open));
  const after = rest.slice(close + 1);
  const [body, feedback] = splitAt(rest.slice(open + 1, close), "####");
  // Text after the answers makes a "missing word" question: the answers fill the blank.
  const text = after.trim() === "" ? before : `${before}_____${after}`;
  return { format, text, body, feedback, laterBrace: findUnescaped(after, "{") >= 0 };
}

const CODE_BRACES_HINT =
  "; nếu cặp ngoặc “{…}” đầu tiên là mã nguồn chứ không phải phần đáp án, hãy viết “\\{” và “\\}”";

function takeTitle(text: string): { id?: string; rest: string } {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("::")) return { rest: text };
  const end = findUnescaped(trimmed, "::", 2);
  if (end < 0) return { rest: text };
  const id = unescapeGift(trimmed.slice(2, end)).trim();
  const rest = trimmed.slice(end + 2);
  return id === "" ? { rest } : { id, rest };
}

function takeFormat(
  text: string,
  fallback: TextFormat = "moodle",
): { format: TextFormat; text: string } {
  const marker = FORMAT_MARKER.exec(text);
  if (!marker) return { format: fallback, text };
  const format = (marker[1] ?? "moodle").toLowerCase() as TextFormat;
  return { format, text: text.slice(marker[0].length) };
}

/**
 * Moodle's type of an answer block, in its order of tests. What is nothing else is short
 * answer, with or without "=" ("{One}" is one full-credit answer).
 */
function classify(body: string): string {
  const trimmed = body.trim();
  if (trimmed === "") return "essay";
  if (trimmed.startsWith("#")) return "numerical";
  if (findUnescaped(trimmed, "~") >= 0) return "multichoice";
  const hasEquals = findUnescaped(trimmed, "=") >= 0;
  if (hasEquals && findUnescaped(trimmed, "->") >= 0) return "match";
  if (/^(?:T|TRUE|F|FALSE)$/iu.test(splitAt(trimmed, "#")[0].trim())) return "truefalse";
  return "shortanswer";
}

/** "{T#wrong#right}": Moodle shows the first feedback for the wrong pick, the second for the right one. */
function trueFalseAnswers(body: string, read: (source: string) => string): BankAnswer[] {
  const [value, comment] = splitAt(body.trim(), "#");
  const [wrong, right] = comment === undefined ? [] : splitAt(comment, "#");
  const isTrue = /^T/iu.test(value.trim());
  const answer = (text: string, key: boolean): BankAnswer => {
    const feedback = read((key ? right : wrong) ?? "");
    return feedback === "" ? { text, key } : { text, key, feedback };
  };
  return [answer("Đúng", isTrue), answer("Sai", !isTrue)];
}

/**
 * Moodle's rule: an answer block with any "=" answer is single choice, otherwise multiple
 * answer; "=" weighs 100%, "~" 0% unless it carries "%n%". Each answer may have "#feedback".
 */
function choiceAnswers(
  body: string,
  log: ProblemLog,
  block: Block,
  number: number,
  read: (source: string) => string,
): { answers: BankAnswer[]; anyKey: boolean } {
  const { lead, choices } = splitChoices(body);
  if (lead.trim() !== "") {
    reportError(
      log,
      block.line,
      `Không hiểu phần “${lead.trim()}” trước phương án đầu tiên`,
      number,
    );
  }
  const single = choices.some(({ marker }) => marker === "=");
  const weighted = choices.map(({ marker, raw }): WeightedAnswer => {
    const { weight, rest } = takeWeight(raw, log, block, number);
    const [answerText, feedbackText] = splitAt(rest, "#");
    const answer: WeightedAnswer = {
      text: read(answerText),
      weight: marker === "=" ? 100 : (weight ?? 0),
    };
    const feedback = feedbackText === undefined ? "" : read(feedbackText);
    if (feedback !== "") answer.feedback = feedback;
    return answer;
  });
  const keys = choiceKeys(weighted, single);
  for (const message of keys.errors) reportError(log, block.line, message, number);
  for (const message of keys.warnings) reportWarning(log, block.line, message, number);
  return keys;
}

/** Each choice starts at an unescaped "=" (right) or "~" (wrong, or weighted). */
function splitChoices(body: string): { lead: string; choices: { marker: string; raw: string }[] } {
  const choices: { marker: string; raw: string }[] = [];
  let start = 0;
  let marker: string | undefined;
  let lead = "";
  for (let index = 0; index <= body.length; index++) {
    const char = body[index];
    if (char === "\\") {
      index++;
      continue;
    }
    if (char !== "=" && char !== "~" && index < body.length) continue;
    const segment = body.slice(start, index);
    if (marker === undefined) lead = segment;
    else choices.push({ marker, raw: segment });
    marker = char;
    start = index + 1;
  }
  return { lead, choices };
}

function takeWeight(
  raw: string,
  log: ProblemLog,
  block: Block,
  number: number,
): { weight?: number; rest: string } {
  const trimmed = raw.trimStart();
  if (!trimmed.startsWith("%")) return { rest: raw };
  const match = /^%(-?\d+(?:[.,]\d+)?)%/u.exec(trimmed);
  if (!match) {
    const shown = /^%[^%\s]*%?/u.exec(trimmed)?.[0] ?? "%";
    reportError(log, block.line, `Trọng số “${shown}” không hợp lệ`, number);
    return { rest: trimmed.slice(shown.length) };
  }
  const weight = Number((match[1] ?? "0").replace(",", "."));
  return { weight, rest: trimmed.slice(match[0].length) };
}

/**
 * One text field in our text format. A field may start with its own "[format]" marker; without
 * one it has the question's. Moodle renders its default format as HTML with line breaks kept,
 * so markup there is rendered as [html] is (a "<stdio.h>" that is no HTML tag stays text);
 * [plain] and [markdown] (our text format is Markdown's code and math) are kept as written.
 * Every picture, sound or video dropped is added to `media`, for one warning each.
 */
function toOurText(source: string, questionFormat: TextFormat, media: Media[]): string {
  const { format, text: rest } = takeFormat(source, questionFormat);
  const text = unescapeGift(rest);
  if (format === "html" || (format === "moodle" && looksLikeHtml(text))) {
    media.push(...htmlMedia(text));
    return htmlToText(format === "moodle" ? text.trim().replaceAll("\n", "<br>") : text);
  }
  return text.trim();
}

const HTML_TAG =
  /<\/?(?:a|b|i|u|s|em|strong|p|br|div|span|img|audio|video|source|sub|sup|code|pre|ul|ol|li|table|tr|td|th|h[1-6]|font|hr|blockquote|small|big|strike|tt)\b[^>]*>|<!--|&(?:[a-z]+\d*|#\d+|#x[\da-f]+);/iu;

function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

/** Index of `needle` outside backslash escapes, or -1. */
function findUnescaped(text: string, needle: string, from = 0): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text.startsWith(needle, index)) return index;
  }
  return -1;
}

function splitAt(text: string, separator: string): [string, string | undefined] {
  const index = findUnescaped(text, separator);
  return index < 0
    ? [text, undefined]
    : [text.slice(0, index), text.slice(index + separator.length)];
}

function unescapeGift(text: string): string {
  return text.replace(/\\([\s\S])/gu, (escape, char: string) => {
    if (char === "n") return "\n";
    return GIFT_SPECIALS.includes(char) || char === "\\" ? char : escape;
  });
}

/* ---------------------------------------------------------------- writer */

/**
 * Writes questions as GIFT that Moodle and parseGift both read back. A short answer is GIFT's
 * short answer ("{=0,5 =1/2}"), or its numerical question ("{#=0.5:0.01}") when an answer has
 * a tolerance. Not expressible: a Đúng/Sai question of several statements (GIFT's true/false
 * has one), and a multiple-choice question of fewer than two answers ("{=x}" reads as a short
 * answer); their numbers are returned as `skipped`. Lost: `reference` and chapter descriptions.
 */
export function writeGift(
  questions: BankQuestion[],
  chapters: BankChapter[],
): { text: string; skipped: number[] } {
  const blocks = declareChapters(questions.filter(canWrite), chapters);
  const skipped: number[] = [];
  let current = blocks.length > 0 ? chapters.length - 1 : undefined;
  questions.forEach((question, index) => {
    if (!canWrite(question)) {
      skipped.push(index + 1);
      return;
    }
    const chapter = question.chapter === undefined ? undefined : chapters[question.chapter];
    const target = chapter ? question.chapter : undefined;
    if (target !== current) blocks.push(categoryLine(chapter?.title));
    current = target;
    blocks.push(formatQuestion(question));
  });
  return { text: blocks.length > 0 ? `${blocks.join("\n\n")}\n` : "", skipped };
}

function declareChapters(questions: BankQuestion[], chapters: BankChapter[]): string[] {
  return chaptersNeedDeclaring(questions, chapters)
    ? chapters.map((chapter) => categoryLine(chapter.title))
    : [];
}

function categoryLine(title: string | undefined): string {
  const path = title === undefined ? "" : `/${title.replaceAll("/", "//")}`;
  return `$CATEGORY: $course$/top${path}`;
}

function canWrite(question: BankQuestion): boolean {
  if (question.kind === "true_false") return false;
  if (question.kind === "short_answer")
    return question.answers.length > 0 && numericAnswers(question) !== undefined;
  return question.answers.length >= MIN_ANSWERS;
}

/**
 * A short answer with a tolerance is written as GIFT's numerical question: its answers as
 * numbers ("0,5" → 0.5), null when it has no tolerance (a short answer), undefined when a
 * tolerance sits beside an answer that is no number (not expressible).
 */
function numericAnswers(question: BankQuestion): number[] | null | undefined {
  if (!question.answers.some((answer) => answer.tolerance !== undefined)) return null;
  const numbers = question.answers.map((answer) =>
    /^-?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/u.test(answer.text.trim())
      ? Number(answer.text.trim().replace(",", "."))
      : Number.NaN,
  );
  return numbers.every(Number.isFinite) ? numbers : undefined;
}

function formatShortAnswer(question: BankQuestion, head: string, feedback: string): string {
  const numbers = numericAnswers(question);
  const comment = (text: string | undefined) => (text ? `#${encodeText(text)}` : "");
  const answers = question.answers.map((answer, index) =>
    numbers
      ? `=${numbers[index]}${answer.tolerance ? `:${answer.tolerance}` : ""}${comment(answer.feedback)}`
      : `=${encodeText(answer.text)}${comment(answer.feedback)}`,
  );
  return [
    head,
    numbers ? "{#" : "{",
    ...answers.map((line) => `\t${line}`),
    ...(feedback ? [`\t${feedback}`] : []),
    "}",
  ].join("\n");
}

function formatQuestion(question: BankQuestion): string {
  const title = question.id === undefined ? "" : `::${escapeGift(question.id)}::`;
  const head = `${title}[markdown]${encodeText(question.text)}`;
  const feedback =
    question.explanation === undefined ? "" : `####${encodeText(question.explanation)}`;
  if (question.kind === "short_answer") return formatShortAnswer(question, head, feedback);
  if (isMoodleTrueFalse(question)) {
    const right = question.answers.find((answer) => answer.key)?.feedback ?? "";
    const wrong = question.answers.find((answer) => !answer.key)?.feedback ?? "";
    // "#wrong#" followed by "####" would read as "####" too early: the empty right one is left out.
    const comments = right
      ? `#${encodeText(wrong)}#${encodeText(right)}`
      : wrong
        ? `#${encodeText(wrong)}`
        : "";
    return `${head}\n{${question.answers[0]?.key ? "T" : "F"}${comments}${feedback}}`;
  }
  const answers = answerLines(question.answers, question.anyKey === true);
  return [head, "{", ...answers, ...(feedback ? [`\t${feedback}`] : []), "}"].join("\n");
}

/**
 * One key, or any one of several: "=" and "~". Several that must all be picked: Moodle's
 * all-or-nothing weights, keys share 100%.
 */
function answerLines(answers: BankAnswer[], anyKey: boolean): string[] {
  const keys = answers.filter((answer) => answer.key).length;
  const weight = Number((100 / keys).toFixed(5));
  return answers.map((answer) => {
    const single = keys <= 1 || anyKey;
    const marker = single ? (answer.key ? "=" : "~") : answer.key ? `~%${weight}%` : "~%-100%";
    const feedback = answer.feedback ? `#${encodeText(answer.feedback)}` : "";
    return `\t${marker}${encodeText(answer.text)}${feedback}`;
  });
}

function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/gu, (char) => `\\${char}`);
}

/**
 * Line breaks stay real where Moodle would not misread them. A blank line would end the question
 * and a line starting with "//" would be dropped as a comment, so the breaks before those are
 * written "\n". The text never starts or ends with a blank line, so no written line is blank.
 */
function encodeText(text: string): string {
  const lines = escapeGift(text).split("\n");
  return lines.reduce((written, line) => {
    const escaped = line.trim() === "" || line.trimStart().startsWith("//");
    return `${written}${escaped ? "\\n" : "\n"}${line}`;
  });
}
