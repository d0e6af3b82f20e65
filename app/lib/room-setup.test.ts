import { describe, expect, it } from "vitest";
import {
  DEFAULT_SETUP,
  defaultSelection,
  newRoomIdentity,
  offeredSelection,
  readStoredSetup,
  roomUrl,
  setupOfAttempt,
} from "./room-setup.ts";
import { rangeTiles, selectionHolding } from "./selection-links.ts";
import { parseRoomUrl } from "./room-url.server.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";

describe("defaultSelection", () => {
  it("chooses the first chapter, else the first range of the size shown, else all questions when that is the only choice", () => {
    expect(defaultSelection({ questionCount: 12, chapterIdxs: [0, 1] })).toEqual({
      type: "PRACTICE_TIME_CHAPTER",
      chapterIdx: 0,
    });
    expect(defaultSelection({ questionCount: 9, chapterIdxs: [3, 4] })).toEqual({
      type: "PRACTICE_TIME_CHAPTER",
      chapterIdx: 3,
    });
    expect(defaultSelection({ questionCount: 1202, chapterIdxs: [] })).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 1,
      end: 50,
    });
    expect(defaultSelection({ questionCount: 1202, chapterIdxs: [] }, { rangeSize: 100 })).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 1,
      end: 100,
    });
    // 72 questions offer 20 and 50 only: a stored 75 shows the tiles of 50.
    expect(defaultSelection({ questionCount: 72, chapterIdxs: [] }, { rangeSize: 75 })).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 1,
      end: 50,
    });
    expect(defaultSelection({ questionCount: 20, chapterIdxs: [] })).toEqual({
      type: "PRACTICE_TIME_ALL",
    });
  });

  it("is a choice the set-up page offers", () => {
    for (const questionCount of [1, 5, 20, 21, 72, 99, 1202]) {
      const practice = { questionCount, chapterIdxs: [] };
      expect(offeredSelection(defaultSelection(practice), practice)).not.toBeNull();
    }
  });
});

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

describe("roomUrl and parseRoomUrl", () => {
  const identity = { attemptId: "0f8e2c7a-1b2d-4c3e-8f90-a1b2c3d4e5f6", seed: 4_000_000_000 };

  it("carries the practice, the selection, every setting, the seed and the attempt id", () => {
    const url = roomUrl(
      "csdl-ly-thuyet",
      { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_RANGE", start: 51, end: 77 } },
      identity,
    );
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
      seed: "4000000000",
      attempt: identity.attemptId,
    });
  });

  it("reads back exactly what it wrote, chapter 0 included", () => {
    const setup = {
      ...DEFAULT_SETUP,
      practiceType: "FLAT" as const,
      maxQuestionTime: "OFF" as const,
      shuffleAnswers: true,
      selection: { type: "PRACTICE_TIME_CHAPTER" as const, chapterIdx: 0 },
    };
    const url = new URL(roomUrl("trr", setup, identity), "http://x");
    expect(parseRoomUrl(url.searchParams)).toEqual({
      practiceCode: "trr",
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
      practiceType: "FLAT",
      maxQuestionTime: "OFF",
      maxResultTime: 20,
      showQuestionKeyAfterQuestionEnd: true,
      showNotification: true,
      shuffleQuestions: false,
      shuffleAnswers: true,
      ...identity,
    });
  });

  it("carries “Hỏi độ chắc chắn” only when on, and never into a mock exam", () => {
    const selection = { type: "PRACTICE_TIME_ALL" as const };
    const asking = new URL(
      roomUrl("trr", { ...DEFAULT_SETUP, askConfidence: true, selection }, identity),
      "http://x",
    ).searchParams;
    expect(asking.get("confidence")).toBe("1");
    expect(parseRoomUrl(asking)?.askConfidence).toBe(true);
    const exam = new URL(
      roomUrl(
        "trr",
        { ...DEFAULT_SETUP, askConfidence: true, examMinutes: 0, selection },
        identity,
      ),
      "http://x",
    ).searchParams;
    expect(exam.has("confidence")).toBe(false);
    const forged = new URLSearchParams(asking);
    forged.set("confidence", "yes");
    expect(parseRoomUrl(forged)).toBeNull();
  });

  it("refuses a missing or hand-edited value instead of guessing", () => {
    const good = new URL(
      roomUrl("trr", { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" } }, identity),
      "http://x",
    ).searchParams;
    for (const [name, value] of [
      ["questionTime", "1"],
      ["resultTime", "abc"],
      ["attempt", "not-a-uuid"],
      ["seed", "-1"],
      ["seed", "4294967296"],
      ["mode", "EXAM"],
      ["showKey", "yes"],
      ["type", "PRACTICE_TIME_RANGE"],
    ] as const) {
      const params = new URLSearchParams(good);
      params.set(name, value);
      expect(parseRoomUrl(params), `${name}=${value}`).toBeNull();
    }
    const missing = new URLSearchParams(good);
    missing.delete("practice");
    expect(parseRoomUrl(missing)).toBeNull();
    expect(parseRoomUrl(new URLSearchParams())).toBeNull();
  });

  it("makes version-4 UUIDs and 32-bit seeds that differ each time", () => {
    const a = newRoomIdentity();
    const b = newRoomIdentity();
    expect(a.attemptId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(a.attemptId).not.toBe(b.attemptId);
    expect(Number.isInteger(a.seed) && a.seed >= 0 && a.seed <= 0xffffffff).toBe(true);
  });
});

describe("setupOfAttempt", () => {
  const config = roomConfig({
    practiceType: "FLAT",
    maxQuestionTime: "OFF",
    maxResultTime: 10,
    showQuestionKeyAfterQuestionEnd: false,
    showNotification: false,
    shuffleQuestions: true,
    shuffleAnswers: true,
    seed: 7,
  });

  it("starts the same selection with the same settings, but never the same seed", () => {
    const range = setupOfAttempt({
      selection: { type: "PRACTICE_TIME_RANGE", start: 21, end: 40 },
      config,
    });
    const { seed: _seed, ...settings } = config;
    expect("seed" in range).toBe(false);
    expect(range).toMatchObject({
      ...settings,
      selection: { type: "PRACTICE_TIME_RANGE", start: 21, end: 40 },
    });
    expect(
      setupOfAttempt({ selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 2 }, config })
        .selection,
    ).toEqual({ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 2 });
    const url = roomUrl("de-thu", range, { attemptId: "a", seed: 99 });
    expect(url).toContain("start=21&end=40");
    expect(url).toContain("questionTime=OFF");
    expect(url).toContain("seed=99");
  });
});

describe("offeredSelection", () => {
  const flat = { questionCount: 120, chapterIdxs: [] };
  const chapters = { questionCount: 12, chapterIdxs: [0, 1] };

  it("keeps a chapter of the practice, chapter 0 included, and the whole practice", () => {
    expect(offeredSelection({ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 }, chapters)).toEqual({
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
      rangeSize: 50,
    });
    expect(offeredSelection({ type: "PRACTICE_TIME_ALL" }, flat)?.selection).toEqual({
      type: "PRACTICE_TIME_ALL",
    });
  });

  it("keeps a range that is a tile, with the size whose tiles show it", () => {
    expect(offeredSelection({ type: "PRACTICE_TIME_RANGE", start: 51, end: 100 }, flat)).toEqual({
      selection: { type: "PRACTICE_TIME_RANGE", start: 51, end: 100 },
      rangeSize: 50,
    });
    expect(
      offeredSelection({ type: "PRACTICE_TIME_RANGE", start: 21, end: 40 }, flat)?.rangeSize,
    ).toBe(20);
    // The last tile ends at the last question; 50 is preferred when several sizes fit.
    expect(
      offeredSelection({ type: "PRACTICE_TIME_RANGE", start: 101, end: 120 }, flat)?.rangeSize,
    ).toBe(50);
  });

  it("refuses what the set-up page has no tile for", () => {
    const refused = [
      [{ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 2 }, chapters],
      [{ type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 }, flat],
      [{ type: "PRACTICE_TIME_RANGE", start: 1, end: 5 }, chapters],
      [{ type: "PRACTICE_TIME_RANGE", start: 2, end: 51 }, flat],
      [
        { type: "PRACTICE_TIME_RANGE", start: 1, end: 50 },
        { questionCount: 40, chapterIdxs: [] },
      ],
      [{ type: "PRACTICE_TIME_RANGE", start: 101, end: 150 }, flat],
    ] as const;
    for (const [selection, practice] of refused) {
      expect(offeredSelection(selection, practice)).toBeNull();
    }
  });
});

describe("selectionHolding: what a found question links to (the home page's search)", () => {
  it("is the question's chapter when the practice has chapters, chapter 0 included", () => {
    const practice = { questionCount: 12, chapterCount: 2 };
    expect(selectionHolding({ idx: 3, chapterIdx: 0 }, practice)).toEqual({
      type: "PRACTICE_TIME_CHAPTER",
      chapterIdx: 0,
    });
  });

  it("is the range tile of the size the set-up page shows first, the last one short", () => {
    const practice = { questionCount: 74, chapterCount: 0 };
    expect(selectionHolding({ idx: 0, chapterIdx: null }, practice)).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 1,
      end: 50,
    });
    expect(selectionHolding({ idx: 72, chapterIdx: null }, practice)).toEqual({
      type: "PRACTICE_TIME_RANGE",
      start: 51,
      end: 74,
    });
    // 45 questions: 50 is not offered, so the tiles are of 20.
    expect(
      selectionHolding({ idx: 44, chapterIdx: null }, { questionCount: 45, chapterCount: 0 }),
    ).toEqual({ type: "PRACTICE_TIME_RANGE", start: 41, end: 45 });
  });

  it("is the whole practice when it has no tiles, or the question no chapter", () => {
    expect(
      selectionHolding({ idx: 4, chapterIdx: null }, { questionCount: 12, chapterCount: 0 }),
    ).toEqual({ type: "PRACTICE_TIME_ALL" });
    expect(
      selectionHolding({ idx: 4, chapterIdx: null }, { questionCount: 90, chapterCount: 2 }),
    ).toEqual({ type: "PRACTICE_TIME_ALL" });
  });

  it("is always a selection the set-up page offers", () => {
    for (const questionCount of [1, 19, 20, 21, 74, 100, 101, 1202]) {
      for (const idx of [0, Math.floor(questionCount / 2), questionCount - 1]) {
        const selection = selectionHolding(
          { idx, chapterIdx: null },
          { questionCount, chapterCount: 0 },
        );
        expect(offeredSelection(selection, { questionCount, chapterIdxs: [] })).not.toBeNull();
      }
    }
  });
});
