import { describe, expect, it } from "vitest";
import type { RoomSummary } from "#engine/types.ts";
import { finishedAnswers } from "./room-screen.tsx";

describe("what a finished room sends (issue 27)", () => {
  it("carries a Đúng/Sai or short-answer question's response, and none for multiple choice", () => {
    const finished: RoomSummary = {
      results: [
        { questionId: 1, selectedAnswerIndexes: [0], rightAnswer: true },
        { questionId: 2, selectedAnswerIndexes: [], rightAnswer: false, response: "TF-T" },
        { questionId: 3, selectedAnswerIndexes: [], rightAnswer: true, response: "0,5" },
        { questionId: 4, selectedAnswerIndexes: [], rightAnswer: false, response: null },
      ],
      numberOfRight: 2,
      numberOfWrong: 2,
      totalTime: 12,
      questionOrder: [1, 2, 3, 4],
      answerOrders: null,
    };
    expect(finishedAnswers(finished).answers).toEqual([
      { questionId: 1, selectedAnswerIndexes: [0] },
      { questionId: 2, selectedAnswerIndexes: [], response: "TF-T" },
      { questionId: 3, selectedAnswerIndexes: [], response: "0,5" },
      { questionId: 4, selectedAnswerIndexes: [] },
    ]);
  });
});
