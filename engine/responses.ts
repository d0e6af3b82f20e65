import type { EngineQuestion, QuestionKind } from "./types.ts";

/**
 * The answers of the 2025 exam's two new kinds (issue 27, ADR 0022) as one string each, so a
 * room, a saved attempt and the server read them alike:
 * - `true_false`: one character per statement in idx order, "T" (Đúng), "F" (Sai) or "-" (not
 *   marked yet), e.g. "TF-T";
 * - `short_answer`: what the student typed, at most MAX_SHORT_ANSWER_LENGTH characters.
 */

const MARK_TRUE = "T";
const MARK_FALSE = "F";
const MARK_NONE = "-";

/** Four boxes on the exam's sheet; a few more for a word or a formula in other banks. */
export const MAX_SHORT_ANSWER_LENGTH = 32;

export function kindOf(question: EngineQuestion): QuestionKind {
  return question.kind ?? "choice";
}

/** The statements of a `true_false` question in idx order: what the marks' positions mean. */
function statementIdxs(question: EngineQuestion): number[] {
  return question.answers.map((answer) => answer.idx).sort((a, b) => a - b);
}

/** A `true_false` question's marks before any is given. */
function blankMarks(question: EngineQuestion): string {
  return MARK_NONE.repeat(question.answers.length);
}

/**
 * The marks with statement `answerIdx` set to `value` (true: Đúng), or null when the question
 * has no such statement. The room and the view build every `respond` from this.
 */
export function markStatement(
  question: EngineQuestion,
  marks: string | null,
  answerIdx: number,
  value: boolean,
): string | null {
  const position = statementIdxs(question).indexOf(answerIdx);
  if (position < 0) return null;
  const current = marks ?? blankMarks(question);
  const mark = value ? MARK_TRUE : MARK_FALSE;
  return current.slice(0, position) + mark + current.slice(position + 1);
}

/** The mark given to statement `answerIdx`: true (Đúng), false (Sai) or null (not marked). */
export function markOf(
  question: EngineQuestion,
  marks: string | null | undefined,
  answerIdx: number,
): boolean | null {
  const mark = marks?.[statementIdxs(question).indexOf(answerIdx)];
  return mark === MARK_TRUE ? true : mark === MARK_FALSE ? false : null;
}

/** Every statement has a mark: what a SEQUENCE room waits for before it shows the result. */
export function allMarked(marks: string | null | undefined): boolean {
  return typeof marks === "string" && marks.length > 0 && !marks.includes(MARK_NONE);
}

const MARKS = /^[TF-]*$/;

/**
 * A response the question can take: none (not answered), marks of the right length for
 * `true_false`, a typed answer of bounded length for `short_answer`, and only none for
 * `choice`. Checked by the room (a malformed action is ignored) and by the server (a malformed
 * attempt is refused).
 */
export function responseFits(question: EngineQuestion, response: unknown): boolean {
  if (response === null || response === undefined) return true;
  if (typeof response !== "string") return false;
  switch (kindOf(question)) {
    case "true_false":
      return response.length === question.answers.length && MARKS.test(response);
    case "short_answer":
      return response.length <= MAX_SHORT_ANSWER_LENGTH;
    default:
      return false;
  }
}

/** How many statements are marked as they are (a statement not marked is not right). */
export function rightStatements(
  question: EngineQuestion,
  marks: string | null | undefined,
): number {
  return question.answers.filter((answer) => markOf(question, marks, answer.idx) === answer.isKey)
    .length;
}

// Linear: one optional sign, digits with at most one separator, no nested repetition.
const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A typed or accepted answer as compared: spaces dropped, Unicode composed (a "ế" typed on a
 * phone and one pasted from Word are the same), lower case.
 */
function plain(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, "").toLowerCase();
}

/**
 * The number a short answer writes, or null when it is not one. "0,5", "0.5" and ",5" are all
 * one half: the exam's sheet writes the decimal comma, a phone's keyboard often the point.
 */
export function shortAnswerNumber(text: string): number | null {
  const compact = plain(text);
  if (!NUMBER.test(compact)) return null;
  const value = Number(compact.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/**
 * Whether a typed answer is one of the accepted ones: as numbers when both are numbers (within
 * the accepted answer's tolerance; a hair of float error always forgiven), else as text, case
 * and spaces aside. An empty answer is never right.
 */
export function shortAnswerIsRight(
  question: EngineQuestion,
  typed: string | null | undefined,
): boolean {
  if (typeof typed !== "string" || plain(typed) === "") return false;
  const typedNumber = shortAnswerNumber(typed);
  return question.answers.some((answer) => {
    if (!answer.isKey || answer.value === undefined) return false;
    const accepted = shortAnswerNumber(answer.value);
    if (accepted !== null && typedNumber !== null) {
      const slack = Math.abs(answer.tolerance ?? 0) + 1e-9 * Math.max(1, Math.abs(accepted));
      return Math.abs(typedNumber - accepted) <= slack;
    }
    return plain(answer.value) === plain(typed);
  });
}

/**
 * The Ministry's points for a Đúng/Sai question of four statements (ADR 0022): 1 right → 0.1,
 * 2 → 0.25, 3 → 0.5, 4 → 1. A question of n statements is read on the same scale by the share
 * it got right (all right is always the whole point).
 */
const TRUE_FALSE_POINTS = [0, 0.1, 0.25, 0.5] as const;

export function trueFalsePoints(right: number, statements: number): number {
  if (statements <= 0) return 0;
  if (right >= statements) return 1;
  return TRUE_FALSE_POINTS[Math.floor((4 * right) / statements)] ?? 0;
}

/**
 * Whether a question has been answered, whatever its kind (ADR 0022): a pick for multiple
 * choice, every statement marked for Đúng/Sai (a half-marked one still needs the student), a
 * typed answer for a short answer. What the FLAT sheet's jump list and "còn k câu chưa trả
 * lời" count, what the summary calls "Bạn chưa trả lời", and what "Chắc chắn"/"Đoán" may mark.
 */
export function isAnswered(
  question: EngineQuestion,
  picks: readonly number[] | undefined,
  response: string | null | undefined,
): boolean {
  switch (kindOf(question)) {
    case "true_false":
      return allMarked(response);
    case "short_answer":
      return typeof response === "string" && response.trim() !== "";
    default:
      return (picks?.length ?? 0) > 0;
  }
}
