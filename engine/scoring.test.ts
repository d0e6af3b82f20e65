import { describe, expect, it } from "vitest";
import { keyCount, keyIndexes, normalisePicks, scoreAnswers, scoreQuestion } from "./scoring.ts";
import { question } from "#tests/support/engine-fixture.ts";

describe("scoreQuestion", () => {
  const multi = question(7, [3, 1]);

  it("is right only when the picked set equals the key set", () => {
    expect(scoreQuestion(multi, [1, 3])).toEqual({
      questionId: 7,
      selectedAnswerIndexes: [1, 3],
      rightAnswer: true,
    });
    expect(scoreQuestion(multi, [3, 1, 3]).rightAnswer).toBe(true);
    expect(scoreQuestion(multi, [1]).rightAnswer).toBe(false);
    expect(scoreQuestion(multi, [0, 1, 3]).rightAnswer).toBe(false);
    expect(scoreQuestion(multi, [1, 9]).rightAnswer).toBe(false);
    expect(scoreQuestion(multi, []).rightAnswer).toBe(false);
  });

  it("counts a question without a key right exactly when nothing is picked", () => {
    const none = question(8, []);
    expect(scoreQuestion(none, []).rightAnswer).toBe(true);
    expect(scoreQuestion(none, [0]).rightAnswer).toBe(false);
  });
});

describe("a single-choice question with several accepted keys (anyKey)", () => {
  const seasons = { ...question(9, [0, 1, 2, 3], 5), anyKey: true };

  it("is right when exactly one of its keys is picked", () => {
    for (const key of [0, 1, 2, 3]) expect(scoreQuestion(seasons, [key]).rightAnswer).toBe(true);
    expect(scoreQuestion(seasons, [4]).rightAnswer).toBe(false);
    expect(scoreQuestion(seasons, []).rightAnswer).toBe(false);
    expect(scoreQuestion(seasons, [0, 1, 2, 3]).rightAnswer).toBe(false);
  });

  it("asks for one answer", () => {
    expect(keyCount(seasons)).toBe(1);
    expect(keyCount({ ...question(1, [], 3), anyKey: true })).toBe(0);
  });
});

describe("scoreAnswers", () => {
  it("scores in the given order, treats a missing question as unanswered and totals", () => {
    const questions = [question(1, [0]), question(2, [1, 2]), question(3, []), question(4, [3])];
    const picks = new Map([
      [2, [2, 1]],
      [4, [0]],
      [99, [1]],
    ]);
    expect(scoreAnswers(questions, picks)).toEqual({
      results: [
        { questionId: 1, selectedAnswerIndexes: [], rightAnswer: false },
        { questionId: 2, selectedAnswerIndexes: [1, 2], rightAnswer: true },
        { questionId: 3, selectedAnswerIndexes: [], rightAnswer: true },
        { questionId: 4, selectedAnswerIndexes: [0], rightAnswer: false },
      ],
      numberOfRight: 2,
      numberOfWrong: 2,
    });
    expect(scoreAnswers([], new Map())).toEqual({
      results: [],
      numberOfRight: 0,
      numberOfWrong: 0,
    });
  });
});

describe("helpers", () => {
  it("list keys ascending, count them and normalise picks", () => {
    expect(keyIndexes(question(1, [3, 0]))).toEqual([0, 3]);
    expect(keyCount(question(1, [3, 0]))).toBe(2);
    expect(keyCount(question(1, []))).toBe(0);
    expect(normalisePicks([4, 1, 4, 0])).toEqual([0, 1, 4]);
  });
});
