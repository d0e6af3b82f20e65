import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRoom, orderedQuestions, reduceRoom } from "./room.ts";
import { keyCount, scoreAnswers } from "./scoring.ts";
import { deepFreeze } from "#base/deep-freeze.ts";
import { question, run } from "#tests/support/engine-fixture.ts";
import type { EngineQuestion, RoomAction, RoomConfig, RoomState } from "./types.ts";

// Fixed seed and run count: the suite is deterministic and a failure is reproducible as is.
const PARAMS = { numRuns: 200, seed: 20_240_901 } as const;

/** One question's shape: 2–8 answers, 0–8 keys (capped by the answers), keys anywhere. */
const shapeArb: fc.Arbitrary<{ answers: number; keys: number[] }> = fc
  .integer({ min: 2, max: 8 })
  .chain((answers) =>
    fc.integer({ min: 0, max: 8 }).chain((wanted) => {
      const keys = Math.min(wanted, answers);
      const idxs = Array.from({ length: answers }, (_, i) => i);
      return fc
        .shuffledSubarray(idxs, { minLength: keys, maxLength: keys })
        .map((keyIdxs) => ({ answers, keys: keyIdxs }));
    }),
  );

const bankArb: fc.Arbitrary<EngineQuestion[]> = fc
  .array(shapeArb, { minLength: 1, maxLength: 30 })
  .map((shapes) => shapes.map((shape, i) => question(1000 + i, shape.keys, shape.answers)));

const secondsArb = fc.oneof(fc.constant("OFF" as const), fc.integer({ min: 1, max: 8 }));

const configArb: fc.Arbitrary<RoomConfig> = fc.record({
  practiceType: fc.constantFrom("SEQUENCE" as const, "FLAT" as const),
  maxQuestionTime: secondsArb,
  maxResultTime: secondsArb,
  showQuestionKeyAfterQuestionEnd: fc.boolean(),
  showNotification: fc.boolean(),
  shuffleQuestions: fc.boolean(),
  shuffleAnswers: fc.boolean(),
  askConfidence: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
});

const timedConfigArb = configArb.map((config): RoomConfig => ({
  ...config,
  practiceType: "SEQUENCE",
  maxQuestionTime: config.maxQuestionTime === "OFF" ? 5 : config.maxQuestionTime,
  maxResultTime: config.maxResultTime === "OFF" ? 3 : config.maxResultTime,
}));

const actionArb: fc.Arbitrary<RoomAction> = fc.oneof(
  { arbitrary: fc.constant<RoomAction>({ type: "tick" }), weight: 8 },
  {
    arbitrary: fc
      .record({
        answerIdx: fc.integer({ min: -1, max: 8 }),
        position: fc.option(fc.integer({ min: -1, max: 30 }), { nil: undefined }),
      })
      .map(({ answerIdx, position }): RoomAction =>
        position === undefined
          ? { type: "toggle", answerIdx }
          : { type: "toggle", answerIdx, position },
      ),
    weight: 8,
  },
  {
    arbitrary: fc
      .record({
        confidence: fc.constantFrom("SURE" as const, "GUESS" as const),
        position: fc.option(fc.integer({ min: -1, max: 30 }), { nil: undefined }),
      })
      .map(({ confidence, position }): RoomAction =>
        position === undefined
          ? { type: "confide", confidence }
          : { type: "confide", confidence, position },
      ),
    weight: 3,
  },
  { arbitrary: fc.constant<RoomAction>({ type: "next" }), weight: 3 },
  { arbitrary: fc.constant<RoomAction>({ type: "finish" }), weight: 1 },
  { arbitrary: fc.constant<RoomAction>({ type: "pause" }), weight: 1 },
  { arbitrary: fc.constant<RoomAction>({ type: "resume" }), weight: 2 },
  { arbitrary: fc.constant<RoomAction>({ type: "reset" }), weight: 1 },
  {
    arbitrary: fc
      .integer({ min: 0, max: 2 ** 32 - 1 })
      .map((seed): RoomAction => ({ type: "restart", seed })),
    weight: 1,
  },
  { arbitrary: fc.constant<RoomAction>({ type: "openPreview" }), weight: 1 },
  { arbitrary: fc.constant<RoomAction>({ type: "closePreview" }), weight: 1 },
);

const actionsArb = fc.array(actionArb, { maxLength: 80 });

/** Every state reached from the start, the start included. */
function trace(start: RoomState, actions: readonly RoomAction[]): RoomState[] {
  const states = [deepFreeze(start)];
  let state = states[0] as RoomState;
  for (const action of actions) {
    state = deepFreeze(reduceRoom(state, action));
    states.push(state);
  }
  return states;
}

function isPermutation(values: readonly number[], of: readonly number[]): boolean {
  return (
    values.length === of.length &&
    [...values].sort((a, b) => a - b).join() === [...of].sort((a, b) => a - b).join()
  );
}

function checkInvariants(state: RoomState): void {
  const ordered = orderedQuestions(state);
  expect(
    isPermutation(
      state.order,
      state.questions.map((_, i) => i),
    ),
  ).toBe(true);
  ordered.forEach((q, position) => {
    const picks = state.selections[position] ?? [];
    expect(picks.length).toBeLessThanOrEqual(keyCount(q));
    expect(new Set(picks).size).toBe(picks.length);
    for (const idx of picks) expect(q.answers.some((a) => a.idx === idx)).toBe(true);
    expect(
      isPermutation(
        state.answerOrders[position] ?? [],
        q.answers.map((a) => a.idx),
      ),
    ).toBe(true);
  });
  expect(state.currentIndex).toBeGreaterThanOrEqual(0);
  expect(state.currentIndex).toBeLessThan(state.order.length);
  if (state.finished) {
    const { results, numberOfRight, numberOfWrong, questionOrder } = state.finished;
    expect(results).toHaveLength(ordered.length);
    expect(results.map((r) => r.questionId)).toEqual(ordered.map((q) => q.id));
    expect(questionOrder).toEqual(ordered.map((q) => q.id));
    expect(numberOfRight + numberOfWrong).toBe(ordered.length);
    expect(numberOfRight).toBe(results.filter((r) => r.rightAnswer).length);
    // What the server recomputes from the stored keys and the submitted picks agrees.
    const picks = new Map(results.map((r) => [r.questionId, r.selectedAnswerIndexes]));
    const scored = results.map(({ confidence: _mark, ...result }) => result);
    expect(scoreAnswers(ordered, picks).results).toEqual(scored);
    // A mark is recorded exactly when the room asks for one, and only for an answered question.
    const asked = state.config.askConfidence === true;
    results.forEach((r, position) => {
      expect("confidence" in r).toBe(asked);
      if (r.confidence) expect(r.selectedAnswerIndexes.length).toBeGreaterThan(0);
      const marked = r.selectedAnswerIndexes.length > 0 ? state.confidences[position] : null;
      expect(r.confidence ?? null).toBe(asked ? (marked ?? null) : null);
    });
    for (const r of results) {
      const q = ordered.find((x) => x.id === r.questionId);
      expect(r.selectedAnswerIndexes.length).toBeLessThanOrEqual(q ? keyCount(q) : 0);
    }
  }
}

describe("room properties", () => {
  it("keeps its invariants in every reachable state, without mutating any", () => {
    fc.assert(
      fc.property(bankArb, configArb, actionsArb, (bank, config, actions) => {
        for (const state of trace(createRoom(bank, config), actions)) checkInvariants(state);
      }),
      PARAMS,
    );
  });

  it("is deterministic: the same seed and actions give the same state", () => {
    fc.assert(
      fc.property(bankArb, configArb, actionsArb, (bank, config, actions) => {
        const a = run(createRoom(bank, config), ...actions);
        const b = run(createRoom(bank, config), ...actions);
        expect(a).toEqual(b);
      }),
      PARAMS,
    );
  });

  it("finishes by ticks alone within (question + result time) per remaining question", () => {
    fc.assert(
      fc.property(bankArb, timedConfigArb, actionsArb, (bank, config, actions) => {
        let state = reduceRoom(run(createRoom(bank, config), ...actions), { type: "resume" });
        if (state.finished) return;
        const perQuestion = Number(config.maxQuestionTime) + Number(config.maxResultTime);
        const budget = (state.order.length - state.currentIndex) * perQuestion;
        let used = 0;
        while (!state.finished && used < budget) {
          state = reduceRoom(state, { type: "tick" });
          used += 1;
        }
        expect(state.finished).not.toBeNull();
        checkInvariants(state);
      }),
      PARAMS,
    );
  });

  it("finishes by `next` alone with at most two presses per remaining question, whatever the timers", () => {
    fc.assert(
      fc.property(bankArb, configArb, actionsArb, (bank, config, actions) => {
        const sequence = { ...config, practiceType: "SEQUENCE" as const };
        let state = reduceRoom(run(createRoom(bank, sequence), ...actions), { type: "resume" });
        if (state.finished) return;
        // Exactly: one press to show each result, one to move on; the current one may be shown already.
        const presses = 2 * (state.order.length - state.currentIndex) - (state.resultShown ? 1 : 0);
        for (let i = 0; i < presses; i++) {
          expect(state.finished).toBeNull();
          state = reduceRoom(state, { type: "next" });
        }
        expect(state.finished).not.toBeNull();
      }),
      PARAMS,
    );
  });

  it("in FLAT, one `finish` ends the room from any reachable state", () => {
    fc.assert(
      fc.property(bankArb, configArb, actionsArb, (bank, config, actions) => {
        const flat = { ...config, practiceType: "FLAT" as const };
        const state = run(createRoom(bank, flat), ...actions);
        expect(reduceRoom(state, { type: "next" })).toBe(state);
        const done = reduceRoom(state, { type: "finish" });
        expect(done.finished).not.toBeNull();
        checkInvariants(done);
      }),
      PARAMS,
    );
  });

  it("after finishing, every action but `restart` leaves the state unchanged", () => {
    fc.assert(
      fc.property(bankArb, configArb, actionsArb, actionsArb, (bank, config, before, after) => {
        const done = run(createRoom(bank, config), ...before, { type: "finish" });
        expect(done.finished).not.toBeNull();
        for (const action of after) {
          const next = reduceRoom(done, action);
          if (action.type === "restart") {
            expect(next.finished).toBeNull();
            expect(next.attempt).toBe(done.attempt + 1);
            expect(next).toEqual({
              ...createRoom(bank, { ...config, seed: action.seed }),
              attempt: done.attempt + 1,
            });
          } else {
            expect(next).toBe(done);
          }
        }
      }),
      PARAMS,
    );
  });
});
