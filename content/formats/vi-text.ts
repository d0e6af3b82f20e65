import { fileUncategorised } from "./moodle-rules.ts";
import { MARK_OPEN, type MarkSpan, marksCovering, readMarks } from "./key-marks.ts";
import { joinLines, prepareText } from "./text-encoding.ts";
import type { BankQuestion, ParseResult, ParsedQuestions, Problem } from "./types.ts";
import {
  COPIED_TEXT_ADVICE,
  type DocumentKeys,
  type KeyDraft,
  chooseDocumentMark,
  keyLabelOf,
  resolveKeys,
} from "./vi-text-keys.ts";
import {
  type AnswerPart,
  type QuestionStart,
  answerOpening,
  readAnswerLine,
  readChapter,
  readExplanationStart,
  namesEssay,
  readKeyLine,
  readBareSolutionKey,
  readQuestionStart,
  readSolutionKey,
  unwrapBold,
} from "./vi-text-lines.ts";
import {
  type KindDraft,
  type TextKind,
  kindOfDraft,
  partKindOf,
  resolveShortAnswer,
  resolveTrueFalse,
  truthKeyText,
} from "./vi-text-kinds.ts";
import { type Structure, findStructure } from "./vi-text-structure.ts";
import { type KindKey, type Tail, partNumber, readTail } from "./vi-text-tail.ts";
import {
  type ProblemLog,
  chapterIndex,
  createProblemLog,
  finishParse,
  letterOf,
  reportError,
  reportWarning,
} from "./validate-questions.ts";

/**
 * The layout teachers write for Azota, OLM or a class group, pasted or read from Word:
 *
 *   PHẦN I. TRẮC NGHIỆM                  (or "Chương 1: …": a chapter; optional)
 *   Câu 1 (NB): Câu lệnh nào …?          (also "Câu 1.", "Câu1:", "Câu hỏi 1:", "Câu 1 -",
 *                                         "Bài 1:", "Question 1:", or "1." where the whole
 *                                         document numbers its questions so)
 *   A. …   B. …                          (also "A)", "A:", "a." when the question has no "A.";
 *                                         several on one line; "*B." or "B. … (đúng)" marks a key)
 *   Đáp án: B                            (or "ĐA: B", "Đáp án B", "Chọn B", "B hoặc C")
 *   Lời giải: …                          (optional, until the next "Câu")
 *   --- HẾT ---                          (then optionally a key table "1.A 2.C" or "Câu 1: B"
 *   BẢNG ĐÁP ÁN / LỜI GIẢI                 lines, and solutions "Câu 1: Chọn A. …")
 *
 * The 2025 exam's kinds (vi-text-kinds.ts): a Đúng/Sai question's statements "a) …" keyed
 * "Đáp án: a) Đ, b) S, …" or "ĐSĐS" (or underlined in Word), a short answer's "Đáp án: 1,5" with
 * no options; "PHẦN II/III" headings naming the kind decide it for the questions under them.
 *
 * Word's formatting arrives as key marks (key-marks.ts); which answer is the key follows one rule
 * (vi-text-keys.ts). Text before the first question (the title, the instructions) is ignored.
 * Smart quotes become straight ones: Word's autocorrect puts them into SQL and C code too.
 */

interface SourceLine {
  /** The line without marks and without its surrounding spaces. */
  text: string;
  /** Where `text` starts in the line without marks, and the marks of that line. */
  offset: number;
  plain: string;
  spans: MarkSpan[];
}

type Section = "text" | "answers" | "key" | "explanation";

interface DraftAnswer {
  lines: string[];
  flags: number;
}

interface Draft extends KeyDraft, KindDraft {
  keyLine?: KindDraft["keyLine"] & KeyDraft["keyLine"];
  chapter: number | undefined;
  /** The number of the "PHẦN n" heading above, to match a key table split by parts. */
  part: number | undefined;
  section: Section;
  lowerCase: boolean;
  separator: string;
  textLines: string[];
  answers: DraftAnswer[];
  /** The last line of the answers: where a key line written from a mark goes. */
  answersEnd: number;
  explanationLines: string[];
  explanationLine?: number;
  found?: boolean;
  /** Under a heading naming "TỰ LUẬN": without answers, skipped rather than refused. */
  essay: boolean;
  /** "Câu" or "Bài", as the question was written, to name it when it is skipped. */
  word: string;
}

interface ViState {
  log: ProblemLog;
  parsed: ParsedQuestions;
  chapter: number | undefined;
  /** The questions read now are under a heading naming "TỰ LUẬN". */
  essay: boolean;
  /** The kind the heading above names ("PHẦN II. Câu trắc nghiệm đúng sai"), and its number. */
  partKind: TextKind | null;
  part: number | undefined;
  draft: Draft | undefined;
  drafts: Draft[];
  lines: SourceLine[];
  structure: Structure;
  /** Each line as the student edits it: marks, stars and "(đúng)" removed. */
  cleanLines: string[];
}

interface MarkedParse {
  result: ParseResult<ParsedQuestions>;
  cleanLines: string[];
  /** Where an "Đáp án" line must be written so the text keeps keys that came from marks. */
  keyLines: { after: number; value: string }[];
}

/** `fromWord`: the text was converted from a Word file, so no advice to upload that file. */
export function parseViText(
  text: string,
  file: string,
  fromWord = false,
): ParseResult<ParsedQuestions> {
  return parseMarked(text, file, fromWord).result;
}

/**
 * A marked text (from the Word reader) as the text the student edits: every mark removed, and an
 * "Đáp án: X" line written under each question whose key came from a mark, so that
 * parseViText(result.text) gives the same keys. Problems are those of the marked parse (warnings
 * about disagreeing marks included), at the lines of the returned text; `linesInsertedAfter`
 * lists the marked text's lines each written line follows, for other notes to be moved alike.
 */
export function writeKeysIntoText(
  markedText: string,
  file: string,
): { text: string; problems: Problem[]; linesInsertedAfter: number[] } {
  const { result, cleanLines, keyLines } = parseMarked(markedText, file, true);
  const inserted = new Map(keyLines.map((key) => [key.after, key.value]));
  const out: string[] = [];
  cleanLines.forEach((line, index) => {
    out.push(line);
    const value = inserted.get(index + 1);
    if (value) out.push(`Đáp án: ${value}`);
  });
  const afters = keyLines.map((key) => key.after).sort((a, b) => a - b);
  const shift = (line: number) => line + countBelow(afters, line);
  const problems = result.problems.map((problem) =>
    problem.line === undefined ? problem : { ...problem, line: shift(problem.line) },
  );
  return { text: out.join("\n"), problems, linesInsertedAfter: afters };
}

/** How many of the sorted `values` are below `limit`. */
export function countBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

function parseMarked(text: string, file: string, fromWord: boolean): MarkedParse {
  const raw = cleanWordArtefacts(prepareText(text)).split("\n");
  const lines = raw.map(toSourceLine);
  const state: ViState = {
    log: createProblemLog(file),
    parsed: { chapters: [], questions: [] },
    chapter: undefined,
    essay: false,
    partKind: null,
    part: undefined,
    draft: undefined,
    drafts: [],
    lines,
    structure: findStructure(lines.map((line) => line.text)),
    cleanLines: lines.map((line) => line.plain),
  };
  const tailAt = state.structure.tailAt;
  for (let index = 0; index < tailAt; index += 1) readLine(state, index);
  finishDraft(state);
  const tailLines = lines.slice(tailAt).map((line) => line.text);
  const tail = readTail(tailLines, tailAt, state.structure.numbered);
  const keyLines = finishQuestions(state, tail);
  dropEmptyChapters(state.parsed);
  fileUncategorised(state.parsed);
  if (!fromWord && !state.drafts.some((draft) => draft.found) && !text.includes(MARK_OPEN)) {
    if (state.drafts.some((draft) => draft.answers.length > 0)) {
      // First, above the questions' own "no key" errors it explains.
      reportWarning(state.log, 1, COPIED_TEXT_ADVICE);
      state.log.problems.unshift(state.log.problems.pop()!);
    }
  }
  return { result: finishParse(state.parsed, state.log), cleanLines: state.cleanLines, keyLines };
}

function toSourceLine(line: string): SourceLine {
  const { plain, spans } = readMarks(line);
  const trimmedStart = plain.trimStart();
  return {
    text: trimmedStart.trimEnd(),
    offset: plain.length - trimmedStart.length,
    plain: plain.trimEnd(),
    spans,
  };
}

/** Word's non-breaking and zero-width spaces, smart quotes and manual line breaks. */
function cleanWordArtefacts(text: string): string {
  return text
    .replaceAll("\u000B", "\n")
    .replaceAll("\u000C", "\n")
    .replace(/[\u2028\u2029]/gu, "\n")
    .replaceAll("\uFF1A", ":")
    .replace(/[\u00A0\u2007\u202F]/gu, " ")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/gu, "")
    .replace(/[‘’‚‛]/gu, "'")
    .replace(/[“”„‟]/gu, '"');
}

function readLine(state: ViState, index: number): void {
  const source = state.lines[index]!;
  const line = source.text;
  const lineNumber = index + 1;
  const marker = unwrapBold(line);
  const chapter = readChapter(marker);
  if (chapter) {
    startChapter(state, chapter.title || chapter.fallback);
    state.essay = namesEssay(chapter.title);
    state.partKind = partKindOf(chapter.title);
    state.part = partNumberOf(chapter.fallback);
    return;
  }
  const lesson = state.structure.lessons.get(index);
  // "Bài 1 (2 điểm): …" under "TỰ LUẬN" is an exercise, not a lesson heading.
  const exercise = lesson !== undefined && state.essay ? readQuestionStart(marker) : null;
  if (exercise) return startQuestion(state, exercise, index);
  if (lesson !== undefined) return startChapter(state, lesson);
  const start = state.structure.starts.get(index);
  if (start) return startQuestion(state, start, index);
  if (state.draft?.section !== "explanation" || !/^chọn\s/iu.test(marker)) {
    const key = readKeyLine(marker);
    if (key !== null) return acceptKey(state, key, marker, lineNumber);
  }
  const explained = readExplanationStart(marker);
  if (explained !== null) return startExplanation(state, explained, lineNumber);
  if (readAnswers(state, source, lineNumber)) return;
  addPlainLine(state, source.plain, lineNumber);
}

function startChapter(state: ViState, title: string): void {
  finishDraft(state);
  state.chapter = chapterIndex(state.parsed.chapters, title);
}

function startQuestion(state: ViState, start: QuestionStart, index: number): void {
  finishDraft(state);
  const layout = answerLayout(state, index);
  state.draft = {
    line: index + 1,
    written: start.written,
    position: state.drafts.length + 1,
    chapter: state.chapter,
    part: state.part,
    partKind: state.partKind,
    section: "text",
    ...layout,
    textLines: [unwrapBold(start.rest.trim())],
    answers: [],
    answersEnd: index + 1,
    explanationLines: [],
    essay: state.essay,
    word: start.style === "bài" ? "Bài" : "Câu",
  };
}

/**
 * How this question writes its answers, from its own lines: "a." only when no "A" opens an
 * answer (statements "a) b) c)" above "A. B. C. D." are text), "A:", "A/", "A -" only without
 * "A." or "A)" (a dialogue "A: … B: …" or "A - B" above the answers is text).
 */
function answerLayout(state: ViState, index: number): { lowerCase: boolean; separator: string } {
  const end = state.structure.blockEnd(index);
  const upper = new Set<string>();
  const lower = new Set<string>();
  for (let at = index + 1; at < end; at += 1) {
    const opening = answerOpening(state.lines[at]!.text);
    if (opening?.letter === "A") upper.add(opening.separator);
    if (opening?.letter === "a") lower.add(opening.separator);
  }
  const used = upper.size > 0 ? upper : lower;
  if (used.has(".") || used.has(")")) return { lowerCase: upper.size === 0, separator: "" };
  const separator = [":", "/", "-"].find((candidate) => used.has(candidate)) ?? ":";
  return { lowerCase: upper.size === 0, separator };
}

function acceptKey(state: ViState, raw: string, text: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    reportError(
      state.log,
      lineNumber,
      "Dòng “Đáp án” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên",
    );
    return;
  }
  if (draft.keyLine) {
    const message = `Câu hỏi có hai dòng “Đáp án” (dòng ${draft.keyLine.line} và dòng ${lineNumber})`;
    reportError(state.log, lineNumber, message, draft.position);
    return;
  }
  const label = keyLabelOf(text, raw) ?? "";
  draft.keyLine = { raw, line: lineNumber, text: shorten(text), label };
  if (draft.section !== "explanation") draft.section = "key";
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function startExplanation(state: ViState, firstLine: string, lineNumber: number): void {
  const draft = state.draft;
  if (!draft) {
    const message = "Dòng “Lời giải” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên";
    reportError(state.log, lineNumber, message);
    return;
  }
  draft.section = "explanation";
  draft.explanationLine ??= lineNumber;
  draft.explanationLines.push(firstLine);
}

/** Reads the line's answers when it holds some the question accepts here; false otherwise. */
function readAnswers(state: ViState, source: SourceLine, lineNumber: number): boolean {
  const draft = state.draft;
  const inAnswers = draft?.section === "answers";
  const parts = readAnswerLine(source.text, {
    lowerCase: draft?.lowerCase ?? false,
    separator: draft?.separator ?? "",
    expected: inAnswers ? letterOf(draft.answers.length) : null,
  });
  const first = parts?.[0];
  if (!parts || !first) return false;
  if (draft && !(inAnswers || (draft.section === "text" && first.letter === "A"))) return false;
  if (!draft) {
    const message = `Phương án “${first.letter}” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên`;
    reportError(state.log, lineNumber, message);
    return true;
  }
  draft.section = "answers";
  draft.answersEnd = lineNumber;
  for (const part of parts) {
    checkAnswerOrder(state.log, draft, part.letter, lineNumber);
    const text = source.text.slice(part.textStart, part.textEnd);
    draft.answers.push({ lines: [text], flags: answerFlags(source, part) });
  }
  state.cleanLines[lineNumber - 1] = cleanAnswerLine(source, parts);
  return true;
}

/** A key mark on an answer covers its letter or its whole text. */
function answerFlags(source: SourceLine, part: AnswerPart): number {
  const at = source.offset;
  const letter = marksCovering(
    source.plain,
    source.spans,
    at + part.letterAt,
    at + part.letterAt + 1,
  );
  const text =
    part.textEnd > part.textStart
      ? marksCovering(source.plain, source.spans, at + part.textStart, at + part.textEnd)
      : 0;
  return part.flags | letter | text;
}

/** The answer line without the stars and "(đúng)" that marked a key. */
function cleanAnswerLine(source: SourceLine, parts: AnswerPart[]): string {
  const cuts: { start: number; end: number }[] = [];
  for (const part of parts) {
    if (part.note) cuts.push(part.note);
    const star = source.text.lastIndexOf("*", part.letterAt);
    if (star >= 0 && /^\*\s*(?:(?:\*\*|__)\s*)?$/u.test(source.text.slice(star, part.letterAt))) {
      if (source.text[star - 1] !== "*") cuts.push({ start: star, end: part.letterAt });
    }
  }
  let text = source.text;
  for (const cut of cuts.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, cut.start) + text.slice(cut.end);
  }
  return source.plain.slice(0, source.offset) + text;
}

function checkAnswerOrder(log: ProblemLog, draft: Draft, letter: string, lineNumber: number): void {
  const expected = letterOf(draft.answers.length);
  if (letter === expected) return;
  const message =
    draft.answers.length === 0
      ? `Phương án “${letter}” không đúng thứ tự: phương án đầu tiên phải là “A”`
      : `Phương án “${letter}” không đúng thứ tự: sau “${letterOf(draft.answers.length - 1)}” phải là “${expected}”`;
  reportError(log, lineNumber, message, draft.position);
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
      if (blank) return;
      draft.answers[draft.answers.length - 1]?.lines.push(line);
      draft.answersEnd = lineNumber;
      return;
    case "key":
      if (!blank) reportStrayLine(state.log, lineNumber, draft.position);
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
  if (draft.essay && draft.answers.length === 0) {
    const message = `${draft.word} ${draft.written} ở phần tự luận không có phương án nên không được nhập`;
    reportWarning(state.log, draft.line, message);
    return;
  }
  state.drafts.push(draft);
}

/** A heading whose questions were all skipped (an essay part) is no chapter of the practice. */
function dropEmptyChapters(parsed: ParsedQuestions): void {
  const used = new Set(parsed.questions.map((question) => question.chapter));
  const renumbered = new Map<number, number>();
  parsed.chapters = parsed.chapters.filter((_, index) => {
    if (!used.has(index)) return false;
    renumbered.set(index, renumbered.size);
    return true;
  });
  for (const question of parsed.questions) {
    if (question.chapter !== undefined) question.chapter = renumbered.get(question.chapter);
  }
}

/** Keys by the one rule, explanations from the solutions; where mark keys must be written. */
function finishQuestions(state: ViState, tail: Tail): MarkedParse["keyLines"] {
  const solutions = attachTail(state.drafts, tail, state.log);
  for (const draft of state.drafts) draft.solution ??= inlineSolution(draft);
  const document = documentKeys(state.drafts, tail);
  const keyLines: MarkedParse["keyLines"] = [];
  for (const draft of state.drafts) {
    const question: BankQuestion = {
      text: joinLines(draft.textLines),
      answers: draft.answers.map((answer) => ({ text: joinLines(answer.lines), key: false })),
      line: draft.line,
    };
    if (draft.chapter !== undefined) question.chapter = draft.chapter;
    const solution = solutions.get(draft);
    const outcome = resolveAnyKind(question, draft, document, state.log);
    draft.found = outcome.found;
    if (outcome.fromMark) keyLines.push({ after: draft.answersEnd, value: outcome.fromMark });
    const explanation = joinLines([
      ...draft.explanationLines,
      ...(solution && draft.explanationLines.length > 0 ? [""] : []),
      ...(solution?.lines ?? []),
    ]);
    if (explanation !== "") question.explanation = explanation;
    state.parsed.questions.push(question);
  }
  return keyLines;
}

/** The key by the question's kind; `fromMark`: the key line to write for a key from marks. */
function resolveAnyKind(
  question: BankQuestion,
  draft: Draft,
  document: DocumentKeys,
  log: ProblemLog,
): { found: boolean; fromMark: string | null } {
  const kind = kindOfDraft(draft);
  // A written key is found even when it is refused: its own error says what is wrong.
  const written = draft.keyLine !== undefined || draft.kindKey !== undefined;
  if (kind === "short_answer") {
    return { found: resolveShortAnswer(question, draft, log) || written, fromMark: null };
  }
  if (kind === "true_false") {
    const keyed = resolveTrueFalse(question, draft, log);
    const found = keyed || written;
    const fromMark = keyed && !written;
    const truths = question.answers.map((answer) => answer.key);
    return { found, fromMark: fromMark ? truthKeyText(truths) : null };
  }
  const outcome = resolveKeys(question, draft, document, log);
  return { found: outcome.found, fromMark: outcome.fromMark?.join(", ") ?? null };
}

/** "Phần II", "Phần 2" → 2. */
function partNumberOf(fallback: string): number | undefined {
  const numeral = /^phần\s+(\S+)$/iu.exec(fallback)?.[1];
  return numeral ? partNumber(numeral) : undefined;
}

/**
 * Gives each question its key from the table and its solution; a number no question has is an
 * error at its line.
 */
function attachTail(drafts: Draft[], tail: Tail, log: ProblemLog) {
  const byNumber = numbering(drafts);
  const byPart = new Map(drafts.map((draft) => [`${draft.part}:${draft.written}`, draft]));
  const solutions = new Map<Draft, { lines: string[] }>();
  attachKindKeys(drafts, tail.kindKeys, log);
  for (const entry of tail.keys) {
    const inPart =
      entry.part === undefined ? undefined : byPart.get(`${entry.part}:${entry.number}`);
    const draft = inPart ?? byNumber.get(entry.number);
    if (!draft) {
      const message = `Bảng đáp án ghi câu ${entry.number} nhưng đề không có câu ${entry.number}`;
      reportError(log, entry.line, message);
    } else if (draft.table) {
      const message = `Bảng đáp án ghi câu ${entry.number} hai lần (dòng ${draft.table.line} và dòng ${entry.line})`;
      reportError(log, entry.line, message, draft.position);
    } else draft.table = { letters: entry.letters, line: entry.line };
  }
  for (const solution of tail.solutions) {
    const draft = byNumber.get(solution.number);
    if (!draft) {
      const message = `Lời giải ghi câu ${solution.number} nhưng đề không có câu ${solution.number}`;
      reportError(log, solution.line, message);
      continue;
    }
    solutions.set(draft, solution);
    if (solution.key) draft.solution = { letters: [solution.key], line: solution.line };
  }
  return solutions;
}

function documentKeys(drafts: Draft[], tail: Tail): DocumentKeys {
  const keyLine = drafts.find((draft) => draft.keyLine)?.keyLine;
  return {
    mark: chooseDocumentMark(drafts),
    keyLabel: keyLine ? keyLabelOf(keyLine.text, keyLine.raw) : null,
    tableLine: tail.keys[0]?.line ?? null,
  };
}

/**
 * "Chọn B. …" or "Đáp án B vì …" opening a question's own explanation, or "Chọn B." alone ending
 * it (a solution written out, then its conclusion), names a key. A line that only names the key
 * is no part of the explanation, unless a key line or table gave the key (it may disagree).
 */
function inlineSolution(draft: Draft): KeyDraft["solution"] {
  const lines = draft.explanationLines;
  const first = lines.findIndex((text) => text.trim() !== "");
  const last = lines.findLastIndex((text) => text.trim() !== "");
  if (first < 0) return undefined;
  const line = (draft.explanationLine ?? draft.line) + first;
  const opening = readSolutionKey(lines[first]!);
  const closing = opening ? null : readBareSolutionKey(lines[last]!);
  const key = opening ?? closing;
  if (!key) return undefined;
  const at = opening ? first : last;
  const onlyKey = !draft.keyLine && !draft.table && readBareSolutionKey(lines[at]!);
  if (onlyKey) lines.splice(at, 1);
  return { letters: [key], line: opening ? line : line + last - first };
}

/**
 * A Đúng/Sai or short-answer row goes to the question of its part and number; without parts, to
 * the question of that number whose kind the row fits (parts numbered from 1 again share numbers).
 */
function attachKindKeys(drafts: Draft[], entries: KindKey[], log: ProblemLog): void {
  for (const entry of entries) {
    const same = drafts.filter((draft) => draft.written === entry.number);
    const inPart = same.filter((draft) => entry.part !== undefined && draft.part === entry.part);
    const fitting = same.filter((draft) => fitsKindKey(draft, entry));
    const draft = inPart[0] ?? (same.length === 1 ? same[0] : fitting[0]);
    if (!draft) {
      const message = `Bảng đáp án ghi câu ${entry.number} nhưng đề không có câu ${entry.number}${same.length > 0 ? " thuộc dạng của đáp án này" : ""}`;
      reportError(log, entry.line, message);
    } else if (draft.kindKey || draft.table) {
      const first = draft.kindKey?.line ?? draft.table?.line;
      const message = `Bảng đáp án ghi câu ${entry.number} hai lần (dòng ${first} và dòng ${entry.line})`;
      reportError(log, entry.line, message, draft.position);
    } else {
      draft.kindKey = { line: entry.line };
      if (entry.truth) draft.kindKey.truth = entry.truth;
      if (entry.value !== undefined) draft.kindKey.value = entry.value;
    }
  }
}

function fitsKindKey(draft: Draft, entry: KindKey): boolean {
  const kind = entry.truth ? "true_false" : "short_answer";
  if (draft.partKind) return draft.partKind === kind;
  return entry.truth ? draft.answers.length > 0 && draft.lowerCase : draft.answers.length === 0;
}

/**
 * The key table's numbers are the document's own ("Câu 3"); when the document repeats a number
 * (parts numbered from 1 again), its questions are counted in order instead.
 */
function numbering(drafts: Draft[]): Map<number, Draft> {
  const written = new Map(drafts.map((draft) => [draft.written, draft]));
  if (written.size === drafts.length) return written;
  return new Map(drafts.map((draft) => [draft.position, draft]));
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
  if (question.kind === "short_answer") {
    // "Đáp số" names a short answer whatever it reads ("A" would be a letter after "Đáp án").
    lines.push(`Đáp số: ${question.answers.map((answer) => answer.text).join("; ")}`);
    if (question.explanation !== undefined) lines.push(`Lời giải: ${question.explanation}`);
    return lines.join("\n");
  }
  const statements = question.kind === "true_false";
  question.answers.forEach((answer, index) => {
    const letter = statements ? `${letterOf(index).toLowerCase()})` : `${letterOf(index)}.`;
    lines.push(
      `${letter} ${answer.text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .join("\n")}`,
    );
  });
  const keys = question.answers.flatMap((answer, index) => (answer.key ? [letterOf(index)] : []));
  const truths = question.answers.map((answer) => answer.key);
  lines.push(`Đáp án: ${statements ? truthKeyText(truths) : keys.join(", ")}`);
  if (question.explanation !== undefined) lines.push(`Lời giải: ${question.explanation}`);
  return lines.join("\n");
}
