import type { Selection } from "#base/selection.ts";
import { responseFits } from "./responses.ts";
import { keyCount } from "./scoring.ts";
import type { EngineQuestion } from "./types.ts";

/**
 * The checks of a submitted attempt that need no database: the server (services/attempts/)
 * runs them on the stored revisions it read, and never trusts what the browser sent.
 */

/** Any UUID version: the browser's crypto.randomUUID() gives v4, but nothing depends on it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An attempt id as the browser makes it, in either case (the server stores the lower-case one). */
export function isAttemptId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A week: no real sitting lasts longer, and the column stays far from integer overflow. */
export const MAX_TOTAL_TIME = 7 * 24 * 60 * 60;

export function totalTimeIsValid(totalTime: number): boolean {
  return Number.isInteger(totalTime) && totalTime >= 0 && totalTime <= MAX_TOTAL_TIME;
}

/** A stored question revision as the checks see it: its position, its chapter and its answers. */
export interface RevisionToCheck extends EngineQuestion {
  /** 0-based position in the practice. */
  readonly idx: number;
  readonly chapterIdx: number | null;
}

/**
 * A selection the set-up page could have produced: a range of whole positions within the
 * practice (so a forged "Câu 1 - 100000" cannot become a description), a chapter idx ≥ 0.
 */
export function selectionIsWellFormed(selection: Selection, questionCount: number): boolean {
  switch (selection.type) {
    case "PRACTICE_TIME_ALL":
      return true;
    case "PRACTICE_TIME_RANGE": {
      const { start, end } = selection;
      return (
        Number.isInteger(start) &&
        Number.isInteger(end) &&
        start >= 1 &&
        start <= end &&
        end <= questionCount
      );
    }
    case "PRACTICE_TIME_CHAPTER":
      return Number.isInteger(selection.chapterIdx) && selection.chapterIdx >= 0;
    default:
      return false;
  }
}

/**
 * Picks (per revision, in the same order) are answer idxs of the revision, without repeats, and
 * no more than it has keys (the room caps picks there; a question with no key takes none).
 */
export function picksAreValid(
  revisions: readonly RevisionToCheck[],
  answers: readonly { readonly selectedAnswerIndexes: readonly number[] }[],
): boolean {
  return revisions.every((revision, i) => {
    const picks = answers[i]?.selectedAnswerIndexes;
    if (!Array.isArray(picks)) return false;
    const idxs = new Set(revision.answers.map((a) => a.idx));
    return (
      picks.every((p) => Number.isInteger(p) && idxs.has(p)) &&
      new Set(picks).size === picks.length &&
      picks.length <= keyCount(revision)
    );
  });
}

/**
 * Responses (per revision, in the same order) fit their question's kind: marks of the right
 * length for a Đúng/Sai question, a bounded typed answer for a short-answer one, none for a
 * multiple-choice one (engine/responses.ts).
 */
export function responsesAreValid(
  revisions: readonly RevisionToCheck[],
  answers: readonly {
    readonly selectedAnswerIndexes: readonly number[];
    readonly response?: string | null;
  }[],
): boolean {
  return revisions.every((revision, i) => responseFits(revision, answers[i]?.response));
}

/**
 * Answer orders are present exactly when answers were shuffled, and then one per revision, each
 * a permutation of that revision's answer idxs.
 */
export function answerOrdersAreValid(
  revisions: readonly RevisionToCheck[],
  shuffleAnswers: boolean,
  orders: readonly (readonly number[])[] | null,
): boolean {
  if (shuffleAnswers !== true) return orders === null;
  if (!Array.isArray(orders) || orders.length !== revisions.length) return false;
  return revisions.every((revision, i) => {
    const order = orders[i];
    if (!Array.isArray(order) || order.length !== revision.answers.length) return false;
    const sorted = [...order].sort((a, b) => a - b);
    const idxs = revision.answers.map((a) => a.idx).sort((a, b) => a - b);
    return sorted.every((idx, k) => Number.isInteger(idx) && idx === idxs[k]);
  });
}

/**
 * Per-answer seconds, when sent: one whole number per answered question, none above
 * the attempt's total time. Absent (null) is fine: older pages do not send them.
 */
export function answerSecondsAreValid(
  seconds: readonly number[] | null,
  answerCount: number,
  totalTime: number,
): boolean {
  if (seconds === null) return true;
  return (
    Array.isArray(seconds) &&
    seconds.length === answerCount &&
    seconds.every((s) => Number.isInteger(s) && s >= 0 && s <= totalTime)
  );
}
