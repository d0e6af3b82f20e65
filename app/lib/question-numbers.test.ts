import { describe, expect, it } from "vitest";
import { questionNumbers } from "./question-numbers.ts";

describe("question numbers in the room follow the practice's, never restart at 1", () => {
  it("numbers a range as the practice does", () => {
    expect(questionNumbers([{ idx: 60 }, { idx: 61 }, { idx: 71 }])).toEqual([
      { shown: 61, inPractice: null },
      { shown: 62, inPractice: null },
      { shown: 72, inPractice: null },
    ]);
  });

  it("numbers a shuffled room in its own order, with the practice's number too", () => {
    expect(questionNumbers([{ idx: 64 }, { idx: 60 }])).toEqual([
      { shown: 1, inPractice: 65 },
      { shown: 2, inPractice: 61 },
    ]);
  });

  it("numbers a review of several practices in its own order, even when the idxs ascend", () => {
    expect(
      questionNumbers([
        { idx: 3, practiceTitle: "Đề A" },
        { idx: 9, practiceTitle: "Đề B" },
      ]),
    ).toEqual([
      { shown: 1, inPractice: 4 },
      { shown: 2, inPractice: 10 },
    ]);
  });
});
