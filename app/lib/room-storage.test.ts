// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { createRoom, reduceRoom } from "#engine/room.ts";
import type { RoomConfig } from "#engine/types.ts";
import {
  listUnfinishedRooms,
  progressOf,
  restoreProgress,
  writeRoom,
} from "#app/lib/room-storage.ts";
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

  it("keeps the “Chắc chắn”/“Đoán” marks over a refresh, and refuses a mark it never gives", () => {
    const asking = createRoom(
      sampleQuestions(3),
      roomConfig({ askConfidence: true, practiceType: "FLAT" }),
    );
    const marked = reduceRoom(reduceRoom(asking, { type: "toggle", answerIdx: 1, position: 0 }), {
      type: "confide",
      confidence: "GUESS",
      position: 0,
    });
    expect(marked.confidences).toEqual(["GUESS", null, null]);
    const stored = JSON.parse(JSON.stringify(progressOf(marked))) as ReturnType<typeof progressOf>;
    expect(restoreProgress(asking, stored)).toEqual(marked);
    expect(
      restoreProgress(asking, { ...stored, confidences: ["MAYBE", null, null] } as never),
    ).toBeNull();
    const { confidences: _none, ...older } = stored;
    expect(restoreProgress(asking, older as typeof stored)?.confidences).toEqual([
      null,
      null,
      null,
    ]);
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

describe("restoring a room with Đúng/Sai and short-answer questions (issue 27)", () => {
  const kinds = sampleQuestions(3).map((question, i) =>
    i === 1
      ? { ...question, kind: "true_false" as const, keyCount: 0 }
      : i === 2
        ? {
            ...question,
            kind: "short_answer" as const,
            keyCount: 0,
            answers: [{ idx: 0, html: "0,5", isKey: true, value: "0,5" }],
          }
        : question,
  );
  const flat = roomConfig({ practiceType: "FLAT", seed: 3 });
  const fresh = createRoom(kinds, flat);
  const statements = kinds[1]!.answers.length;
  let played = reduceRoom(fresh, {
    type: "respond",
    response: "TF".padEnd(statements, "-"),
    position: 1,
  });
  played = reduceRoom(played, { type: "respond", response: "0.5", position: 2 });

  it("keeps the marks and the typed answer over a refresh", () => {
    const stored = JSON.parse(JSON.stringify(progressOf(played))) as ReturnType<typeof progressOf>;
    const restored = restoreProgress(fresh, stored);
    expect(restored?.responses).toEqual([null, "TF".padEnd(statements, "-"), "0.5"]);
  });

  it("restores what a page from before issue 27 stored, with no responses", () => {
    const { responses: _dropped, ...older } = progressOf(played);
    expect(restoreProgress(fresh, older as ReturnType<typeof progressOf>)?.responses).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("refuses responses that do not fit their questions", () => {
    const progress = progressOf(played);
    const bad = [
      { ...progress, responses: [null, "TF"] },
      { ...progress, responses: ["T", null, null] },
      { ...progress, responses: [null, "X".repeat(statements), null] },
      { ...progress, responses: [null, null, "9".repeat(40)] },
      { ...progress, responses: [null, null, 5] },
    ];
    for (const candidate of bad) {
      expect(restoreProgress(fresh, candidate as typeof progress)).toBeNull();
    }
  });
});

describe("the rooms “Làm tiếp bài đang dở” lists", () => {
  const fresh = createRoom(sampleQuestions(5), config);
  const answered = reduceRoom(reduceRoom(fresh, { type: "toggle", answerIdx: 2 }), {
    type: "next",
  });
  const resume = (owner: string, href = "/practice-control?practice=de-1&attempt=x") => ({
    owner,
    practiceCode: "de-1",
    href,
    title: "Đề 1",
    label: "Tất cả câu hỏi",
    flat: false,
  });
  const store = (id: string, state: typeof fresh, info: ReturnType<typeof resume>) =>
    writeRoom(id, {
      contentVersion: 1,
      save: "unsaved",
      progress: progressOf(state),
      resume: info,
    });

  it("lists only the owner's rooms with answers in them, where each stood", () => {
    localStorage.clear();
    store("a", answered, resume("u1"));
    store("b", answered, resume("u2"));
    store("c", fresh, resume("u1"));
    store(
      "d",
      { ...answered, finished: { ...answered.finished!, results: [] } } as never,
      resume("u1"),
    );
    const rooms = listUnfinishedRooms("u1");
    expect(rooms.map((room) => [room.attemptId, room.position, room.questionCount])).toEqual([
      ["a", 2, 5],
    ]);
    expect(listUnfinishedRooms("u1", "de-2")).toEqual([]);
    expect(listUnfinishedRooms("")).toEqual([]);
  });

  it("never lists an address of another site, whatever storage holds", () => {
    localStorage.clear();
    for (const href of ["//evil.example/practice-control?x", "https://evil.example/", "/login?x"])
      store(href, answered, resume("u1", href));
    expect(listUnfinishedRooms("u1")).toEqual([]);
  });
});
