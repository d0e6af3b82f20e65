import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { findAttempt, listHistoryPage } from "#db/attempts.ts";
import { listRevisionsWithPractice } from "#db/catalogue.ts";
import { listExportPage } from "#db/data-export.ts";
import { findCards } from "#db/review-cards.ts";
import { userStatistics } from "#db/statistics.ts";
import { reviewCard } from "#engine/review.ts";
import type { Seconds } from "#engine/room-config.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { saveAttempt, type AttemptSubmission } from "./save-attempt.ts";
import { saveReviewAttempt, type ReviewSubmission } from "./save-review-attempt.ts";
import { countDueToday, dueReviewQuestions } from "#services/review/review.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";

/**
 * Saving an "Ôn lỗi sai" review on both databases, with a fixed clock: it is an
 * attempt without a practice that raises no counter, grades the user's cards (right and quick
 * Good, right and slow Hard, wrong Again), is listed and replayed like any other attempt, and
 * holds only the user's own cards.
 */
const T0 = new Date("2025-03-01T01:00:00.000Z"); // 08:00 in Vietnam
const at = (ms: number) => new Date(T0.getTime() + ms);

const practice = (code: string, title: string, count: number) => ({
  code,
  title,
  description: "",
  questions: Array.from({ length: count }, (_, i) => ({
    text: `${title}: câu ${i + 1}`,
    answers: [
      { text: "Đúng", key: true },
      { text: "Sai", key: false },
    ],
  })),
});

const BANK: Bank = {
  subject: { code: "mon-on", name: "Môn ôn", description: "", keywords: [] },
  practices: [practice("de-a", "Đề A", 3), practice("de-b", "Đề B", 2)],
};

/** A finished SEQUENCE review, 30 s per question, answers not shuffled. */
function review(
  questionIds: readonly number[],
  options: {
    picks?: (i: number) => number[];
    seconds?: number[] | null;
    totalTime?: number;
    /** The time per question the student chose (30 s by default). */
    maxQuestionTime?: Seconds;
  } = {},
): ReviewSubmission {
  return {
    type: "MISTAKES",
    id: randomUUID(),
    config: roomConfig({ seed: 7, maxQuestionTime: options.maxQuestionTime ?? 30 }),
    answers: questionIds.map((questionId, i) => ({
      questionId,
      selectedAnswerIndexes: options.picks?.(i) ?? [0],
    })),
    answerOrders: null,
    totalTime: options.totalTime ?? 60,
    answerSeconds: options.seconds === undefined ? questionIds.map(() => 3) : options.seconds,
  };
}

describeEachDatabase("saving a review of mistakes", (database) => {
  let a: number[] = [];
  let b: number[] = [];

  const addUser = (id: string) => insertUser(database(), id, { at: T0 });

  async function idsOf(code: string): Promise<number[]> {
    const rows = await database()
      .db.selectFrom("question")
      .innerJoin("practice", "practice.id", "question.practice_id")
      .select("question.id")
      .where("practice.code", "=", code)
      .orderBy("question.idx")
      .execute();
    return rows.map((r) => r.id);
  }

  /** A flat run of a whole practice; `wrong` are the positions answered wrong. */
  async function practiceRun(userId: string, code: string, ids: number[], wrong: number[]) {
    const body = {
      id: randomUUID(),
      practiceCode: code,
      selection: { type: "PRACTICE_TIME_ALL" },
      config: { ...review([]).config, practiceType: "FLAT" },
      answers: ids.map((questionId, i) => ({
        questionId,
        selectedAnswerIndexes: wrong.includes(i) ? [1] : [0],
      })),
      answerOrders: null,
      totalTime: 40,
    } as AttemptSubmission;
    expect((await saveAttempt(database().db, userId, body, T0)).ok).toBe(true);
  }

  async function counters() {
    const rows = await database()
      .db.selectFrom("practice")
      .select(["code", "attempt_count"])
      .orderBy("code")
      .execute();
    return rows.map((r) => [r.code, Number(r.attempt_count)]);
  }

  beforeAll(async () => {
    await importBanks(database().db, [BANK], { now: T0 });
    a = await idsOf("de-a");
    b = await idsOf("de-b");
    for (const id of ["student", "slow", "other", "refused"]) await addUser(id);
    await practiceRun("student", "de-a", a, [0, 2]);
    await practiceRun("student", "de-b", b, [1]);
    await practiceRun("slow", "de-a", a, [0, 1]);
    await practiceRun("other", "de-b", b, [0]);
  });

  it("is an attempt without a practice: listed, replayed, no counter raised, the cards graded", async () => {
    const { db } = database();
    const due = await dueReviewQuestions(db, "student", at(60_000));
    expect([...due].sort()).toEqual([a[0], a[2], b[1]].sort());
    const before = await counters();
    const body = review(due);
    const saved = await saveReviewAttempt(db, "student", body, at(120_000));
    expect(saved).toMatchObject({ ok: true, created: true });
    if (!saved.ok) return;
    expect(saved.attempt).toMatchObject({
      type: "MISTAKES",
      practiceCode: "",
      practiceTitle: "Ôn lỗi sai",
      description: "Câu sai từ: Đề A, Đề B",
      numberOfRight: 3,
      numberOfWrong: 0,
    });
    expect(await counters()).toEqual(before);

    // Right and quick: Good, due days later, so none is left for today.
    expect(await countDueToday(db, "student", at(180_000))).toBe(0);
    const cards = await findCards(db, "student", due);
    expect(cards.every((card) => card.reps === 2)).toBe(true);
    // Still in FSRS's learning steps: due again when the next step (minutes later) comes.
    const nextStep = new Date(Math.max(...cards.map((card) => card.due.getTime())));
    expect(await countDueToday(db, "student", nextStep)).toBe(3);

    // Listed first in the history; its replay holds the revisions it asked, with their practices.
    const page = await listHistoryPage(db, "student", { limit: 10 });
    expect(page.attempts[0]).toMatchObject({ id: body.id, type: "MISTAKES" });
    const replay = await findAttempt(db, "student", body.id);
    expect(replay?.results.map((r) => r.questionId)).toEqual(due);
    const questions = await listRevisionsWithPractice(db, due, "student");
    const titles = new Map(questions.map((q) => [q.id, q.practiceTitle]));
    expect(due.map((id) => titles.get(id))).toEqual(
      due.map((id) => (a.includes(id) ? "Đề A" : "Đề B")),
    );

    // A practice filter of the history does not list it (it has no practice).
    const filtered = await listHistoryPage(db, "student", { practiceCode: "de-a", limit: 10 });
    expect(filtered.attempts.some((x) => x.type === "MISTAKES")).toBe(false);
  });

  it("is saved once by its id: a retry changes no card", async () => {
    const { db } = database();
    const due = await dueReviewQuestions(db, "slow", at(60_000));
    const body = review(due, { seconds: [25, 2], picks: (i) => (i === 0 ? [0] : [1]) });
    const first = await saveReviewAttempt(db, "slow", body, at(120_000));
    const cardsAfterFirst = await findCards(db, "slow", due);
    const again = await saveReviewAttempt(db, "slow", body, at(240_000));
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toMatchObject({ ok: true, created: false });
    expect(await findCards(db, "slow", due)).toEqual(cardsAfterFirst);
  });

  it("grades right and slow Hard, wrong Again (the times the room sent)", async () => {
    const { db } = database();
    // "slow" answered due[0] right in 25 s (over 20 s): Hard; due[1] wrong: Again.
    const history = await listHistoryPage(db, "slow", { limit: 1 });
    const replay = await findAttempt(db, "slow", history.attempts[0]!.id);
    const [first, second] = replay!.results.map((r) => r.questionId);
    const cards = new Map(
      (await findCards(db, "slow", [first!, second!])).map((c) => [c.questionId, c]),
    );
    const practiceCard = reviewCard(null, "AGAIN", T0);
    expect(cards.get(first!)).toMatchObject(reviewCard(practiceCard, "HARD", at(120_000)));
    expect(cards.get(second!)).toMatchObject(reviewCard(practiceCard, "AGAIN", at(120_000)));
  });

  it("grades by the seconds alone, whatever time per question the student chose: 25 s of 50 is Hard, 14 s of 20 Good, 25 s with no timer Hard", async () => {
    const { db } = database();
    await addUser("chooser");
    await practiceRun("chooser", "de-a", a, [0, 1, 2]);
    const practiceCard = reviewCard(null, "AGAIN", T0);
    const runs = [
      { questionId: a[0]!, maxQuestionTime: 50, seconds: 25, grade: "HARD" },
      { questionId: a[1]!, maxQuestionTime: 20, seconds: 14, grade: "GOOD" },
      { questionId: a[2]!, maxQuestionTime: "OFF", seconds: 25, grade: "HARD" },
    ] as const;
    for (const run of runs) {
      const body = review([run.questionId], {
        maxQuestionTime: run.maxQuestionTime,
        seconds: [run.seconds],
      });
      expect(await saveReviewAttempt(db, "chooser", body, at(120_000))).toMatchObject({ ok: true });
      const [card] = await findCards(db, "chooser", [run.questionId]);
      expect(card, `${run.seconds} s of ${run.maxQuestionTime}`).toMatchObject(
        reviewCard(practiceCard, run.grade, at(120_000)),
      );
    }
  });

  it("refuses questions that are not the user's own cards, and bad times; nothing is stored", async () => {
    const { db } = database();
    const otherCard = (await dueReviewQuestions(db, "other", at(60_000)))[0]!;
    const own = await dueReviewQuestions(db, "student", at(10 * 24 * 3600_000));
    const refusals = [
      // A question "refused" never missed (it has no card at all).
      [review([a[1]!]), "NOT_YOUR_REVIEW"],
      // Another user's card.
      [review([otherCard]), "NOT_YOUR_REVIEW"],
      // A made-up question id.
      [review([987_654]), "NOT_YOUR_REVIEW"],
      // Times: longer than the whole run, or not one per question.
      [review([a[1]!], { seconds: [61], totalTime: 60 }), "BAD_ANSWER_TIMES"],
      [review([a[1]!], { seconds: [1, 2] }), "BAD_ANSWER_TIMES"],
    ] as const;
    for (const [body, refusal] of refusals) {
      expect(await saveReviewAttempt(db, "refused", body, T0)).toEqual({ ok: false, refusal });
    }
    // The user's own cards plus one of another user's: refused whole.
    expect(own.length).toBeGreaterThan(0);
    expect(await saveReviewAttempt(db, "student", review([...own, otherCard]), T0)).toEqual({
      ok: false,
      refusal: "NOT_YOUR_REVIEW",
    });
    expect(await findCards(db, "other", [otherCard])).toMatchObject([{ reps: 1 }]);
    expect((await listHistoryPage(db, "refused", { limit: 10 })).attempts).toEqual([]);
  });

  it("a practice attempt's per-answer times are checked too (and optional)", async () => {
    const { db } = database();
    const body = {
      id: randomUUID(),
      practiceCode: "de-b",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: review([]).config,
      answers: b.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] })),
      answerOrders: null,
      totalTime: 10,
    } as AttemptSubmission;
    expect(await saveAttempt(db, "refused", { ...body, answerSeconds: [4, 11] }, T0)).toEqual({
      ok: false,
      refusal: "BAD_ANSWER_TIMES",
    });
    expect(await saveAttempt(db, "refused", { ...body, answerSeconds: [4, 6] }, T0)).toMatchObject({
      ok: true,
    });
  });
  it("reviews of one student saved at the same moment all grade the cards: none lost, no deadlock", async () => {
    const { db } = database();
    await addUser("two-tabs");
    await practiceRun("two-tabs", "de-a", a, [0, 1, 2]);
    // Tabs finish reviews of the same three mistakes at once, in different orders. A review
    // raises no practice counter, so nothing else made the saves wait: on PostgreSQL two of them
    // read a card before either wrote it (one review lost), and row locks taken in different
    // orders deadlocked.
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
    ];
    const saved = await Promise.all(
      orders.map((order) =>
        saveReviewAttempt(
          db,
          "two-tabs",
          review(
            order.map((i) => a[i]!),
            { picks: () => [1] },
          ),
          at(60_000),
        ),
      ),
    );
    expect(saved.map((s) => s.ok)).toEqual([true, true, true, true]);
    const cards = await findCards(db, "two-tabs", [a[0]!, a[1]!, a[2]!]);
    expect(cards.map((card) => card.reps)).toEqual([5, 5, 5]);
  });

  it("a review counts in the statistics totals (not per practice) and comes out of the data export", async () => {
    const { db } = database();
    await addUser("counted");
    await practiceRun("counted", "de-a", a, [1]);
    const [card] = await dueReviewQuestions(db, "counted", at(60_000));
    const saved = await saveReviewAttempt(db, "counted", review([card!]), at(120_000));
    expect(saved.ok).toBe(true);

    const statistics = await userStatistics(db, "counted", at(180_000));
    expect(statistics.totals).toMatchObject({
      attempts: 2,
      questions: a.length + 1,
      right: a.length,
    });
    expect(statistics.practices.map((p) => p.code)).toEqual(["de-a"]);

    const exported = await listExportPage(db, "counted", null, 10);
    expect(exported.map((attempt) => attempt.practice?.code ?? null)).toEqual(["de-a", null]);
    expect(exported[1]!.answers.map((answer) => answer.practice.code)).toEqual(["de-a"]);
  });
});
