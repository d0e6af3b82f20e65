import { describe, expect, it } from "vitest";
import { inSelection, selectionBounds } from "./selection.ts";

describe("inSelection", () => {
  it("places a question by its 0-based position in a 1-based range", () => {
    const range = { type: "PRACTICE_TIME_RANGE", start: 2, end: 3 } as const;
    expect([0, 1, 2, 3].map((idx) => inSelection({ idx, chapterIdx: null }, range))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it("treats chapter 0 as a chapter, and a question without one as in no chapter", () => {
    const chapter0 = { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 } as const;
    expect(inSelection({ idx: 5, chapterIdx: 0 }, chapter0)).toBe(true);
    expect(inSelection({ idx: 5, chapterIdx: null }, chapter0)).toBe(false);
    expect(inSelection({ idx: 5, chapterIdx: 1 }, chapter0)).toBe(false);
    expect(inSelection({ idx: 5, chapterIdx: null }, { type: "PRACTICE_TIME_ALL" })).toBe(true);
  });

  it("bounds nothing for the whole practice", () => {
    expect(selectionBounds({ type: "PRACTICE_TIME_ALL" })).toEqual({});
  });
});
