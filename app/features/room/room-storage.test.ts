import { describe, expect, it } from "vitest";
import { createRoom, reduceRoom } from "#engine/room.ts";
import type { RoomConfig } from "#engine/types.ts";
import { progressOf, restoreProgress } from "./room-storage.ts";
import { sampleQuestions } from "#tests/support/room-harness.tsx";
import { roomConfig } from "#tests/support/engine-fixture.ts";

const config: RoomConfig = roomConfig({ shuffleQuestions: true, shuffleAnswers: true, seed: 99 });

describe("restoring a room's progress", () => {
  const fresh = createRoom(sampleQuestions(5), config);
  let played = reduceRoom(fresh, { type: "toggle", answerIdx: 2 });
  played = reduceRoom(played, { type: "next" });
  played = reduceRoom(played, { type: "tick" });

  it("puts the room back exactly where it was, through JSON as storage keeps it", () => {
    const stored = JSON.parse(JSON.stringify(progressOf(played))) as ReturnType<typeof progressOf>;
    expect(restoreProgress(fresh, stored)).toEqual(played);
  });

  it("restores what a page from before per-answer times stored, with the times at zero", () => {
    const { answerSeconds: _dropped, ...older } = progressOf(played);
    const restored = restoreProgress(fresh, older as ReturnType<typeof progressOf>);
    expect(restored?.currentIndex).toBe(played.currentIndex);
    expect(restored?.answerSeconds).toEqual([0, 0, 0, 0, 0]);
  });

  it("refuses progress that does not fit this room instead of breaking it", () => {
    const progress = progressOf(played);
    const bad = [
      { ...progress, currentIndex: 9 },
      { ...progress, selections: progress.selections.slice(1) },
      { ...progress, selections: [[42], ...progress.selections.slice(1)] },
      { ...progress, totalTime: -1 },
      { ...progress, answerSeconds: [1, 2] },
      { ...progress, answerSeconds: progress.answerSeconds.map(() => -1) },
      { ...progress, questionCountdown: "soon" },
      {
        ...progress,
        results: progress.results.map(() => ({
          questionId: 999,
          selectedAnswerIndexes: [],
          rightAnswer: true,
        })),
      },
    ];
    for (const candidate of bad) {
      expect(restoreProgress(fresh, candidate as typeof progress)).toBeNull();
    }
  });
});
