import type { Selection } from "#base/selection.ts";

/**
 * Which questions of a practice a selection holds: the one rule, for the server's save check
 * (engine/submission.ts's callers), the database's question lists (db/revisions.ts
 * `whereInSelection`, which cannot call a function in SQL and reads the same bounds) and the
 * offline room on the device.
 */

/** A selection as bounds on a question's position and chapter; an absent bound admits any. */
export interface SelectionBounds {
  /** 0-based positions, both ends included. */
  idx?: { first: number; last: number };
  /** Chapter 0 is a real chapter; a question of no chapter (null) is in none. */
  chapterIdx?: number;
}

export function selectionBounds(selection: Selection): SelectionBounds {
  switch (selection.type) {
    case "PRACTICE_TIME_RANGE":
      // People count from 1; positions from 0.
      return { idx: { first: selection.start - 1, last: selection.end - 1 } };
    case "PRACTICE_TIME_CHAPTER":
      return { chapterIdx: selection.chapterIdx };
    default:
      return {};
  }
}

/** Whether a question (by its 0-based position and its chapter) is in the selection. */
export function inSelection(
  question: { readonly idx: number; readonly chapterIdx: number | null },
  selection: Selection,
): boolean {
  const { idx, chapterIdx } = selectionBounds(selection);
  if (idx && (question.idx < idx.first || question.idx > idx.last)) return false;
  // Compare values, never truthiness: chapter 0 is a chapter.
  return chapterIdx === undefined || question.chapterIdx === chapterIdx;
}
