import { describe, expect, it } from "vitest";
import {
  gradeAnswer,
  gradesOfAttempt,
  hasGraduated,
  retrievability,
  reviewCard,
  sameKeys,
  type ReviewCardState,
} from "./review.ts";

/** A fixed clock: every transition below is golden, computed once by ts-fsrs with fuzz off. */
const T0 = new Date("2025-03-01T08:30:00.000Z");

describe("FSRS transitions (golden, fixed clock)", () => {
  it("a review dated before the card's last one (a clock behind) is taken at that time, never refused", () => {
    const card = reviewCard(null, "AGAIN", T0);
    const earlier = new Date(T0.getTime() - 24 * 60 * 60 * 1000);
    expect(reviewCard(card, "GOOD", earlier)).toEqual(reviewCard(card, "GOOD", T0));
  });

  it("a first mistake (Again) makes a learning card due a minute later", () => {
    expect(reviewCard(null, "AGAIN", T0)).toEqual({
      due: new Date("2025-03-01T08:31:00.000Z"),
      stability: 0.212,
      difficulty: 6.4133,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      state: 1,
      lastReview: T0,
    });
  });

  it("Hard and Good on the due card move it by their learning steps", () => {
    const card = reviewCard(null, "AGAIN", T0);
    const hard = reviewCard(card, "HARD", card.due);
    expect(hard.due).toEqual(new Date("2025-03-01T08:37:00.000Z"));
    expect(hard.difficulty).toBeCloseTo(7.60420977, 6);
    expect(hard.reps).toBe(2);
    const good = reviewCard(card, "GOOD", card.due);
    expect(good.due).toEqual(new Date("2025-03-01T08:41:00.000Z"));
    expect(good.stability).toBeCloseTo(0.24668919, 6);
    expect(good.learningSteps).toBe(1);
  });

  it("Good on every due date graduates the card after the 30-day line, not before", () => {
    const dues: string[] = [];
    let card: ReviewCardState = reviewCard(
      reviewCard(null, "AGAIN", T0),
      "GOOD",
      new Date("2025-03-01T08:31:00.000Z"),
    );
    while (!hasGraduated(card)) {
      card = reviewCard(card, "GOOD", card.due);
      dues.push(card.due.toISOString());
    }
    expect(dues).toEqual([
      "2025-03-02T08:41:00.000Z",
      "2025-03-04T08:41:00.000Z",
      "2025-03-11T08:41:00.000Z",
      "2025-03-30T08:41:00.000Z",
      "2025-05-17T08:41:00.000Z",
    ]);
    expect(card.stability).toBeCloseTo(48.29756871, 6);
  });

  it("Again on a review card is a lapse back to relearning", () => {
    let card = reviewCard(
      reviewCard(null, "AGAIN", T0),
      "GOOD",
      new Date("2025-03-01T08:31:00.000Z"),
    );
    card = reviewCard(card, "GOOD", card.due);
    expect(card.state).toBe(2);
    const lapsed = reviewCard(card, "AGAIN", card.due);
    expect(lapsed.state).toBe(3);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.stability).toBeLessThan(card.stability);
  });

  it("retrievability falls with time", () => {
    const card = reviewCard(null, "AGAIN", T0);
    expect(retrievability(card, new Date("2025-03-02T08:30:00.000Z"))).toBeCloseTo(0.76619573, 6);
    const dayOne = retrievability(card, new Date("2025-03-02T08:30:00.000Z"));
    expect(retrievability(card, new Date("2025-03-09T08:30:00.000Z"))).toBeLessThan(dayOne);
  });
});

describe("grades", () => {
  it("wrong is Again; right is Good, or Hard past 20 s, whatever time per question was chosen", () => {
    expect(gradeAnswer(false, 1)).toBe("AGAIN");
    expect(gradeAnswer(true, 20)).toBe("GOOD");
    expect(gradeAnswer(true, 21)).toBe("HARD");
    expect(gradeAnswer(true, null)).toBe("GOOD");
  });

  it("a right answer marked Đoán is Hard however fast; Chắc chắn changes nothing", () => {
    expect(gradeAnswer(true, 3, "GUESS")).toBe("HARD");
    expect(gradeAnswer(true, null, "GUESS")).toBe("HARD");
    expect(gradeAnswer(true, 3, "SURE")).toBe("GOOD");
    expect(gradeAnswer(false, 3, "SURE")).toBe("AGAIN");
    expect(gradeAnswer(false, 3, "GUESS")).toBe("AGAIN");
  });

  it("a practice run makes a Hard card of a lucky guess, as well as of every mistake", () => {
    const results = [
      { questionId: 1, rightAnswer: true, confidence: "GUESS" as const },
      { questionId: 2, rightAnswer: true, confidence: "SURE" as const },
      { questionId: 3, rightAnswer: false, confidence: "SURE" as const },
      { questionId: 4, rightAnswer: true, confidence: null },
    ];
    expect(gradesOfAttempt(results, { review: false })).toEqual([
      { questionId: 1, grade: "HARD" },
      { questionId: 3, grade: "AGAIN" },
    ]);
  });

  it("a practice run grades its mistakes only; a review run grades every answer", () => {
    const results = [
      { questionId: 1, rightAnswer: true },
      { questionId: 2, rightAnswer: false },
    ];
    expect(gradesOfAttempt(results, { review: false })).toEqual([
      { questionId: 2, grade: "AGAIN" },
    ]);
    expect(gradesOfAttempt(results, { review: true, seconds: [25, 3] })).toEqual([
      { questionId: 1, grade: "HARD" },
      { questionId: 2, grade: "AGAIN" },
    ]);
  });
});

describe("sameKeys", () => {
  const q = (keys: number[], count = 4, anyKey = false) => ({
    id: 1,
    anyKey,
    answers: Array.from({ length: count }, (_, idx) => ({ idx, isKey: keys.includes(idx) })),
  });

  it("holds when the same answers are keys, whatever the order they are listed in", () => {
    expect(sameKeys(q([1, 2]), q([2, 1]))).toBe(true);
    expect(sameKeys(q([1]), q([2]))).toBe(false);
    expect(sameKeys(q([1]), q([1], 5))).toBe(false);
    expect(sameKeys(q([1, 2], 4, true), q([1, 2]))).toBe(false);
  });

  it("fails when the kind changes, though the same answers are keys", () => {
    expect(sameKeys(q([0]), { ...q([0]), kind: "true_false" })).toBe(false);
    expect(sameKeys({ ...q([0]), kind: "true_false" }, { ...q([0]), kind: "true_false" })).toBe(
      true,
    );
  });

  it("fails when a Đúng/Sai statement's truth changes", () => {
    const tf = (keys: number[]) => ({ ...q(keys), kind: "true_false" as const });
    expect(sameKeys(tf([0, 2]), tf([0, 2, 3]))).toBe(false);
    expect(sameKeys(tf([]), tf([1]))).toBe(false);
  });

  it("fails when a short answer's accepted answers or tolerances change", () => {
    const short = (...accepted: [string, number?][]) => ({
      id: 1,
      kind: "short_answer" as const,
      answers: accepted.map(([value, tolerance], idx) => ({
        idx,
        isKey: true,
        value,
        ...(tolerance === undefined ? {} : { tolerance }),
      })),
    });
    expect(sameKeys(short(["0,5"], ["1/2"]), short(["1/2"], ["0,5"]))).toBe(true);
    expect(sameKeys(short(["0,5"]), short(["0,6"]))).toBe(false);
    expect(sameKeys(short(["0,5", 0.01]), short(["0,5"]))).toBe(false);
    expect(sameKeys(short(["0,5"], ["1/2"]), short(["0,5"], ["2/4"]))).toBe(false);
  });
});
