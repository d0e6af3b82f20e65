import { describe, expect, it } from "vitest";
import { DEFAULT_SETUP, roomUrl } from "./room-setup.ts";
import { parseRoomUrl, parseSelection } from "./room-url.ts";

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

describe("a mock exam on the device in the room's address (ADR 0023)", () => {
  const identity = { attemptId: "0f8b5d2e-7c1a-4b3e-9d4f-2a6c8e1b3d5f", seed: 9 };
  const setup = {
    ...DEFAULT_SETUP,
    selection: { type: "PRACTICE_TIME_ALL" as const },
    practiceType: "FLAT" as const,
  };
  const parse = (url: string) => parseRoomUrl(new URL(url, "http://localhost").searchParams);

  it("round-trips its minutes (0 for “Tắt”), and a practice room carries none", () => {
    for (const examMinutes of [0, 15, 45, 50, 90]) {
      expect(parse(roomUrl("de", { ...setup, examMinutes }, identity))?.examMinutes).toBe(
        examMinutes,
      );
    }
    expect(parse(roomUrl("de", setup, identity))?.examMinutes).toBeUndefined();
  });

  it("refuses minutes the set-up page never offers, and an exam in the sequence room", () => {
    const url = roomUrl("de", { ...setup, examMinutes: 50 }, identity);
    for (const bad of ["exam=20", "exam=-5", "exam=5e1", "exam=", "exam=ba"]) {
      expect(parse(url.replace("exam=50", bad)), bad).toBeNull();
    }
    expect(parse(url.replace("mode=FLAT", "mode=SEQUENCE"))).toBeNull();
  });
});
