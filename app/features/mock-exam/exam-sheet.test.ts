import { describe, expect, it } from "vitest";
import {
  blankSheet,
  isDone,
  msLeft,
  startingSheet,
  togglePick,
  type ExamQuestionShown,
  type SheetAnswer,
} from "./exam-sheet.ts";

const question = (
  id: number,
  kind: ExamQuestionShown["kind"],
  keyCount = 1,
): ExamQuestionShown => ({
  id,
  idx: id - 1,
  textHtml: `Câu ${id}`,
  kind,
  keyCount,
  answers: kind === "short_answer" ? [] : [0, 1, 2, 3].map((idx) => ({ idx, html: `${idx}` })),
});

const questions = [
  question(1, "choice"),
  question(2, "choice", 2),
  question(3, "true_false"),
  question(4, "short_answer"),
];

describe("the exam sheet in the browser", () => {
  it("picks one answer in place of another when one is asked, and at most as many as asked", () => {
    expect(togglePick(questions[0]!, [1], 2)).toEqual([2]);
    expect(togglePick(questions[1]!, [3], 0)).toEqual([0, 3]);
    expect(togglePick(questions[1]!, [0, 3], 1)).toEqual([0, 3]);
    expect(togglePick(questions[1]!, [0, 3], 3)).toEqual([0]);
  });

  it("counts a question done by a pick, one mark or a typed answer, never by blank marks", () => {
    const [a, b, c, d] = blankSheet(questions);
    expect([a, b, c, d].map(isDone)).toEqual([false, false, false, false]);
    expect(isDone({ ...a!, selectedAnswerIndexes: [1] })).toBe(true);
    expect(isDone({ ...c!, response: "----" })).toBe(false);
    expect(isDone({ ...c!, response: "-T--" })).toBe(true);
    expect(isDone({ ...d!, response: "  " })).toBe(false);
    expect(isDone({ ...d!, response: "0,5" })).toBe(true);
  });

  it("starts from the device's copy only while it holds answers the server never got", () => {
    const server: SheetAnswer[] = blankSheet(questions);
    server[0] = { ...server[0]!, selectedAnswerIndexes: [1] };
    const local: SheetAnswer[] = blankSheet(questions);
    local[3] = { ...local[3]!, response: "12" };
    const pending = startingSheet(questions, server, {
      v: 1,
      answers: local,
      flags: [2],
      pending: true,
    });
    expect(pending.answers[3]?.response).toBe("12");
    expect(pending.flags).toEqual([2]);
    const sent = startingSheet(questions, server, {
      v: 1,
      answers: local,
      flags: [2],
      pending: false,
    });
    expect(sent.answers[0]?.selectedAnswerIndexes).toEqual([1]);
    expect(sent.answers[3]?.response).toBeNull();
  });

  it("never lays a copy of another exam (other questions) over this one", () => {
    const stale = blankSheet([question(9, "choice"), ...questions.slice(1)]);
    const start = startingSheet(questions, blankSheet(questions), {
      v: 1,
      answers: stale,
      flags: [],
      pending: true,
    });
    expect(start.answers.map((a) => a.questionId)).toEqual([1, 2, 3, 4]);
    expect(start.pending).toBe(false);
  });

  it("counts down on the server's clock whatever the device's says", () => {
    // The device is 2 minutes behind the server: 10 minutes on the server's clock are 8 left.
    const offset = 120_000;
    const deviceNow = Date.parse("2026-11-26T10:00:00Z");
    expect(msLeft("2026-11-26T10:10:00Z", offset, deviceNow)).toBe(8 * 60_000);
    expect(msLeft(null, offset, deviceNow)).toBeNull();
  });
});
