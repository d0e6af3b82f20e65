import { describe, expect, it } from "vitest";
import { questionNumbers } from "./question-numbers.ts";

describe("question numbers follow the run's order, as its counter does (“Câu 1” beside “1/19”)", () => {
  it("numbers a whole practice from its first question as the practice does, with no second mark", () => {
    expect(questionNumbers([{ idx: 0 }, { idx: 1 }, { idx: 2 }])).toEqual([
      { shown: 1, inPractice: null },
      { shown: 2, inPractice: null },
      { shown: 3, inPractice: null },
    ]);
  });

  it("numbers a chapter or a range from 1, with each question's number in the practice", () => {
    expect(questionNumbers([{ idx: 19 }, { idx: 20 }, { idx: 38 }])).toEqual([
      { shown: 1, inPractice: 20 },
      { shown: 2, inPractice: 21 },
      { shown: 3, inPractice: 39 },
    ]);
  });

  it("gives the practice's number only to the questions whose number differs", () => {
    expect(questionNumbers([{ idx: 0 }, { idx: 5 }])).toEqual([
      { shown: 1, inPractice: null },
      { shown: 2, inPractice: 6 },
    ]);
  });

  it("numbers a shuffled room in its own order, with the practice's number too", () => {
    expect(questionNumbers([{ idx: 64 }, { idx: 60 }])).toEqual([
      { shown: 1, inPractice: 65 },
      { shown: 2, inPractice: 61 },
    ]);
  });

  it("numbers a review of several practices in its own order, with each one's number in its practice", () => {
    expect(questionNumbers([{ idx: 3 }, { idx: 9 }])).toEqual([
      { shown: 1, inPractice: 4 },
      { shown: 2, inPractice: 10 },
    ]);
  });
});
