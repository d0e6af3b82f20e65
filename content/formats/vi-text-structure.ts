import {
  type QuestionStart,
  answerOpening,
  bareKey,
  isEndLine,
  readKeyRow,
  readNumberedStart,
  readNumbersRow,
  readQuestionStart,
  readTailHeading,
  readChapter,
  unwrapBold,
} from "./vi-text-lines.ts";
import { readKindRow, readTruthColumns, readTruthKey } from "./vi-text-kinds.ts";

/**
 * Where a document's questions start and where its key table and solutions begin, decided for
 * the whole document before any question is read: "1." starts questions only in a document
 * without "Câu n", and "Câu 1: B" after the last question is a key table, not a question.
 */
export interface Structure {
  /** 0-based line index → the question starting there. */
  starts: Map<number, QuestionStart>;
  /** The first line of the key table and solutions; the number of lines when there is none. */
  tailAt: number;
  /** The line after a question's last one (the next start, or the tail). */
  blockEnd(index: number): number;
  /** "Bài 1: Mở đầu" in a document of "Câu n" questions: a lesson, read as a chapter. */
  lessons: Map<number, string>;
  /** The questions are numbered "1." (no "Câu n"): so are the solutions. */
  numbered: boolean;
}

/** `lines`: each line without marks, trimmed. */
export function findStructure(lines: readonly string[]): Structure {
  const { candidates, lessons, numbered } = questionCandidates(lines);
  const nextQuestion = nextQuestions(lines, candidates);
  const starts = new Map<number, QuestionStart>();
  let tailAt = lines.length;
  for (let index = 0; index < lines.length; index += 1) {
    const later = nextQuestion[index];
    const questionFollows = later !== undefined && later.written > starts.size;
    if (starts.size > 0 && startsTail(lines, index, starts.size, questionFollows)) {
      tailAt = index;
      break;
    }
    const start = candidates.get(index);
    if (start) starts.set(index, start);
  }
  const order = [...starts.keys()];
  const next = new Map(order.map((index, at) => [index, order[at + 1] ?? tailAt]));
  const blockEnd = (index: number) => next.get(index) ?? tailAt;
  return { starts, tailAt, blockEnd, lessons, numbered };
}

function startsTail(
  lines: readonly string[],
  index: number,
  count: number,
  questionFollows: boolean,
): boolean {
  const line = lines[index]!;
  if (isEndLine(line)) return true;
  const heading = readTailHeading(line);
  if (heading) return opensTail(lines, index, count, heading);
  if (questionFollows) return false;
  const row = readKeyRow(line);
  if (row && row.length >= 2) return true;
  const start = readQuestionStart(unwrapBold(line));
  return start !== null && (bareKey(start.rest) !== null || readTruthKey(start.rest) !== null);
}

/**
 * A heading opens the tail when a key row, or a question number counted again, follows it. A
 * heading over another ("ĐÁP ÁN VÀ HƯỚNG DẪN GIẢI" above "BẢNG ĐÁP ÁN") looks past it; a few
 * headings at most, so that a text of nothing but headings stays linear.
 */
function opensTail(
  lines: readonly string[],
  index: number,
  count: number,
  heading: "keys" | "solutions",
): boolean {
  let next = index + 1;
  let kind = heading;
  for (let hops = 0; ; hops += 1) {
    while (next < lines.length && lines[next] === "") next += 1;
    const following = next < lines.length ? readTailHeading(lines[next]!) : null;
    // "PHẦN I" over a part's rows of the table is looked past like a heading.
    const part = !following && next < lines.length && readChapter(unwrapBold(lines[next]!));
    if ((!following && !part) || hops === MAX_HEADINGS_ABOVE_TAIL) break;
    if (following) kind = following;
    next += 1;
  }
  const line = lines[next];
  if (line === undefined) return false;
  if (kind === "keys" && (readKindRow(line) || readTruthColumns(line) !== null)) return true;
  const start = readQuestionStart(unwrapBold(line)) ?? readNumberedStart(unwrapBold(line));
  if (start && start.written <= count) return true;
  return kind === "keys" && (readKeyRow(line) !== null || readNumbersRow(line) !== null);
}

const MAX_HEADINGS_ABOVE_TAIL = 3;

/**
 * "Câu n" starts wherever the document has them (a "Câu 1: B" line is a key, not a question);
 * otherwise "1." / "1)" lines numbered in sequence, written alike, each followed by an answer "A"
 * before the next such line: a stem's statements "1) … 2) …" are text.
 */
function questionCandidates(lines: readonly string[]): {
  candidates: Map<number, QuestionStart>;
  lessons: Map<number, string>;
  numbered: boolean;
} {
  const cau = new Map<number, QuestionStart>();
  lines.forEach((line, index) => {
    const start = readQuestionStart(unwrapBold(line));
    // "Câu 13: ĐSĐS" is a row of the key table, as "Câu 1: B" is.
    if (start && bareKey(start.rest) === null && !readTruthKey(start.rest)) cau.set(index, start);
  });
  const lessons = new Map<number, string>();
  if ([...cau.values()].some((start) => start.style === "câu")) {
    for (const [index, start] of cau) {
      if (start.style !== "bài") continue;
      cau.delete(index);
      lessons.set(index, unwrapBold(start.rest.trim()) || `Bài ${start.written}`);
    }
  }
  if (cau.size > 0) return { candidates: cau, lessons, numbered: false };
  return { candidates: numberedCandidates(lines), lessons, numbered: true };
}

function numberedCandidates(lines: readonly string[]): Map<number, QuestionStart> {
  const numbered: [number, QuestionStart][] = [];
  lines.forEach((line, index) => {
    const start = readKeyRow(line) ? null : readNumberedStart(line);
    if (start) numbered.push([index, start]);
  });
  const successor = successors(numbered, lines.length);
  const answersBefore = answerCounts(lines);
  const chosen = new Map<number, QuestionStart>();
  let last: QuestionStart | null = null;
  numbered.forEach(([index, start], at) => {
    const inSequence = !last || (start.written === last.written + 1 && start.style === last.style);
    const end = successor[at]!;
    if (inSequence && answersBefore[end]! > answersBefore[index + 1]!) {
      chosen.set(index, start);
      last = start;
    }
  });
  return chosen;
}

/** For each numbered line, where the next question would start: the line numbered one more. */
function successors(numbered: [number, QuestionStart][], end: number): number[] {
  const result = new Array<number>(numbered.length);
  const seen = new Map<string, number>();
  for (let at = numbered.length - 1; at >= 0; at -= 1) {
    const [index, start] = numbered[at]!;
    result[at] = seen.get(`${start.written + 1}${start.style}`) ?? end;
    seen.set(`${start.written}${start.style}`, index);
  }
  return result;
}

/** How many lines open an answer "A." before each line. */
function answerCounts(lines: readonly string[]): number[] {
  const counts = [0];
  lines.forEach((line, index) => {
    const letter = answerOpening(line)?.letter;
    const opens = letter === "A" || letter === "a";
    counts.push(counts[index]! + (opens ? 1 : 0));
  });
  return counts;
}

/**
 * For each line, the question that starts next before a "HẾT" or a heading: a key row without a
 * heading opens the tail only when no question continues the numbering below it (a stem may hold
 * "1-a, 2-b"; solutions "Câu 1: Chọn A" below a table count again from 1).
 */
function nextQuestions(
  lines: readonly string[],
  candidates: Map<number, QuestionStart>,
): (QuestionStart | undefined)[] {
  const next = new Array<QuestionStart | undefined>(lines.length);
  let follows: QuestionStart | undefined;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    next[index] = follows;
    follows = candidates.get(index) ?? follows;
    const line = lines[index]!;
    if (isEndLine(line) || readTailHeading(line)) follows = undefined;
  }
  return next;
}
