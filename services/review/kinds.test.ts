import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { BankQuestion } from "#content/formats/types.ts";
import { importBanks } from "#content/import-bank.ts";
import { findAttempt } from "#db/attempts.ts";
import { findCards } from "#db/review-cards.ts";
import { saveAttempt } from "#services/attempts/save-attempt.ts";
import { saveReviewAttempt } from "#services/attempts/save-review-attempt.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { threeKinds } from "#tests/support/kinds-fixture.ts";
import { dueReviewQuestions } from "./review.ts";

const T0 = new Date("2025-03-01T01:00:00.000Z");
const LATER = new Date("2025-03-20T01:00:00.000Z");

/**
 * "Ôn lỗi sai" with the 2025 exam's kinds, both databases: a wrong Đúng/Sai or short answer
 * makes a card as a wrong pick does, a review of them saves its responses, and a card follows a
 * reworded question only when what counts as right is unchanged (kind, statements' truth,
 * accepted answers).
 */
describeEachDatabase("review of mistakes of the 2025 exam's kinds", (database) => {
  let user = 0;

  async function setUp(code: string, questions: BankQuestion[] = threeKinds()) {
    const { db } = database();
    const userId = `hs-${(user += 1)}`;
    await insertUser(database(), userId, { at: T0 });
    await importBank(code, questions);
    const ids = (
      await db
        .selectFrom("question")
        .innerJoin("practice", "practice.id", "question.practice_id")
        .select("question.id")
        .where("practice.code", "=", code)
        .where("question.retired", "=", 0)
        .orderBy("question.idx")
        .execute()
    ).map((row) => row.id);
    return { db, userId, ids };
  }

  async function importBank(code: string, questions: BankQuestion[]) {
    await importBanks(
      database().db,
      [
        {
          subject: { code: "toan", name: "Toán", description: "", keywords: [] },
          practices: [{ code, title: code, description: "", questions }],
        },
      ],
      { now: T0, allowRetire: true },
    );
  }

  /** A practice run: multiple choice right, the Đúng/Sai marks and the short answer as given. */
  async function run(code: string, userId: string, ids: number[], marks: string, typed: string) {
    const saved = await saveAttempt(
      database().db,
      userId,
      {
        id: randomUUID(),
        practiceCode: code,
        selection: { type: "PRACTICE_TIME_ALL" },
        config: roomConfig({ practiceType: "FLAT", seed: 5 }),
        answers: [
          { questionId: ids[0]!, selectedAnswerIndexes: [1] },
          { questionId: ids[1]!, selectedAnswerIndexes: [], response: marks },
          { questionId: ids[2]!, selectedAnswerIndexes: [], response: typed },
        ],
        answerOrders: null,
        totalTime: 90,
      },
      T0,
    );
    expect(saved.ok).toBe(true);
  }

  const cardIds = async (userId: string, ids: number[]) =>
    (await findCards(database().db, userId, ids)).map((card) => card.questionId).sort();

  it("a wrong Đúng/Sai and a wrong short answer make cards; right ones do not", async () => {
    const { userId, ids } = await setUp("de-the");
    await run("de-the", userId, ids, "TFTT", "0,7");
    expect(await cardIds(userId, ids)).toEqual([ids[1], ids[2]].sort());

    const other = await setUp("de-the");
    await run("de-the", other.userId, ids, "TFTF", "0.5");
    expect(await cardIds(other.userId, ids)).toEqual([]);
  });

  it("a review of such questions saves with its responses and grades their cards", async () => {
    const { db, userId, ids } = await setUp("de-on");
    await run("de-on", userId, ids, "FFFF", "2");
    const due = await dueReviewQuestions(db, userId, LATER);
    expect(due.sort()).toEqual([ids[1], ids[2]].sort());
    const body = {
      type: "MISTAKES" as const,
      id: randomUUID(),
      config: roomConfig({ seed: 7 }),
      answers: [
        { questionId: ids[1]!, selectedAnswerIndexes: [], response: "TFTF" },
        { questionId: ids[2]!, selectedAnswerIndexes: [], response: ",5" },
      ],
      answerOrders: null,
      totalTime: 20,
      answerSeconds: [5, 5],
    };
    const saved = await saveReviewAttempt(db, userId, body, LATER);
    expect(saved.ok).toBe(true);
    const read = await findAttempt(db, userId, body.id);
    expect(read!.results).toMatchObject([
      { questionId: ids[1], rightAnswer: true, response: "TFTF" },
      { questionId: ids[2], rightAnswer: true, response: ",5" },
    ]);
    const cards = await findCards(db, userId, [ids[1]!, ids[2]!]);
    for (const card of cards) expect(card.reps).toBe(2);

    // Picks for the Đúng/Sai question are refused in a review too.
    const picks = await saveReviewAttempt(
      db,
      userId,
      {
        ...body,
        id: randomUUID(),
        answers: [{ ...body.answers[0]!, selectedAnswerIndexes: [0] }, body.answers[1]!],
      },
      LATER,
    );
    expect(picks).toEqual({ ok: false, refusal: "BAD_RESPONSE" });
  });

  it("a card follows a reworded question, not one whose kind, truth or accepted answers changed", async () => {
    const { db, userId, ids } = await setUp("de-sua");
    await run("de-sua", userId, ids, "FFFF", "2");
    // Choice question wrong too: pick the wrong answer by a second run.
    await saveAttempt(
      db,
      userId,
      {
        id: randomUUID(),
        practiceCode: "de-sua",
        selection: { type: "PRACTICE_TIME_ALL" },
        config: roomConfig({ practiceType: "FLAT", seed: 5 }),
        answers: [
          { questionId: ids[0]!, selectedAnswerIndexes: [0] },
          { questionId: ids[1]!, selectedAnswerIndexes: [], response: "FFFF" },
          { questionId: ids[2]!, selectedAnswerIndexes: [], response: "2" },
        ],
        answerOrders: null,
        totalTime: 90,
      },
      T0,
    );
    expect(await cardIds(userId, ids)).toEqual([...ids].sort());

    // Only the wording of the Đúng/Sai question changes; the multiple-choice question becomes
    // a Đúng/Sai one with the same key; the short answer accepts another number.
    const edited = threeKinds();
    edited[0] = { ...edited[0]!, kind: "true_false" };
    edited[1] = { ...edited[1]!, text: "Cho hàm số $y = x^3 - 3x$." };
    edited[2]!.answers[0] = { text: "0,25", key: true, tolerance: 0.01 };
    await importBank("de-sua", edited);
    const live = (
      await db
        .selectFrom("question")
        .innerJoin("practice", "practice.id", "question.practice_id")
        .select("question.id")
        .where("practice.code", "=", "de-sua")
        .where("question.retired", "=", 0)
        .orderBy("question.idx")
        .execute()
    ).map((row) => row.id);
    expect(live.every((id, i) => id !== ids[i])).toBe(true);

    expect((await dueReviewQuestions(db, userId, LATER)).sort()).toEqual([live[1]]);
    expect(await cardIds(userId, [...ids, ...live])).toEqual([live[1]]);
  });

  it("a card of a Đúng/Sai question is dropped when a statement's truth changes", async () => {
    const { db, userId, ids } = await setUp("de-dung-sai");
    await run("de-dung-sai", userId, ids, "FFFF", "0,5");
    const edited = threeKinds();
    edited[1]!.answers[3]!.key = true;
    await importBank("de-dung-sai", edited);
    expect(await dueReviewQuestions(db, userId, LATER)).toEqual([]);
    expect(await cardIds(userId, ids)).toEqual([]);
  });
});
