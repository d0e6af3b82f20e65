import { describe, expect, it } from "vitest";
import { createRoom } from "./room.ts";
import { question, roomConfig, run, ticks } from "#tests/support/engine-fixture.ts";

/*
 * Per-answer time: a review grades a right answer Hard when it was slow, so the room
 * counts, per shown question, the seconds it was on screen before its result showed.
 */
const bank = [question(1, [0]), question(2, [1]), question(3, [2])];

describe("time spent on each question", () => {
  it("counts a question's seconds until its result shows, not while the result is on screen", () => {
    const state = run(
      createRoom(bank, roomConfig({ maxQuestionTime: 30, maxResultTime: "OFF" })),
      ...ticks(4),
      { type: "toggle", answerIdx: 0 }, // one key: the result shows at once
      ...ticks(7), // reading the result
      { type: "next" },
      ...ticks(12),
      { type: "next" }, // shows the result of question 2 (no pick)
      { type: "next" },
      ...ticks(2),
      { type: "toggle", answerIdx: 2 },
      { type: "next" },
    );
    expect(state.finished?.answerSeconds).toEqual([4, 12, 2]);
    expect(state.finished?.totalTime).toBe(25);
  });

  it("stops at the question's time limit, when the countdown shows the result", () => {
    const state = run(
      createRoom(bank, roomConfig({ maxQuestionTime: 5, maxResultTime: 5 })),
      ...ticks(40),
    );
    expect(state.finished?.answerSeconds).toEqual([5, 5, 5]);
  });

  it("does not count a paused room", () => {
    const state = run(
      createRoom(bank, roomConfig({ maxQuestionTime: "OFF", maxResultTime: "OFF" })),
      ...ticks(3),
      { type: "pause" },
      ...ticks(50),
      { type: "resume" },
      ...ticks(1),
      { type: "finish" },
    );
    expect(state.finished?.answerSeconds).toEqual([4, 0, 0]);
  });

  it("is unknown in a flat sheet, which is one stretch of time", () => {
    const state = run(createRoom(bank, roomConfig({ practiceType: "FLAT" })), ...ticks(9), {
      type: "finish",
    });
    expect(state.finished?.answerSeconds).toBeNull();
    expect(state.finished?.totalTime).toBe(9);
  });
});
