import { describe, expect, it } from "vitest";
import { createRoom, currentResult, reduceRoom } from "./room.ts";
import { examScore } from "./exam-score.ts";
import {
  markOf,
  markStatement,
  responseFits,
  shortAnswerIsRight,
  shortAnswerNumber,
  trueFalsePoints,
} from "./responses.ts";
import { keyCount, questionPoints, scoreAnswers, scoreQuestion } from "./scoring.ts";
import type { EngineQuestion } from "./types.ts";
import { question, roomConfig } from "#tests/support/engine-fixture.ts";

/** Statements a) true, b) false, c) true, d) false. */
const trueFalse: EngineQuestion = { ...question(1, [0, 2]), kind: "true_false" };

function shortAnswer(id: number, ...accepted: { value: string; tolerance?: number }[]) {
  return {
    id,
    kind: "short_answer" as const,
    answers: accepted.map((answer, idx) => ({ idx, isKey: true, ...answer })),
  };
}

describe("a Đúng/Sai question", () => {
  it("is right in the practice sense only when every statement is marked as it is", () => {
    expect(scoreQuestion(trueFalse, [], "TFTF")).toEqual({
      questionId: 1,
      selectedAnswerIndexes: [],
      rightAnswer: true,
      response: "TFTF",
    });
    for (const marks of ["TFTT", "FFTF", "TFT-", "----", "FTFT"]) {
      expect(scoreQuestion(trueFalse, [], marks).rightAnswer).toBe(false);
    }
    expect(scoreQuestion(trueFalse, []).rightAnswer).toBe(false);
  });

  it("earns the Ministry's points for every count of right statements: 0, 0.1, 0.25, 0.5, 1", () => {
    const points = ["FTFT", "TTFT", "TTTT", "TFTT", "TFTF"].map((marks) =>
      questionPoints(trueFalse, scoreQuestion(trueFalse, [], marks)),
    );
    expect(points).toEqual([0, 0.1, 0.25, 0.5, 1]);
    // A statement left unmarked is not right.
    expect(questionPoints(trueFalse, scoreQuestion(trueFalse, [], "TF--"))).toBe(0.25);
  });

  it("reads questions of 2 to 6 statements on the same scale, all right always the whole point", () => {
    expect(trueFalsePoints(2, 2)).toBe(1);
    expect(trueFalsePoints(1, 2)).toBe(0.25);
    expect(trueFalsePoints(5, 6)).toBe(0.5);
    expect(trueFalsePoints(6, 6)).toBe(1);
    expect(trueFalsePoints(0, 6)).toBe(0);
  });

  it("refuses marks of another length or other letters, and is never answered by picks", () => {
    expect(responseFits(trueFalse, "TFT")).toBe(false);
    expect(responseFits(trueFalse, "TFTX")).toBe(false);
    expect(responseFits(trueFalse, 4)).toBe(false);
    expect(responseFits(trueFalse, null)).toBe(true);
    expect(scoreQuestion(trueFalse, [], "TFTFT")).toMatchObject({
      rightAnswer: false,
      response: null,
    });
    expect(keyCount(trueFalse)).toBe(0);
    expect(scoreQuestion(trueFalse, [0, 2]).rightAnswer).toBe(false);
  });

  it("sets one statement's mark at a time", () => {
    const once = markStatement(trueFalse, null, 2, true);
    expect(once).toBe("--T-");
    expect(markStatement(trueFalse, once, 0, false)).toBe("F-T-");
    expect(markStatement(trueFalse, once, 9, true)).toBeNull();
    expect(markOf(trueFalse, "F-T-", 0)).toBe(false);
    expect(markOf(trueFalse, "F-T-", 1)).toBeNull();
  });
});

describe("a short-answer question", () => {
  const half = shortAnswer(2, { value: "0,5" });

  it('takes "0,5", "0.5", ",5", " 0,50 " for one half, and nothing else', () => {
    for (const typed of ["0,5", "0.5", ",5", ".5", " 0,50 ", "+0,5"]) {
      expect(shortAnswerIsRight(half, typed), typed).toBe(true);
    }
    for (const typed of ["", "5", "0,6", "-0,5", "1/2", "0,5,", null]) {
      expect(shortAnswerIsRight(half, typed), String(typed)).toBe(false);
    }
  });

  it("accepts any of several answers, a number within its tolerance, a word case aside", () => {
    const pi = shortAnswer(
      3,
      { value: "3,14", tolerance: 0.01 },
      { value: "-3,14", tolerance: 0.01 },
    );
    expect(shortAnswerIsRight(pi, "3,15")).toBe(true);
    expect(shortAnswerIsRight(pi, "-3,13")).toBe(true);
    expect(shortAnswerIsRight(pi, "3,16")).toBe(false);
    const salt = shortAnswer(4, { value: "NaCl" });
    expect(shortAnswerIsRight(salt, "nacl")).toBe(true);
    expect(shortAnswerIsRight(salt, "Na Cl")).toBe(true);
    expect(shortAnswerIsRight(salt, "NaOH")).toBe(false);
  });

  it("reads numbers the way the answer sheet writes them", () => {
    expect(shortAnswerNumber("-12")).toBe(-12);
    expect(shortAnswerNumber("1,25")).toBe(1.25);
    expect(shortAnswerNumber("1.2.3")).toBeNull();
    expect(shortAnswerNumber("1e3")).toBeNull();
    expect(shortAnswerNumber("-")).toBeNull();
  });

  it("refuses a typed answer longer than the limit", () => {
    expect(responseFits(half, "1".repeat(32))).toBe(true);
    expect(responseFits(half, "1".repeat(33))).toBe(false);
    expect(scoreQuestion(half, [], "0,5".padEnd(40, " ")).rightAnswer).toBe(false);
  });
});

describe("a room with the new kinds", () => {
  const questions = [trueFalse, shortAnswer(2, { value: "12" }), question(3, [1])];

  it("shows a Đúng/Sai result once every statement is marked, a short answer's on “next”", () => {
    let room = createRoom(questions, roomConfig());
    room = reduceRoom(room, { type: "toggle", answerIdx: 0 });
    expect(room.selections[0]).toEqual([]);
    room = reduceRoom(room, { type: "respond", response: "TF-F" });
    expect(room.resultShown).toBe(false);
    room = reduceRoom(room, { type: "respond", response: "TFFF" });
    expect(room.resultShown).toBe(true);
    expect(currentResult(room)).toMatchObject({ rightAnswer: false, response: "TFFF" });
    expect(reduceRoom(room, { type: "respond", response: "TFTF" })).toBe(room);
    room = reduceRoom(room, { type: "next" });
    room = reduceRoom(room, { type: "respond", response: "1" });
    room = reduceRoom(room, { type: "respond", response: "12" });
    expect(room.resultShown).toBe(false);
    room = reduceRoom(room, { type: "next" });
    expect(currentResult(room)).toMatchObject({ rightAnswer: true, response: "12" });
    room = reduceRoom(room, { type: "next" });
    expect(reduceRoom(room, { type: "respond", response: "1" })).toBe(room);
    room = reduceRoom(room, { type: "toggle", answerIdx: 1 });
    room = reduceRoom(room, { type: "next" });
    expect(room.finished?.numberOfRight).toBe(2);
    expect(room.finished?.results.map((result) => result.response ?? null)).toEqual([
      "TFFF",
      "12",
      null,
    ]);
  });

  it("takes responses anywhere on a FLAT sheet and scores them at the end", () => {
    let room = createRoom(questions, roomConfig({ practiceType: "FLAT" }));
    room = reduceRoom(room, { type: "respond", response: "TFTF", position: 0 });
    room = reduceRoom(room, { type: "respond", response: " 12", position: 1 });
    expect(reduceRoom(room, { type: "respond", response: "x", position: 2 })).toBe(room);
    room = reduceRoom(room, { type: "finish" });
    expect(room.finished?.numberOfRight).toBe(2);
  });
});

describe("a mock exam's score on 10", () => {
  it("adds the Ministry's part weights for the mathematics layout, 12 + 4 + 6", () => {
    const questions: EngineQuestion[] = [
      ...Array.from({ length: 12 }, (_, i) => question(100 + i, [0])),
      ...Array.from({ length: 4 }, (_, i) => ({
        ...question(200 + i, [0, 2]),
        kind: "true_false" as const,
      })),
      ...Array.from({ length: 6 }, (_, i) => shortAnswer(300 + i, { value: "2" })),
    ];
    const picks = new Map(questions.map((q, i) => [q.id, i < 10 ? [0] : [1]]));
    const responses = new Map<number, string | null>([
      [200, "TFTF"],
      [201, "TFTT"],
      [202, "TTTT"],
      [203, null],
      [300, "2"],
      [301, "2,0"],
      [302, "3"],
    ]);
    const { results } = scoreAnswers(questions, picks, responses);
    const exam = examScore(questions, results, true);
    // 10 × 0.25 + (1 + 0.5 + 0.25 + 0) + 2 × 0.5
    expect(exam.score).toBe(5.25);
    expect(exam.parts).toEqual([
      { part: 1, questions: 12, points: 2.5, max: 3 },
      { part: 2, questions: 4, points: 1.75, max: 4 },
      { part: 3, questions: 6, points: 1, max: 3 },
    ]);
    // Outside mathematics a short answer weighs 0.25, and the total is brought to 10.
    expect(examScore(questions, results, false).score).toBe(
      Math.round(((5.25 - 0.5) / 8.5) * 1000) / 100,
    );
  });

  it("scores a practice of multiple choice only as right / total × 10", () => {
    const questions = [question(1, [0]), question(2, [0]), question(3, [0])];
    const { results } = scoreAnswers(
      questions,
      new Map([
        [1, [0]],
        [2, [0]],
      ]),
    );
    expect(examScore(questions, results, false)).toEqual({ score: 6.67, parts: [] });
  });
});
