import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { findCards } from "#db/review-cards.ts";
import type { Bank } from "#content/formats/types.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { countDueToday, dueReviewQuestions, gradeCards } from "./review.ts";

/**
 * The review cards of "Ôn lỗi sai" on both databases, with a fixed clock: a practice run's
 * mistakes become cards, Again / Hard / Good move them, a graduated card leaves the list, a
 * card follows a reworded question and is dropped with a re-keyed or retired one.
 */
const T0 = new Date("2025-03-01T01:00:00.000Z"); // 08:00 in Vietnam
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(T0.getTime() + ms);

interface Q {
  text: string;
  keys?: [boolean, boolean, boolean];
}

function bank(questions: Q[]): Bank {
  return {
    subject: { code: "mon-on", name: "Môn ôn", description: "", keywords: [] },
    practices: [
      {
        code: "de-thu",
        title: "Đề thử",
        description: "",
        questions: questions.map(({ text, keys = [true, false, false] }) => ({
          text,
          answers: keys.map((key, i) => ({ text: `Đáp án ${i + 1}`, key })),
        })),
      },
    ],
  };
}

const FIRST: Q[] = [
  { text: "Câu một" },
  { text: "Câu hai" },
  { text: "Câu ba" },
  { text: "Câu bốn" },
];

describeEachDatabase("review cards", (database) => {
  let ids: number[] = [];

  async function liveIds(): Promise<number[]> {
    const rows = await database()
      .db.selectFrom("question")
      .select("id")
      .where("retired", "=", 0)
      .orderBy("idx")
      .execute();
    return rows.map((r) => r.id);
  }

  const addUser = (id: string) => insertUser(database(), id, { at: T0 });

  /** A flat run of the whole practice; `wrong` are the positions answered wrong. */
  async function run(userId: string, wrong: number[], now: Date) {
    const body = attemptSubmission(randomUUID(), ids, {
      picks: (i) => (wrong.includes(i) ? [1] : [0]),
    }) as AttemptSubmission;
    const saved = await saveAttempt(database().db, userId, body, now);
    expect(saved.ok).toBe(true);
  }

  beforeAll(async () => {
    await importBanks(database().db, [bank(FIRST)], { now: T0 });
    ids = await liveIds();
    for (const id of ["mistakes", "fsrs", "other", "revised", "counted", "graded"])
      await addUser(id);
  });

  it("a practice run's mistakes, and only they, are due today; another user has none", async () => {
    const { db } = database();
    await run("mistakes", [1, 3], T0);
    expect(await countDueToday(db, "mistakes", T0)).toBe(2);
    expect((await dueReviewQuestions(db, "mistakes", T0)).sort()).toEqual([ids[1], ids[3]].sort());
    expect(await countDueToday(db, "other", T0)).toBe(0);
    // The same mistake again is one card, reviewed twice.
    await run("mistakes", [1], at(60_000));
    const [card] = await findCards(db, "mistakes", [ids[1]!]);
    expect(card).toMatchObject({ reps: 2, lapses: 0, state: 1 });
  });

  it("Again, Hard and Good move a card; it leaves the list once stability passes 30 days", async () => {
    const { db } = database();
    const q = ids[0]!;
    await gradeCards(db, "fsrs", [{ questionId: q, grade: "AGAIN" }], T0);
    let [card] = await findCards(db, "fsrs", [q]);
    expect(card).toMatchObject({ due: at(60_000), stability: 0.212, reps: 1, state: 1 });
    await gradeCards(db, "fsrs", [{ questionId: q, grade: "HARD" }], at(60_000));
    [card] = await findCards(db, "fsrs", [q]);
    expect(card).toMatchObject({ due: at(7 * 60_000), reps: 2, state: 1 });
    await gradeCards(db, "fsrs", [{ questionId: q, grade: "GOOD" }], at(7 * 60_000));
    await gradeCards(db, "fsrs", [{ questionId: q, grade: "GOOD" }], at(DAY));
    [card] = await findCards(db, "fsrs", [q]);
    expect(card!.state).toBe(2);
    // Due later than today: off today's list, back on the day it is due.
    expect(await countDueToday(db, "fsrs", at(DAY))).toBe(0);
    expect(await countDueToday(db, "fsrs", card!.due)).toBe(1);
    let now = card!.due;
    while (card!.stability <= 30) {
      await gradeCards(db, "fsrs", [{ questionId: q, grade: "GOOD" }], now);
      [card] = await findCards(db, "fsrs", [q]);
      now = card!.due;
    }
    expect(await countDueToday(db, "fsrs", now)).toBe(0);
    expect(await dueReviewQuestions(db, "fsrs", at(1000 * DAY))).toEqual([]);
  });

  it("the weakest memory comes first", async () => {
    const { db } = database();
    await gradeCards(db, "other", [{ questionId: ids[2]!, grade: "AGAIN" }], at(-3 * DAY));
    await gradeCards(db, "other", [{ questionId: ids[0]!, grade: "AGAIN" }], T0);
    expect(await dueReviewQuestions(db, "other", at(60_000))).toEqual([ids[2], ids[0]]);
  });

  it("a card follows a reworded question, and is dropped with a re-keyed or retired one", async () => {
    const { db } = database();
    await run("revised", [0, 1, 2], T0);
    const before = ids;
    // Question 1 reworded (same keys), question 2 re-keyed, question 3 gone, question 4 kept.
    await importBanks(
      db,
      [
        bank([
          { text: "Câu một, viết lại" },
          { text: "Câu hai", keys: [false, true, false] },
          { text: "Câu bốn" },
        ]),
      ],
      { now: T0, allowRetire: true },
    );
    const after = await liveIds();
    expect(after[0]).not.toBe(before[0]);
    expect(await dueReviewQuestions(db, "revised", at(60_000))).toEqual([after[0]]);
    const cards = await findCards(db, "revised", [...before, ...after]);
    expect(cards.map((c) => c.questionId)).toEqual([after[0]]);
    expect(cards[0]).toMatchObject({ reps: 1, state: 1 });
    ids = after;
  });

  it("the due count writes nothing; the review queue and a save carry out the catch-up", async () => {
    const { db } = database();
    const before = ids;
    // Every question missed (the second's key is its second answer, picked only when "wrong").
    await run("counted", [0, 2], T0);
    await run("graded", [0, 2], T0);
    // Question 1 reworded again (same keys), question 2 kept, question 3 retired for good.
    await importBanks(
      db,
      [bank([{ text: "Câu một, lần ba" }, { text: "Câu hai", keys: [false, true, false] }])],
      { now: T0, allowRetire: true },
    );
    const after = await liveIds();
    expect(after[1]).toBe(before[1]);
    // Counted as the room will find them: the kept card and the one that follows its question.
    expect(await countDueToday(db, "counted", at(60_000))).toBe(2);
    const untouched = await findCards(db, "counted", [...before, ...after]);
    expect(untouched.map((c) => c.questionId).sort()).toEqual([...before].sort());
    expect((await dueReviewQuestions(db, "counted", at(60_000))).sort()).toEqual(
      [after[0], after[1]].sort(),
    );
    const caughtUp = await findCards(db, "counted", [...before, ...after]);
    expect(caughtUp.map((c) => c.questionId).sort()).toEqual([after[0], after[1]].sort());
    // A save grades the card that followed its question, keeping its history.
    ids = after;
    await run("graded", [0], at(60_000));
    const graded = await findCards(db, "graded", [...before, ...after]);
    expect(graded.map((c) => c.questionId).sort()).toEqual([after[0], after[1]].sort());
    expect(graded.find((c) => c.questionId === after[0])).toMatchObject({ reps: 2 });
  });
});
