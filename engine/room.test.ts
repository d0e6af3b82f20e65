import { describe, expect, it } from "vitest";
import { answerLabel } from "./labels.ts";
import {
  configFields,
  createRoom,
  currentResult,
  displayedAnswers,
  orderedQuestions,
  questionAt,
  reduceRoom,
} from "./room.ts";
import { keyCount } from "./scoring.ts";
import { question, roomConfig, run, ticks } from "#tests/support/engine-fixture.ts";
import type { EngineQuestion, RoomAction, RoomState } from "./types.ts";

const tick: RoomAction = { type: "tick" };
const next: RoomAction = { type: "next" };
const finish: RoomAction = { type: "finish" };
const pick = (answerIdx: number, position?: number): RoomAction =>
  position === undefined ? { type: "toggle", answerIdx } : { type: "toggle", answerIdx, position };

// Q1: one key (1); Q2: two keys (0, 2); Q3: no key.
const bank = [question(11, [1]), question(12, [0, 2]), question(13, [])];
const tenQuestions = Array.from({ length: 10 }, (_, i) => question(100 + i, [i % 4]));

function ids(state: RoomState): number[] {
  return orderedQuestions(state).map((q) => q.id);
}

describe("createRoom", () => {
  it("starts at the first question in natural order with seeded countdowns and empty slots", () => {
    const room = createRoom(bank, roomConfig());
    expect(ids(room)).toEqual([11, 12, 13]);
    expect(room.answerOrders).toEqual([
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ]);
    expect(room).toMatchObject({
      attempt: 1,
      currentIndex: 0,
      selections: [[], [], []],
      resultShown: false,
      questionCountdown: 30,
      resultCountdown: 20,
      paused: false,
      totalTime: 0,
      results: [null, null, null],
      preview: { visible: false },
      finished: null,
    });
  });

  it("shuffles the question order from the seed: same seed, same order", () => {
    const a = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 7 }));
    const b = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 7 }));
    const c = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 8 }));
    expect(ids(a)).toEqual(ids(b));
    expect(ids(a)).not.toEqual(ids(c));
    expect([...ids(a)].sort()).toEqual(tenQuestions.map((q) => q.id));
    expect(ids(a)).not.toEqual(tenQuestions.map((q) => q.id));
  });

  it("shuffles each question's answers when asked, without changing the question order", () => {
    const plain = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 3 }));
    const both = createRoom(
      tenQuestions,
      roomConfig({ shuffleQuestions: true, shuffleAnswers: true, seed: 3 }),
    );
    expect(ids(both)).toEqual(ids(plain));
    for (const order of both.answerOrders) expect([...order].sort()).toEqual([0, 1, 2, 3]);
    expect(both.answerOrders.some((order) => order.join() !== "0,1,2,3")).toBe(true);
    // A question's answer order depends on the seed and its id, not on where it landed.
    const natural = createRoom(tenQuestions, roomConfig({ shuffleAnswers: true, seed: 3 }));
    const byId = (room: RoomState) =>
      new Map(orderedQuestions(room).map((q, i) => [q.id, room.answerOrders[i]]));
    expect(byId(natural)).toEqual(byId(both));
  });

  it("leaves OFF countdowns empty, and FLAT has no countdowns at all", () => {
    const off = createRoom(bank, roomConfig({ maxQuestionTime: "OFF", maxResultTime: "OFF" }));
    expect([off.questionCountdown, off.resultCountdown]).toEqual([null, null]);
    const mixed = createRoom(bank, roomConfig({ maxQuestionTime: "OFF", maxResultTime: 10 }));
    expect([mixed.questionCountdown, mixed.resultCountdown]).toEqual([null, 10]);
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    expect([flat.questionCountdown, flat.resultCountdown]).toEqual([null, null]);
  });

  it("rejects input a room cannot be built from", () => {
    expect(() => createRoom([], roomConfig())).toThrow(RangeError);
    expect(() => createRoom([question(1, [0]), question(1, [1])], roomConfig())).toThrow(
      /duplicate question id/,
    );
    const twice: EngineQuestion = {
      id: 1,
      answers: [
        { idx: 0, isKey: true },
        { idx: 0, isKey: false },
      ],
    };
    expect(() => createRoom([twice], roomConfig())).toThrow(/duplicate answer idx/);
    expect(() => createRoom(bank, roomConfig({ maxQuestionTime: 0 }))).toThrow(RangeError);
    expect(() => createRoom(bank, roomConfig({ maxResultTime: 1.5 }))).toThrow(RangeError);
    expect(() => createRoom(bank, roomConfig({ seed: Number.NaN }))).toThrow(RangeError);
    expect(() =>
      createRoom(bank, { ...roomConfig(), practiceType: "REVIEW" as unknown as "FLAT" }),
    ).toThrow(RangeError);
  });

  it("keeps the seed as an unsigned 32-bit number and only the config fields", () => {
    const room = createRoom(bank, { ...roomConfig({ seed: -1 }), rangeSize: 50 } as never);
    expect(room.config.seed).toBe(4294967295);
    expect(Object.keys(room.config).sort()).toEqual(
      [
        "maxQuestionTime",
        "maxResultTime",
        "practiceType",
        "seed",
        "showNotification",
        "showQuestionKeyAfterQuestionEnd",
        "shuffleAnswers",
        "shuffleQuestions",
      ].sort(),
    );
  });

  it("carries richer question objects through, answers in display order", () => {
    const rich = [
      {
        id: 5,
        title: "SQL",
        answers: [
          { idx: 0, html: "a", isKey: false },
          { idx: 1, html: "b", isKey: true },
          { idx: 2, html: "c", isKey: false },
        ],
      },
    ];
    const room = createRoom(rich, roomConfig({ shuffleAnswers: true, seed: 5 }));
    expect(orderedQuestions(room)[0]?.title).toBe("SQL");
    expect(questionAt(room, 0)?.id).toBe(5);
    expect(questionAt(room, 1)).toBeNull();
    const shown = displayedAnswers(room, 0);
    expect(shown.map((a) => a.idx)).toEqual(room.answerOrders[0]);
    expect(shown.map((a) => a.html).sort()).toEqual(["a", "b", "c"]);
    expect(displayedAnswers(room, 3)).toEqual([]);
  });
});

describe("reset", () => {
  it("clears index, selection, flags, results and time but keeps the order and the attempt", () => {
    const start = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 9 }));
    const busy = run(
      start,
      ...ticks(5),
      pick(start.answerOrders[0]?.[0] ?? 0),
      ...ticks(20),
      { type: "pause" },
      { type: "openPreview" },
    );
    expect(busy.currentIndex).toBe(1);
    const reset = run(busy, { type: "reset" });
    expect(reset).toEqual(start);
  });
});

describe("tick", () => {
  it("adds a second of total time and counts the question down; at zero the result shows", () => {
    const room = createRoom(bank, roomConfig());
    const one = run(room, tick);
    expect([one.totalTime, one.questionCountdown, one.resultShown]).toEqual([1, 29, false]);
    const zero = run(room, ...ticks(30));
    expect(zero).toMatchObject({
      totalTime: 30,
      questionCountdown: 0,
      resultShown: true,
      resultCountdown: 20,
      currentIndex: 0,
    });
  });

  it("counts the result down; at zero the next question comes with fresh countdowns", () => {
    const shown = run(createRoom(bank, roomConfig()), pick(1));
    expect(shown).toMatchObject({ resultShown: true, questionCountdown: 30 });
    const almost = run(shown, ...ticks(19));
    expect([almost.resultCountdown, almost.currentIndex]).toEqual([1, 0]);
    const moved = run(almost, tick);
    expect(moved).toMatchObject({
      currentIndex: 1,
      resultShown: false,
      questionCountdown: 30,
      resultCountdown: 20,
      totalTime: 20,
    });
    expect(moved.results[0]).toEqual({
      questionId: 11,
      selectedAnswerIndexes: [1],
      rightAnswer: true,
    });
    expect(moved.selections[1]).toEqual([]);
  });

  it("counts nothing while paused", () => {
    const paused = run(createRoom(bank, roomConfig()), tick, { type: "pause" });
    expect(reduceRoom(paused, tick)).toBe(paused);
    const resumed = run(paused, { type: "resume" }, tick);
    expect([resumed.totalTime, resumed.questionCountdown]).toEqual([2, 28]);
  });

  it("never counts an OFF countdown, while total time still runs", () => {
    const off = run(
      createRoom(bank, roomConfig({ maxQuestionTime: "OFF", maxResultTime: "OFF" })),
      ...ticks(500),
    );
    expect(off).toMatchObject({
      totalTime: 500,
      questionCountdown: null,
      resultShown: false,
      currentIndex: 0,
    });
    const shownForever = run(off, next, ...ticks(500));
    expect(shownForever).toMatchObject({ resultShown: true, currentIndex: 0, totalTime: 1000 });
  });

  it("a held result stays until next, and holding does nothing while the question is asked", () => {
    const hold: RoomAction = { type: "holdResult" };
    const asking = createRoom(bank, roomConfig());
    expect(reduceRoom(asking, hold)).toBe(asking);
    const held = run(asking, pick(1), ...ticks(5), hold, ...ticks(60));
    expect(held).toMatchObject({ resultShown: true, currentIndex: 0, resultCountdown: null });
    const moved = run(held, next);
    // The next question's result counts down again.
    expect(moved).toMatchObject({ currentIndex: 1, resultShown: false, resultCountdown: 20 });
  });

  it("in FLAT only adds total time", () => {
    const flat = run(createRoom(bank, roomConfig({ practiceType: "FLAT" })), ...ticks(100));
    expect(flat).toMatchObject({ totalTime: 100, resultShown: false, finished: null });
  });
});

describe("toggle", () => {
  it("with one key, a pick in SEQUENCE shows the result at once", () => {
    const room = run(createRoom(bank, roomConfig()), pick(3));
    expect(room.selections[0]).toEqual([3]);
    expect(room.resultShown).toBe(true);
    expect(currentResult(room)).toEqual({
      questionId: 11,
      selectedAnswerIndexes: [3],
      rightAnswer: false,
    });
  });

  it("with several keys, picks up to the key count, deselects, and shows the result at the count", () => {
    const second = run(createRoom(bank, roomConfig()), pick(1), next);
    expect(second.currentIndex).toBe(1);
    const one = run(second, pick(3));
    expect([one.selections[1], one.resultShown]).toEqual([[3], false]);
    const none = run(one, pick(3));
    expect(none.selections[1]).toEqual([]);
    const two = run(none, pick(2), pick(0));
    expect(two.selections[1]).toEqual([0, 2]);
    expect(two.resultShown).toBe(true);
    expect(currentResult(two)?.rightAnswer).toBe(true);
  });

  it("in FLAT caps picks at the key count; only a single-key pick is replaced", () => {
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    const full = run(flat, pick(0, 1), pick(1, 1));
    expect(full.selections[1]).toEqual([0, 1]);
    expect(reduceRoom(full, pick(3, 1))).toBe(full);
    expect(run(full, pick(1, 1), pick(2, 1)).selections[1]).toEqual([0, 2]);
    const replaced = run(flat, pick(0, 0), pick(2, 0));
    expect(replaced.selections[0]).toEqual([2]);
    expect(replaced.resultShown).toBe(false);
  });

  it("with several accepted keys (anyKey), one pick replaces the last and shows the result", () => {
    const seasons: EngineQuestion = { ...question(21, [0, 1, 2, 3], 5), anyKey: true };
    const flat = createRoom([seasons], roomConfig({ practiceType: "FLAT" }));
    expect(run(flat, pick(0, 0), pick(2, 0)).selections[0]).toEqual([2]);
    const room = run(createRoom([seasons], roomConfig()), pick(2));
    expect(room.resultShown).toBe(true);
    expect(currentResult(room)?.rightAnswer).toBe(true);
    expect(currentResult(run(createRoom([seasons], roomConfig()), pick(4)))?.rightAnswer).toBe(
      false,
    );
  });

  it("is ignored while the result shows, while paused and after finishing", () => {
    const shown = run(createRoom(bank, roomConfig()), pick(1));
    expect(reduceRoom(shown, pick(2))).toBe(shown);
    const paused = run(createRoom(bank, roomConfig()), { type: "pause" });
    expect(reduceRoom(paused, pick(1))).toBe(paused);
    const done = run(createRoom(bank, roomConfig({ practiceType: "FLAT" })), finish);
    expect(reduceRoom(done, pick(1, 0))).toBe(done);
  });

  it("ignores answers and positions that are not there", () => {
    const seq = createRoom(bank, roomConfig());
    expect(reduceRoom(seq, pick(9))).toBe(seq);
    expect(reduceRoom(seq, pick(1, 1))).toBe(seq);
    expect(run(seq, pick(1, 0)).selections[0]).toEqual([1]);
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    expect(reduceRoom(flat, pick(1))).toBe(flat);
    expect(reduceRoom(flat, pick(1, 3))).toBe(flat);
    expect(reduceRoom(flat, pick(1, -1))).toBe(flat);
    expect(reduceRoom(flat, pick(1, 0.5))).toBe(flat);
  });

  it("picks nothing on a question without a key", () => {
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    expect(reduceRoom(flat, pick(0, 2))).toBe(flat);
  });
});

describe("next", () => {
  it("shows the result first, then records it and moves on with everything reset", () => {
    const room = run(createRoom(bank, roomConfig()), ...ticks(4));
    const shown = run(room, next);
    expect(shown).toMatchObject({ resultShown: true, currentIndex: 0, questionCountdown: 26 });
    expect(shown.results[0]).toBeNull();
    const moved = run(shown, ...ticks(3), next);
    expect(moved).toMatchObject({
      currentIndex: 1,
      resultShown: false,
      questionCountdown: 30,
      resultCountdown: 20,
      totalTime: 7,
    });
    expect(moved.results).toEqual([
      { questionId: 11, selectedAnswerIndexes: [], rightAnswer: false },
      null,
      null,
    ]);
  });

  it("records right only when the picked set equals the key set", () => {
    const done = run(
      createRoom(bank, roomConfig()),
      pick(1),
      next,
      pick(0),
      next,
      next,
      next,
      next,
    );
    expect(done.finished?.results.map((r) => r.rightAnswer)).toEqual([true, false, true]);
    expect(done.finished?.results[1]?.selectedAnswerIndexes).toEqual([0]);
  });

  it("does nothing in FLAT or while paused", () => {
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    expect(reduceRoom(flat, next)).toBe(flat);
    const paused = run(createRoom(bank, roomConfig()), { type: "pause" });
    expect(reduceRoom(paused, next)).toBe(paused);
  });
});

describe("finish", () => {
  it("FLAT: grades every question; unanswered is wrong unless the question has no key", () => {
    const flat = createRoom(
      [...bank, question(14, [0, 1, 2]), question(15, [3])],
      roomConfig({ practiceType: "FLAT", shuffleQuestions: false }),
    );
    const done = run(flat, ...ticks(42), pick(2, 1), pick(0, 1), pick(0, 3), pick(3, 4), finish);
    expect(done.finished).toEqual({
      results: [
        { questionId: 11, selectedAnswerIndexes: [], rightAnswer: false },
        { questionId: 12, selectedAnswerIndexes: [0, 2], rightAnswer: true },
        { questionId: 13, selectedAnswerIndexes: [], rightAnswer: true },
        { questionId: 14, selectedAnswerIndexes: [0], rightAnswer: false },
        { questionId: 15, selectedAnswerIndexes: [3], rightAnswer: true },
      ],
      numberOfRight: 3,
      numberOfWrong: 2,
      totalTime: 42,
      questionOrder: [11, 12, 13, 14, 15],
      answerOrders: null,
      answerSeconds: null,
    });
    expect(done.results).toEqual(done.finished?.results);
  });

  it("SEQUENCE: records the current question as it stands; questions not reached are unanswered", () => {
    const done = run(createRoom(bank, roomConfig()), pick(1), next, pick(2), finish);
    expect(done.finished?.results).toEqual([
      { questionId: 11, selectedAnswerIndexes: [1], rightAnswer: true },
      { questionId: 12, selectedAnswerIndexes: [2], rightAnswer: false },
      { questionId: 13, selectedAnswerIndexes: [], rightAnswer: true },
    ]);
  });

  it("works while paused, and a second finish changes nothing", () => {
    const paused = run(createRoom(bank, roomConfig()), { type: "pause" });
    const done = run(paused, finish);
    expect(done.finished).not.toBeNull();
    expect(reduceRoom(done, finish)).toBe(done);
  });

  it("carries the shown order and, when shuffled, the answer orders", () => {
    const done = run(
      createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, shuffleAnswers: true })),
      finish,
    );
    expect(done.finished?.questionOrder).toEqual(ids(done));
    expect(done.finished?.answerOrders).toEqual(done.answerOrders);
    expect(done.finished?.results.map((r) => r.questionId)).toEqual(ids(done));
  });
});

describe("pause and resume", () => {
  it("flip the paused flag, and repeating one changes nothing", () => {
    const room = createRoom(bank, roomConfig());
    const paused = run(room, { type: "pause" });
    expect(paused.paused).toBe(true);
    expect(reduceRoom(paused, { type: "pause" })).toBe(paused);
    expect(reduceRoom(room, { type: "resume" })).toBe(room);
    expect(run(paused, { type: "resume" })).toEqual(room);
  });
});

describe("restart", () => {
  it("starts a new attempt with a new shuffle and everything reset", () => {
    const first = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 1 }));
    const done = run(first, ...ticks(12), next, next, finish);
    const again = run(done, { type: "restart", seed: 2 });
    expect(again).toEqual({
      ...createRoom(tenQuestions, roomConfig({ shuffleQuestions: true, seed: 2 })),
      attempt: 2,
    });
    expect(ids(again)).not.toEqual(ids(first));
  });

  it("keeps the natural order when shuffling is off, and ignores a bad seed", () => {
    const room = run(createRoom(bank, roomConfig()), pick(1), { type: "restart", seed: 99 });
    expect(ids(room)).toEqual([11, 12, 13]);
    expect(room.selections[0]).toEqual([]);
    expect(reduceRoom(room, { type: "restart", seed: 1.5 })).toBe(room);
  });
});

describe("preview", () => {
  it("opens and closes, and lists the questions in the order of the room", () => {
    const room = createRoom(tenQuestions, roomConfig({ shuffleQuestions: true }));
    const open = run(room, { type: "openPreview" });
    expect(open.preview).toEqual({ visible: true });
    expect(reduceRoom(open, { type: "openPreview" })).toBe(open);
    expect(orderedQuestions(open).map((q) => q.id)).toEqual(ids(room));
    expect(run(open, { type: "closePreview" }).preview).toEqual({ visible: false });
    expect(reduceRoom(room, { type: "closePreview" })).toBe(room);
  });
});

describe("unknown actions", () => {
  it("leave the state as it is", () => {
    const room = createRoom(bank, roomConfig());
    expect(reduceRoom(room, { type: "dance" } as unknown as RoomAction)).toBe(room);
  });
});

describe("defects of the original app", () => {
  it("auto-advance past the last question finishes the room", () => {
    const room = createRoom(bank, roomConfig({ maxQuestionTime: 5, maxResultTime: 3 }));
    const done = run(room, ...ticks(3 * (5 + 3)));
    expect(done.finished).toMatchObject({
      numberOfRight: 1,
      numberOfWrong: 2,
      totalTime: 24,
      questionOrder: [11, 12, 13],
    });
    expect(done.finished?.results).toHaveLength(3);
    const before = run(room, ...ticks(23));
    expect(before.finished).toBeNull();
    expect(reduceRoom(done, tick)).toBe(done);
  });

  it("'Kết thúc' on the last question finishes at once with everything a save needs", () => {
    const last = run(createRoom(bank, roomConfig()), pick(1), next, pick(0), pick(2), next);
    expect(last.currentIndex).toBe(2);
    const shown = run(last, next);
    expect(shown.finished).toBeNull();
    const done = run(shown, next);
    expect(done.finished).toEqual({
      results: [
        { questionId: 11, selectedAnswerIndexes: [1], rightAnswer: true },
        { questionId: 12, selectedAnswerIndexes: [0, 2], rightAnswer: true },
        { questionId: 13, selectedAnswerIndexes: [], rightAnswer: true },
      ],
      numberOfRight: 3,
      numberOfWrong: 0,
      totalTime: 0,
      questionOrder: [11, 12, 13],
      answerOrders: null,
      answerSeconds: [0, 0, 0],
    });
    for (const action of [next, finish, tick, pick(0)]) expect(reduceRoom(done, action)).toBe(done);
  });

  it("a question without a key can be passed with the timers OFF, and by the timer", () => {
    const noKey = [question(1, []), question(2, [])];
    const off = createRoom(noKey, roomConfig({ maxQuestionTime: "OFF", maxResultTime: "OFF" }));
    expect(reduceRoom(off, pick(0))).toBe(off);
    const done = run(off, next, next, next, next);
    expect(done.finished).toMatchObject({ numberOfRight: 2, numberOfWrong: 0 });
    const timed = run(
      createRoom(noKey, roomConfig({ maxQuestionTime: 2, maxResultTime: 1 })),
      ...ticks(6),
    );
    expect(timed.finished).toMatchObject({ numberOfRight: 2, numberOfWrong: 0, totalTime: 6 });
  });

  it("answers past D get letters too", () => {
    const six = createRoom([question(1, [5], 6)], roomConfig({ shuffleAnswers: true }));
    const labels = displayedAnswers(six, 0).map((_, position) => answerLabel(position));
    expect(labels).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("the result shows exactly when as many answers as keys are picked", () => {
    const threeKeys = createRoom([question(1, [0, 2, 4], 6)], roomConfig());
    const q = questionAt(threeKeys, 0);
    expect(q && keyCount(q)).toBe(3);
    const two = run(threeKeys, pick(5), pick(0));
    expect(two.resultShown).toBe(false);
    const three = run(two, pick(2));
    expect(three.resultShown).toBe(true);
    expect(currentResult(three)).toEqual({
      questionId: 1,
      selectedAnswerIndexes: [0, 2, 5],
      rightAnswer: false,
    });
  });

  it("double-clicking 'Kết thúc' in FLAT finishes (and so saves) once", () => {
    const flat = createRoom(bank, roomConfig({ practiceType: "FLAT" }));
    let saves = 0;
    let state = flat;
    for (const action of [pick(1, 0), finish, finish, tick, finish]) {
      const after = reduceRoom(state, action);
      if (!state.finished && after.finished) saves += 1; // what the view's save effect keys on
      state = after;
    }
    expect(saves).toBe(1);
    expect(state.finished?.numberOfRight).toBe(2);
  });

  it("'Làm lại' with a new seed gives a new order and a fresh attempt", () => {
    const config = roomConfig({ shuffleQuestions: true, seed: 2024 });
    const first = run(createRoom(tenQuestions, config), finish);
    const orders = new Set<string>();
    let state = first;
    for (let seed = 1; seed <= 20; seed++) {
      state = run(state, finish, { type: "restart", seed });
      expect(state.finished).toBeNull();
      expect(state.attempt).toBe(seed + 1);
      orders.add(ids(state).join());
    }
    expect(orders.size).toBe(20);
    expect(orders.has(ids(first).join())).toBe(false);
  });
});

describe("configFields", () => {
  it("copies every field of a room config and nothing else", () => {
    const config = roomConfig({ practiceType: "FLAT", maxResultTime: "OFF", seed: 4_000_000_000 });
    const request = { ...config, attemptId: "0f8e2c7a-1b2d-4c3e-8f90-a1b2c3d4e5f6", admin: true };
    const copy = configFields(request);
    expect(copy).toEqual(config);
    expect(Object.keys(copy)).toEqual(Object.keys(roomConfig()));
    expect(copy).not.toBe(config);
  });
});

describe("Độ chắc chắn (askConfidence)", () => {
  const sure: RoomAction = { type: "confide", confidence: "SURE" };
  const guess: RoomAction = { type: "confide", confidence: "GUESS" };

  it("SEQUENCE: a complete pick waits for the mark, and the mark submits it", () => {
    const room = createRoom(bank, roomConfig({ askConfidence: true }));
    const picked = reduceRoom(room, pick(1));
    expect(picked.resultShown).toBe(false);
    const marked = reduceRoom(picked, guess);
    expect(marked.resultShown).toBe(true);
    expect(currentResult(marked)).toMatchObject({ questionId: 11, rightAnswer: true });
    const moved = reduceRoom(marked, next);
    expect(moved.results[0]).toEqual({
      questionId: 11,
      selectedAnswerIndexes: [1],
      rightAnswer: true,
      confidence: "GUESS",
    });
  });

  it("SEQUENCE: nothing picked, nothing to be sure of; the mark is ignored", () => {
    const room = createRoom(bank, roomConfig({ askConfidence: true }));
    expect(reduceRoom(room, sure)).toBe(room);
  });

  it("a room that does not ask ignores a mark and records none", () => {
    const room = createRoom(bank, roomConfig());
    const picked = reduceRoom(room, pick(1));
    expect(picked.resultShown).toBe(true);
    const done = run(room, pick(2), next, next, next, finish);
    const answered = run(room, pick(2));
    expect(reduceRoom(answered, sure)).toBe(answered);
    expect(done.finished?.results.every((r) => !("confidence" in r))).toBe(true);
    expect("askConfidence" in configFields(roomConfig())).toBe(false);
  });

  it("SEQUENCE: the time running out shows the result with no mark", () => {
    const room = createRoom(bank, roomConfig({ askConfidence: true, maxQuestionTime: 5 }));
    const late = run(room, pick(1), ...ticks(5), next);
    expect(late.results[0]).toMatchObject({ rightAnswer: true, confidence: null });
  });

  it("FLAT: marks any answered question, the same mark again takes it back, and finish keeps them", () => {
    const room = createRoom(bank, roomConfig({ askConfidence: true, practiceType: "FLAT" }));
    const state = run(
      room,
      pick(0, 0),
      { type: "confide", confidence: "SURE", position: 0 },
      pick(0, 1),
      { type: "confide", confidence: "GUESS", position: 1 },
      { type: "confide", confidence: "GUESS", position: 1 },
      { type: "confide", confidence: "GUESS", position: 2 },
    );
    expect(state.confidences).toEqual(["SURE", null, null]);
    const done = reduceRoom(state, finish);
    // A pick taken back after marking leaves the question unanswered, and unmarked.
    const takenBack = reduceRoom(
      run(state, { type: "confide", confidence: "SURE", position: 1 }, pick(0, 1)),
      finish,
    );
    expect(takenBack.finished?.results[1]).toMatchObject({ rightAnswer: false, confidence: null });
    expect(done.finished?.results.map((r) => [r.rightAnswer, r.confidence])).toEqual([
      [false, "SURE"],
      [false, null],
      [true, null],
    ]);
  });

  it("a mock exam never asks", () => {
    expect(() =>
      createRoom(bank, roomConfig({ askConfidence: true, practiceType: "FLAT", examMinutes: 0 })),
    ).toThrow(RangeError);
  });
});
