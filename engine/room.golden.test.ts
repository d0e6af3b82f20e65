import { describe, expect, it } from "vitest";
import { answerLabel } from "./labels.ts";
import { createRoom, displayedAnswers, orderedQuestions, questionAt } from "./room.ts";
import { question, roomConfig, run, ticks } from "#tests/support/engine-fixture.ts";
import type { RoomAction, RoomState } from "./types.ts";

/*
 * A fixed bank and seed driven second by second. The expected values are written out by hand
 * from the rules, so any change to the PRNG, the shuffle, the seed derivation or the timing
 * rules shows up here as a visible diff rather than a silently updated snapshot.
 */
const bank = [question(201, [2], 4), question(202, [0, 3], 5), question(203, [], 3)];
const config = roomConfig({
  maxQuestionTime: 30,
  maxResultTime: 20,
  shuffleQuestions: true,
  shuffleAnswers: true,
  seed: 42,
});

function snapshot(state: RoomState) {
  return {
    currentIndex: state.currentIndex,
    questionId: questionAt(state, state.currentIndex)?.id,
    questionCountdown: state.questionCountdown,
    resultCountdown: state.resultCountdown,
    resultShown: state.resultShown,
    paused: state.paused,
    totalTime: state.totalTime,
    selection: state.selections[state.currentIndex],
    finished: state.finished !== null,
  };
}

/** Picks the answer shown with `label` on the current question, as a student would. */
function pickLabel(state: RoomState, label: string): RoomAction {
  const answers = displayedAnswers(state, state.currentIndex);
  const position = answers.findIndex((_, i) => answerLabel(i) === label);
  const answer = answers[position];
  if (!answer) throw new Error(`no answer ${label}`);
  return { type: "toggle", answerIdx: answer.idx };
}

describe("golden: 3 questions, seed 42, 30 s / 20 s, shuffled", () => {
  it("runs tick by tick to the expected summary", () => {
    let state = createRoom(bank, config);
    expect(orderedQuestions(state).map((q) => q.id)).toEqual([202, 201, 203]);
    expect(state.answerOrders).toEqual([
      [4, 2, 0, 1, 3],
      [3, 0, 1, 2],
      [1, 0, 2],
    ]);
    expect(snapshot(state)).toEqual({
      currentIndex: 0,
      questionId: 202,
      questionCountdown: 30,
      resultCountdown: 20,
      resultShown: false,
      paused: false,
      totalTime: 0,
      selection: [],
      finished: false,
    });

    // t = 10: pick "A" (idx 4) of question 202, which has two keys: no result yet.
    state = run(state, ...ticks(10));
    state = run(state, pickLabel(state, "A"));
    expect(snapshot(state)).toMatchObject({
      questionCountdown: 20,
      resultShown: false,
      totalTime: 10,
      selection: [4],
    });

    // t = 15: pick "C" (idx 0): two picks = two keys, the result shows; the question clock stops.
    state = run(state, ...ticks(5));
    state = run(state, pickLabel(state, "C"));
    expect(snapshot(state)).toEqual({
      currentIndex: 0,
      questionId: 202,
      questionCountdown: 15,
      resultCountdown: 20,
      resultShown: true,
      paused: false,
      totalTime: 15,
      selection: [0, 4],
      finished: false,
    });

    // t = 34: one second of result left.
    state = run(state, ...ticks(19));
    expect(snapshot(state)).toMatchObject({ currentIndex: 0, resultCountdown: 1, totalTime: 34 });

    // t = 35: auto-advance to question 201 with fresh countdowns; 202 recorded wrong ({0,4} ≠ {0,3}).
    state = run(state, ...ticks(1));
    expect(snapshot(state)).toEqual({
      currentIndex: 1,
      questionId: 201,
      questionCountdown: 30,
      resultCountdown: 20,
      resultShown: false,
      paused: false,
      totalTime: 35,
      selection: [],
      finished: false,
    });
    expect(state.results).toEqual([
      { questionId: 202, selectedAnswerIndexes: [0, 4], rightAnswer: false },
      null,
      null,
    ]);

    // t = 64: one second left on 201, nothing picked.
    state = run(state, ...ticks(29));
    expect(snapshot(state)).toMatchObject({
      questionCountdown: 1,
      resultShown: false,
      totalTime: 64,
    });

    // t = 65: time is up, the result shows.
    state = run(state, ...ticks(1));
    expect(snapshot(state)).toMatchObject({
      questionCountdown: 0,
      resultCountdown: 20,
      resultShown: true,
      totalTime: 65,
    });

    // Paused for 7 ticks: nothing moves.
    state = run(state, { type: "pause" }, ...ticks(7));
    expect(snapshot(state)).toMatchObject({ paused: true, resultCountdown: 20, totalTime: 65 });

    // t = 85 after resuming: question 203 (no key); 201 recorded wrong (nothing picked).
    state = run(state, { type: "resume" }, ...ticks(20));
    expect(snapshot(state)).toMatchObject({
      currentIndex: 2,
      questionId: 203,
      questionCountdown: 30,
      resultShown: false,
      paused: false,
      totalTime: 85,
    });

    // 203 has no key: a pick is refused; at t = 97 "Câu tiếp theo" shows its result.
    state = run(state, pickLabel(state, "B"), ...ticks(12), { type: "next" });
    expect(snapshot(state)).toEqual({
      currentIndex: 2,
      questionId: 203,
      questionCountdown: 18,
      resultCountdown: 20,
      resultShown: true,
      paused: false,
      totalTime: 97,
      selection: [],
      finished: false,
    });

    // t = 116: still showing; t = 117: the last result runs out and the room finishes.
    state = run(state, ...ticks(19));
    expect(snapshot(state)).toMatchObject({ resultCountdown: 1, totalTime: 116, finished: false });
    state = run(state, ...ticks(1));
    expect(state.finished).toEqual({
      results: [
        { questionId: 202, selectedAnswerIndexes: [0, 4], rightAnswer: false },
        { questionId: 201, selectedAnswerIndexes: [], rightAnswer: false },
        { questionId: 203, selectedAnswerIndexes: [], rightAnswer: true },
      ],
      numberOfRight: 1,
      numberOfWrong: 2,
      totalTime: 117,
      questionOrder: [202, 201, 203],
      answerOrders: [
        [4, 2, 0, 1, 3],
        [3, 0, 1, 2],
        [1, 0, 2],
      ],
      // 202 answered at t = 15, 201 ran out its 30 s, 203 passed at 12 s.
      answerSeconds: [15, 30, 12],
    });

    // Late ticks from the view's interval change nothing.
    expect(run(state, ...ticks(10))).toBe(state);
  });

  it("restarts with seed 43 into its own order", () => {
    const done = run(createRoom(bank, config), { type: "finish" });
    const again = run(done, { type: "restart", seed: 43 });
    expect(orderedQuestions(again).map((q) => q.id)).toEqual([203, 201, 202]);
    expect(again.answerOrders).toEqual([
      [0, 2, 1],
      [1, 2, 0, 3],
      [1, 2, 3, 0, 4],
    ]);
    expect(snapshot(again)).toMatchObject({ currentIndex: 0, totalTime: 0, finished: false });
    expect(again.attempt).toBe(2);
  });
});
