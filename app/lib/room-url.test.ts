import { describe, expect, it } from "vitest";
import { parseSelection } from "./room-url.ts";

const selectionOf = (query: string) => parseSelection(new URLSearchParams(query));

describe("parseSelection", () => {
  it("reads all, a range and a chapter (0 included), and nothing else of the query", () => {
    expect(selectionOf("type=PRACTICE_TIME_ALL&start=3&chapter=1")).toEqual({
      type: "PRACTICE_TIME_ALL",
    });
    expect(selectionOf("type=PRACTICE_TIME_RANGE&start=51&end=77&chapter=2")).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 51,
      end: 77,
    });
    expect(selectionOf("type=PRACTICE_TIME_CHAPTER&chapter=0&start=1")).toEqual({
      type: "PRACTICE_TIME_CHAPTER",
      chapterIdx: 0,
    });
  });

  it("refuses what roomUrl never writes: other types, signs, exponents, a reversed or 0-based range", () => {
    for (const query of [
      "",
      "type=PRACTICE_TIME_EXAM",
      "type=PRACTICE_TIME_CHAPTER",
      "type=PRACTICE_TIME_CHAPTER&chapter=-1",
      "type=PRACTICE_TIME_CHAPTER&chapter=1e3",
      "type=PRACTICE_TIME_CHAPTER&chapter=1234567",
      "type=PRACTICE_TIME_RANGE&start=5&end=4",
      "type=PRACTICE_TIME_RANGE&start=0&end=4",
      "type=PRACTICE_TIME_RANGE&start=1",
      "type=PRACTICE_TIME_RANGE&start=%201&end=4",
    ]) {
      expect(selectionOf(query), query).toBeNull();
    }
  });
});
