import type { Selection } from "#base/selection.ts";

/**
 * What a link to a set of questions says: the "Câu a - b" range tiles a practice is split into,
 * and the query string that names a selection. Apart from the rest of the set-up (room-setup.ts)
 * because the home page's search links to them, and that page loads no more than it shows.
 */
export const RANGE_SIZES = [20, 50, 75, 100] as const;
export type RangeSize = (typeof RANGE_SIZES)[number];
/** The tile size the set-up page shows first. */
export const DEFAULT_RANGE_SIZE: RangeSize = 50;

/** "Câu a - b" tiles from the real number of questions: the last tile always ends at the last question. */
export function rangeTiles(questionCount: number, size: number): { start: number; end: number }[] {
  const tiles: { start: number; end: number }[] = [];
  for (let start = 1; start <= questionCount; start += size) {
    tiles.push({ start, end: Math.min(start + size - 1, questionCount) });
  }
  return tiles;
}

/** The range sizes offered: only those that split the practice (on 72 questions "75 câu" is just "Tất cả"). */
export function rangeSizesFor(questionCount: number): RangeSize[] {
  return RANGE_SIZES.filter((size) => size < questionCount);
}

/** The size the range tiles use: the chosen one when it is offered, else the largest offered. */
export function shownRangeSize(setup: { rangeSize: RangeSize }, questionCount: number): number {
  const sizes = rangeSizesFor(questionCount);
  return sizes.includes(setup.rangeSize) ? setup.rangeSize : (sizes.at(-1) ?? questionCount);
}

/** The query string that names a selection, for the question list and the room. */
export function selectionParams(selection: Selection): URLSearchParams {
  const params = new URLSearchParams({ type: selection.type });
  if (selection.type === "PRACTICE_TIME_CHAPTER")
    params.set("chapter", String(selection.chapterIdx));
  if (selection.type === "PRACTICE_TIME_RANGE") {
    params.set("start", String(selection.start));
    params.set("end", String(selection.end));
  }
  return params;
}

/**
 * What to practise to meet a question again (a question found by the home page's search): its
 * chapter when the practice has chapters, else the range tile that holds it, of the size the
 * set-up page shows first, else the whole practice. Always one offeredSelection accepts.
 */
export function selectionHolding(
  question: { idx: number; chapterIdx: number | null },
  practice: { questionCount: number; chapterCount: number },
): Selection {
  if (practice.chapterCount > 0) {
    return question.chapterIdx === null
      ? { type: "PRACTICE_TIME_ALL" }
      : { type: "PRACTICE_TIME_CHAPTER", chapterIdx: question.chapterIdx };
  }
  if (rangeSizesFor(practice.questionCount).length === 0) return { type: "PRACTICE_TIME_ALL" };
  const size = shownRangeSize({ rangeSize: DEFAULT_RANGE_SIZE }, practice.questionCount);
  const tile = rangeTiles(practice.questionCount, size).find(
    ({ start, end }) => question.idx + 1 >= start && question.idx + 1 <= end,
  );
  return tile ? { type: "PRACTICE_TIME_RANGE", ...tile } : { type: "PRACTICE_TIME_ALL" };
}
