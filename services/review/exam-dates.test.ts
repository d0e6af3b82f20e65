import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { createOwnPractice, deleteOwnPractice } from "#services/own-practices/manage.ts";
import type { Bank } from "#content/formats/types.ts";
import { findCards } from "#db/review-cards.ts";
import { examEve } from "#engine/review.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { checkExamDay, clearExamDate, todaysReview, examDayOf, setExamDate } from "./exam-dates.ts";
import { countDueToday, dueReviewQuestions, gradeCards } from "./review.ts";

/**
 * "Ngày thi" on both databases, with a fixed clock: an exam day is checked, kept per student and
 * subject, brings the subject's cards before its eve (and only that subject's, only that
 * student's), and a review can be started for one subject or across all.
 */
const ALL = { type: "PRACTICE_TIME_ALL" } as const;
const T0 = new Date("2025-03-01T01:00:00.000Z"); // 08:00 on 01/03 in Vietnam
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);

function subject(code: string, name: string, practice: string): Bank {
  return {
    subject: { code, name, description: "", keywords: [] },
    practices: [
      {
        code: practice,
        title: `Đề ${name}`,
        description: "",
        questions: Array.from({ length: 6 }, (_, i) => ({
          text: `${name}: câu ${i + 1}`,
          answers: [
            { text: `Đúng ${i + 1}`, key: true },
            { text: `Sai ${i + 1}`, key: false },
          ],
        })),
      },
    ],
  };
}

it("an exam day must be a real calendar day, today or later, within two years", () => {
  expect(checkExamDay("2025-03-15", T0)).toEqual({ ok: true, day: "2025-03-15" });
  expect(checkExamDay("2025-03-01", T0)).toEqual({ ok: true, day: "2025-03-01" });
  expect(checkExamDay("2025-02-28", T0)).toEqual({ ok: false, refusal: "PAST_DAY" });
  expect(checkExamDay("2025-02-31", T0)).toEqual({ ok: false, refusal: "BAD_DAY" });
  expect(checkExamDay("15/03/2025", T0)).toEqual({ ok: false, refusal: "BAD_DAY" });
  expect(checkExamDay("", T0)).toEqual({ ok: false, refusal: "BAD_DAY" });
  expect(checkExamDay("2027-03-02", T0)).toEqual({ ok: false, refusal: "TOO_FAR" });
});

describeEachDatabase("exam dates", (database) => {
  const ids: Record<string, number[]> = {};

  beforeAll(async () => {
    await importBanks(
      database().db,
      [subject("mon-a", "Cơ sở dữ liệu", "de-a"), subject("mon-b", "Triết học", "de-b")],
      { now: T0 },
    );
    for (const code of ["de-a", "de-b"]) {
      const questions = await listQuestionsByCode(database().db, code, ALL);
      ids[code] = questions.map((q) => q.id);
    }
  });

  /** A run of a whole practice, every answer wrong: six new cards. */
  async function allWrong(userId: string, practice: string, now: Date) {
    const body = {
      ...attemptSubmission(randomUUID(), ids[practice]!, { picks: () => [1] }),
      practiceCode: practice,
    } as AttemptSubmission;
    const saved = await saveAttempt(database().db, userId, body, now);
    expect(saved.ok).toBe(true);
  }

  /** Every card of the user answered right at `now` (a review run would do the same). */
  async function allRight(userId: string, practice: string, now: Date) {
    await database()
      .db.transaction()
      .execute((trx) =>
        gradeCards(
          trx,
          userId,
          ids[practice]!.map((questionId) => ({ questionId, grade: "GOOD" as const })),
          now,
        ),
      );
  }

  it("is kept per student and subject, moved, and removed", async () => {
    const db = database().db;
    await insertUser(database(), "hs-giu", { at: T0 });
    expect(await setExamDate(db, "hs-giu", { subjectCode: "mon-a" }, "2025-03-20", T0)).toEqual({
      ok: true,
      day: "2025-03-20",
    });
    expect(
      await setExamDate(db, "hs-giu", { subjectCode: "mon-a" }, "2025-03-25", T0),
    ).toMatchObject({ ok: true });
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-a" }, T0)).toBe("2025-03-25");
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-b" }, T0)).toBeNull();
    expect(await setExamDate(db, "hs-giu", { subjectCode: "khong-co" }, "2025-03-25", T0)).toEqual({
      ok: false,
      refusal: "NO_SUBJECT",
    });
    // The own practices' subject takes no exam day.
    expect(
      await setExamDate(db, "hs-giu", { subjectCode: "_cua-hoc-sinh" }, "2025-03-25", T0),
    ).toMatchObject({
      ok: false,
    });
    // Another student sees none of it.
    await insertUser(database(), "hs-khac", { at: T0 });
    expect(await examDayOf(db, "hs-khac", { subjectCode: "mon-a" }, T0)).toBeNull();
    expect(await clearExamDate(db, "hs-khac", { subjectCode: "mon-a" })).toBe(false);
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-a" }, T0)).toBe("2025-03-25");
    expect(await clearExamDate(db, "hs-giu", { subjectCode: "mon-a" })).toBe(true);
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-a" }, T0)).toBeNull();
    // A past exam is no longer shown.
    await setExamDate(db, "hs-giu", { subjectCode: "mon-b" }, "2025-03-05", T0);
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-b" }, at(3))).toBe("2025-03-05");
    expect(await examDayOf(db, "hs-giu", { subjectCode: "mon-b" }, at(5))).toBeNull();
  });

  it("brings the subject's cards before the eve, and plans later answers there too", async () => {
    const db = database().db;
    await insertUser(database(), "hs-thi", { at: T0 });
    await insertUser(database(), "hs-ban", { at: T0 });
    for (const user of ["hs-thi", "hs-ban"]) {
      await allWrong(user, "de-a", T0);
      await allWrong(user, "de-b", T0);
      // Right a few times over a week: cards spaced days and weeks ahead.
      for (const day of [0.01, 1, 3, 8]) {
        await allRight(user, "de-a", at(day));
        await allRight(user, "de-b", at(day));
      }
    }
    const examDay = "2025-03-14";
    const eve = examEve(examDay).getTime();
    const late = (cards: { due: Date }[]) => cards.filter((c) => c.due.getTime() > eve).length;
    const before = await findCards(db, "hs-thi", ids["de-a"]!);
    expect(late(before)).toBeGreaterThan(0);

    await setExamDate(db, "hs-thi", { subjectCode: "mon-a" }, examDay, at(8));
    expect(late(await findCards(db, "hs-thi", ids["de-a"]!))).toBe(0);
    // Not the other subject's cards, nor another student's.
    expect(await findCards(db, "hs-thi", ids["de-b"]!)).toEqual(
      await findCards(db, "hs-ban", ids["de-b"]!),
    );
    expect(late(await findCards(db, "hs-ban", ids["de-a"]!))).toBe(late(before));

    // An answer after the date is set is planned before the eve as well.
    await allRight("hs-thi", "de-a", at(9));
    expect(late(await findCards(db, "hs-thi", ids["de-a"]!))).toBe(0);
  });

  it("counts down on home and starts a review of one subject or of all", async () => {
    const db = database().db;
    await insertUser(database(), "hs-dem", { at: T0 });
    await allWrong("hs-dem", "de-a", T0);
    await allWrong("hs-dem", "de-b", T0);
    await setExamDate(db, "hs-dem", { subjectCode: "mon-b" }, "2025-03-13", T0);
    await setExamDate(db, "hs-dem", { subjectCode: "mon-a" }, "2025-03-20", T0);
    const now = at(0.5);
    const { dueToday, exams } = await todaysReview(db, "hs-dem", now);
    expect(dueToday).toBe(12);
    expect(exams).toEqual([
      {
        kind: "subject",
        code: "mon-b",
        name: "Triết học",
        examDay: "2025-03-13",
        daysLeft: 12,
        dueToday: 6,
      },
      {
        kind: "subject",
        code: "mon-a",
        name: "Cơ sở dữ liệu",
        examDay: "2025-03-20",
        daysLeft: 19,
        dueToday: 6,
      },
    ]);
    const subjectB = await db
      .selectFrom("subject")
      .select("id")
      .where("code", "=", "mon-b")
      .executeTakeFirstOrThrow();
    expect(await countDueToday(db, "hs-dem", now)).toBe(12);
    expect(await countDueToday(db, "hs-dem", now, { subjectId: subjectB.id })).toBe(6);
    const one = await dueReviewQuestions(db, "hs-dem", now, { subjectId: subjectB.id });
    expect([...one].sort((a, b) => a - b)).toEqual(ids["de-b"]);
    expect(await dueReviewQuestions(db, "hs-dem", now)).toHaveLength(12);
  });

  it("an own practice takes a day of its own: its owner's alone, its cards before the eve, its review apart", async () => {
    const db = database().db;
    await insertUser(database(), "hs-rieng", { at: T0 });
    await insertUser(database(), "hs-la", { at: T0 });
    const title = "Đề cương Triết học của tôi";
    const { code } = await createOwnPractice(
      db,
      "hs-rieng",
      {
        title,
        parsed: {
          chapters: [],
          questions: Array.from({ length: 6 }, (_, i) => ({
            text: `Đề cương: câu ${i + 1}`,
            answers: [
              { text: `Đúng ${i + 1}`, key: true },
              { text: `Sai ${i + 1}`, key: false },
            ],
          })),
        },
      },
      { limits: null },
    );
    ids[code] = (await listQuestionsByCode(db, code, ALL)).map((q) => q.id);
    const practiceId = (
      await db
        .selectFrom("practice")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).id;
    await allWrong("hs-rieng", code, T0);
    await allWrong("hs-rieng", "de-a", T0);
    // "Ôn đề này": the practice's cards alone.
    const own = await dueReviewQuestions(db, "hs-rieng", at(0.5), { practiceId });
    expect([...own].sort((a, b) => a - b)).toEqual(ids[code]);
    expect(await countDueToday(db, "hs-rieng", at(0.5), { practiceId })).toBe(6);
    expect(await countDueToday(db, "hs-rieng", at(0.5))).toBe(12);

    for (const day of [0.01, 1, 3, 8]) {
      await allRight("hs-rieng", code, at(day));
      await allRight("hs-rieng", "de-a", at(day));
    }
    const examDay = "2025-03-14";
    const eve = examEve(examDay).getTime();
    const late = (cards: { due: Date }[]) => cards.filter((c) => c.due.getTime() > eve).length;
    const subjectCardsBefore = await findCards(db, "hs-rieng", ids["de-a"]!);
    expect(late(await findCards(db, "hs-rieng", ids[code]!))).toBeGreaterThan(0);

    // Another student's practice is not there for them, whatever its code.
    expect(await setExamDate(db, "hs-la", { practiceCode: code }, examDay, at(8))).toEqual({
      ok: false,
      refusal: "NO_PRACTICE",
    });
    expect(await setExamDate(db, "hs-rieng", { practiceCode: code }, examDay, at(8))).toEqual({
      ok: true,
      day: examDay,
    });
    expect(late(await findCards(db, "hs-rieng", ids[code]!))).toBe(0);
    // The subject's cards are not the practice's.
    expect(await findCards(db, "hs-rieng", ids["de-a"]!)).toEqual(subjectCardsBefore);
    expect(await examDayOf(db, "hs-rieng", { practiceCode: code }, at(8))).toBe(examDay);
    expect(await examDayOf(db, "hs-la", { practiceCode: code }, at(8))).toBeNull();
    // An answer after the day is set is planned before the eve too.
    await allRight("hs-rieng", code, at(9));
    expect(late(await findCards(db, "hs-rieng", ids[code]!))).toBe(0);

    const { exams } = await todaysReview(db, "hs-rieng", at(9));
    expect(exams).toEqual([
      {
        kind: "practice",
        code,
        name: title,
        examDay,
        daysLeft: 4,
        dueToday: await countDueToday(db, "hs-rieng", at(9), { practiceId }),
      },
    ]);
    expect((await todaysReview(db, "hs-la", at(9))).exams).toEqual([]);

    // A practice its owner deleted counts down no more.
    await deleteOwnPractice(db, "hs-rieng", code, at(9));
    expect((await todaysReview(db, "hs-rieng", at(9))).exams).toEqual([]);
    expect(await clearExamDate(db, "hs-rieng", { practiceCode: code })).toBe(false);
  });
});
