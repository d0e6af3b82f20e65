import { describe, expect, it } from "vitest";
import { DEFAULT_SETUP, rangeTiles, readStoredSetup, roomUrl } from "./room-setup.ts";

describe("rangeTiles", () => {
  it("covers every question, the last tile ending at the last one", () => {
    expect(rangeTiles(1202, 50).at(-1)).toEqual({ start: 1201, end: 1202 });
    expect(rangeTiles(1202, 50)).toHaveLength(25);
    expect(rangeTiles(100, 50)).toEqual([
      { start: 1, end: 50 },
      { start: 51, end: 100 },
    ]);
    expect(rangeTiles(7, 20)).toEqual([{ start: 1, end: 7 }]);
    expect(rangeTiles(0, 20)).toEqual([]);
  });

  it("leaves no question out and none twice, for any size", () => {
    for (const count of [1, 19, 20, 21, 99, 1202]) {
      for (const size of [20, 50, 75, 100]) {
        const covered = rangeTiles(count, size).flatMap(({ start, end }) =>
          Array.from({ length: end - start + 1 }, (_, i) => start + i),
        );
        expect(covered).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      }
    }
  });
});

describe("readStoredSetup", () => {
  const practice = { questionCount: 120, chapterIdxs: [0, 1, 2] };

  it("gives the spec's defaults when nothing is stored", () => {
    expect(readStoredSetup(null, practice)).toEqual(DEFAULT_SETUP);
    expect(DEFAULT_SETUP).toMatchObject({
      practiceType: "SEQUENCE",
      maxQuestionTime: 30,
      maxResultTime: 20,
      showQuestionKeyAfterQuestionEnd: true,
      showNotification: true,
      shuffleQuestions: false,
      shuffleAnswers: false,
      rangeSize: 50,
    });
  });

  it("restores a stored choice, chapter 0 included", () => {
    const stored = {
      ...DEFAULT_SETUP,
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
      maxQuestionTime: "OFF",
      practiceType: "FLAT",
    };
    expect(readStoredSetup(JSON.stringify(stored), practice)).toMatchObject({
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
      maxQuestionTime: "OFF",
      practiceType: "FLAT",
    });
  });

  it("drops what no longer fits the practice or is malformed", () => {
    const stale = {
      selection: { type: "PRACTICE_TIME_RANGE", start: 101, end: 150 },
      maxResultTime: 15,
      shuffleAnswers: "yes",
    };
    expect(readStoredSetup(JSON.stringify(stale), practice)).toEqual(DEFAULT_SETUP);
    expect(readStoredSetup("{not json", practice)).toEqual(DEFAULT_SETUP);
    expect(
      readStoredSetup(
        JSON.stringify({ selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 9 } }),
        practice,
      ).selection,
    ).toBeNull();
  });
});

describe("roomUrl", () => {
  it("carries the practice, the selection and every setting", () => {
    const url = roomUrl("csdl-ly-thuyet", {
      ...DEFAULT_SETUP,
      selection: { type: "PRACTICE_TIME_RANGE", start: 51, end: 77 },
    });
    const params = new URL(url, "http://x").searchParams;
    expect(Object.fromEntries(params)).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: "51",
      end: "77",
      practice: "csdl-ly-thuyet",
      mode: "SEQUENCE",
      questionTime: "30",
      resultTime: "20",
      showKey: "1",
      notify: "1",
      shuffle: "0",
      shuffleAnswers: "0",
    });
  });
});
