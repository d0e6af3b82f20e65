import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import type { AttemptTable, DB } from "./schema.ts";
import { userStatistics, weekMondays } from "./statistics.ts";

type Selection =
  | { type: "PRACTICE_TIME_ALL" }
  | { type: "PRACTICE_TIME_CHAPTER"; chapter: number }
  | { type: "PRACTICE_TIME_RANGE"; start: number; end: number };

/** One attempt row as the server would have stored it, with only what statistics read varied. */
async function addAttempt(
  db: Kysely<DB>,
  userId: string,
  practiceCode: string,
  selection: Selection,
  score: { right: number; of: number; time: number },
  createdAt: string,
) {
  const practice = await db
    .selectFrom("practice")
    .select(["id", "title"])
    .where("code", "=", practiceCode)
    .executeTakeFirstOrThrow();
  const row: Insertable<AttemptTable> = {
    id: randomUUID(),
    user_id: userId,
    practice_id: practice.id,
    practice_code: practiceCode,
    practice_title: practice.title,
    description: "",
    type: selection.type,
    chapter_idx: selection.type === "PRACTICE_TIME_CHAPTER" ? selection.chapter : null,
    range_start: selection.type === "PRACTICE_TIME_RANGE" ? selection.start : null,
    range_end: selection.type === "PRACTICE_TIME_RANGE" ? selection.end : null,
    practice_type: "FLAT",
    config: "{}",
    answer_orders: null,
    number_of_right: score.right,
    number_of_wrong: score.of - score.right,
    question_count: score.of,
    total_time: score.time,
    content_version: 1,
    created_at: createdAt,
  };
  await db.insertInto("attempt").values(row).execute();
}

function questions(count: number, chapterOf?: (i: number) => number) {
  return Array.from({ length: count }, (_, i) => ({
    text: `Câu ${i + 1}`,
    chapter: chapterOf?.(i),
    answers: [
      { text: "Đúng", key: true },
      { text: "Sai", key: false },
    ],
  }));
}

/** 10/03/2025 10:00 in Vietnam (03:00 UTC), a Monday. */
const NOW = new Date("2025-03-10T03:00:00.000Z");

/**
 * A known set of attempts: totals, accuracy, days in a row counted in Vietnamese days
 * (an attempt at 00:30 on 10/03 in Vietnam is still 09/03 in UTC), weeks per subject, and the
 * weakest chapters and ranges per practice; another user sees none of it.
 */
describeEachDatabase("statistics", (database) => {
  beforeAll(async () => {
    const { db, dialect } = database();
    await importBanks(db, [
      {
        subject: { code: "mon-a", name: "Môn A", description: "", keywords: [] },
        practices: [
          {
            code: "co-chuong",
            title: "Có chương",
            description: "",
            chapters: [{ title: "Đại cương" }, { title: "Nâng cao" }],
            questions: questions(4, (i) => (i < 2 ? 0 : 1)),
          },
          {
            code: "khong-chuong",
            title: "Không chương",
            description: "",
            questions: questions(120),
          },
        ],
      },
      {
        subject: { code: "mon-b", name: "Môn B", description: "", keywords: [] },
        practices: [{ code: "de-b", title: "Đề B", description: "", questions: questions(2) }],
      },
    ]);
    for (const id of ["hoc", "khac"]) {
      await db
        .insertInto("user")
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: dialect === "postgres" ? true : 1,
          image: null,
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        })
        .execute();
    }
    const chapter = (n: number) => ({ type: "PRACTICE_TIME_CHAPTER" as const, chapter: n });
    const range = (start: number, end: number) => ({
      type: "PRACTICE_TIME_RANGE" as const,
      start,
      end,
    });
    const all = { type: "PRACTICE_TIME_ALL" as const };
    // 23:30 on 09/03 and 00:30 on 10/03 in Vietnam: both 09/03 in UTC.
    await addAttempt(
      db,
      "hoc",
      "co-chuong",
      chapter(0),
      { right: 1, of: 2, time: 60 },
      "2025-03-09T16:30:00.000Z",
    );
    await addAttempt(
      db,
      "hoc",
      "co-chuong",
      chapter(1),
      { right: 2, of: 2, time: 30 },
      "2025-03-09T17:30:00.000Z",
    );
    await addAttempt(
      db,
      "hoc",
      "khong-chuong",
      range(1, 50),
      { right: 10, of: 50, time: 600 },
      "2025-03-08T10:00:00.000Z",
    );
    await addAttempt(
      db,
      "hoc",
      "khong-chuong",
      range(51, 100),
      { right: 40, of: 50, time: 500 },
      "2025-03-08T11:00:00.000Z",
    );
    // Nothing on 07/03: the streak stops at 08/03.
    await addAttempt(
      db,
      "hoc",
      "khong-chuong",
      all,
      { right: 60, of: 120, time: 1800 },
      "2025-03-06T10:00:00.000Z",
    );
    await addAttempt(
      db,
      "hoc",
      "co-chuong",
      chapter(0),
      { right: 0, of: 2, time: 10 },
      "2025-03-05T10:00:00.000Z",
    );
    await addAttempt(
      db,
      "hoc",
      "de-b",
      all,
      { right: 0, of: 2, time: 5 },
      "2025-02-01T10:00:00.000Z",
    );
    await addAttempt(
      db,
      "khac",
      "de-b",
      all,
      { right: 2, of: 2, time: 7 },
      "2025-03-10T02:00:00.000Z",
    );
  });

  it("sums every attempt of the user and counts days in a row in Vietnamese days", async () => {
    const { db } = database();
    const stats = await userStatistics(db, "hoc", NOW);
    expect(stats.totals).toEqual({
      attempts: 7,
      questions: 228,
      right: 113,
      time: 3005,
      daysInARow: 3,
      practisedToday: true,
    });
    // The next evening, before practising: the streak still holds, from yesterday.
    const nextDay = await userStatistics(db, "hoc", new Date("2025-03-11T12:00:00.000Z"));
    expect(nextDay.totals).toMatchObject({ daysInARow: 3, practisedToday: false });
    // A whole day without practice breaks it.
    const later = await userStatistics(db, "hoc", new Date("2025-03-12T17:00:00.000Z"));
    expect(later.totals).toMatchObject({ daysInARow: 0, practisedToday: false });
    // At 23:59 on 09/03 in Vietnam the 00:30 attempt has not happened yet.
    const before = await userStatistics(db, "hoc", new Date("2025-03-09T16:59:00.000Z"));
    expect(before.totals).toMatchObject({ daysInARow: 2, practisedToday: true });
  });

  it("counts a streak longer than the recent days it reads first", async () => {
    const { db, dialect } = database();
    await db
      .insertInto("user")
      .values({
        id: "deu",
        name: "deu",
        email: "deu@example.com",
        emailVerified: dialect === "postgres" ? true : 1,
        image: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      })
      .execute();
    // Every day at 23:00 in Vietnam (16:00 UTC) for 70 days up to yesterday, 09/03.
    for (let day = 0; day < 70; day++) {
      const at = new Date(Date.parse("2025-03-09T16:00:00.000Z") - day * 86_400_000);
      const score = { right: 1, of: 2, time: 1 };
      await addAttempt(db, "deu", "de-b", { type: "PRACTICE_TIME_ALL" }, score, at.toISOString());
    }
    expect((await userStatistics(db, "deu", NOW)).totals).toMatchObject({
      attempts: 70,
      daysInARow: 70,
      practisedToday: false,
    });
  });

  it("gives accuracy per subject and Vietnamese week", async () => {
    const { db } = database();
    const stats = await userStatistics(db, "hoc", NOW);
    expect(stats.chartWeeks).toHaveLength(12);
    expect(stats.chartWeeks.at(-1)).toBe("2025-03-10");
    expect(stats.chartWeeks[0]).toBe("2024-12-23");
    expect(stats.subjects).toEqual([
      {
        code: "mon-a",
        name: "Môn A",
        weeks: [
          { week: "2025-03-03", questions: 224, right: 111 },
          { week: "2025-03-10", questions: 2, right: 2 },
        ],
      },
      { code: "mon-b", name: "Môn B", weeks: [{ week: "2025-01-27", questions: 2, right: 0 }] },
    ]);
    // Weeks before the chart's first Monday are left out.
    const inMay = await userStatistics(db, "hoc", new Date("2025-05-20T00:00:00.000Z"));
    expect(inMay.subjects.map((s) => s.code)).toEqual(["mon-a"]);
  });

  it("lists each practice with its weakest chapters or ranges", async () => {
    const { db } = database();
    const { practices } = await userStatistics(db, "hoc", NOW);
    expect(practices.map((p) => [p.code, p.attempts, p.questions, p.right])).toEqual([
      ["co-chuong", 3, 6, 3],
      ["khong-chuong", 3, 220, 110],
      ["de-b", 1, 2, 0],
    ]);
    expect(practices[0]).toMatchObject({
      title: "Có chương",
      subjectName: "Môn A",
      hidden: false,
      chapterCount: 2,
      questionCount: 4,
      parts: 2,
    });
    // Chapter 2 was all right: not weak.
    expect(practices[0]!.weakest).toEqual([
      {
        type: "PRACTICE_TIME_CHAPTER",
        chapterIdx: 0,
        chapterTitle: "Đại cương",
        rangeStart: null,
        rangeEnd: null,
        attempts: 2,
        questions: 4,
        right: 1,
      },
    ]);
    expect(practices[1]!.weakest.map((w) => [w.rangeStart, w.rangeEnd, w.right])).toEqual([
      [1, 50, 10],
      [51, 100, 40],
    ]);
    // Only whole-practice runs: no chapter or range to point at.
    expect(practices[2]).toMatchObject({ parts: 0, weakest: [] });
  });

  it("shows another user only their own figures, and a new user zeros", async () => {
    const { db } = database();
    const other = await userStatistics(db, "khac", NOW);
    expect(other.totals).toEqual({
      attempts: 1,
      questions: 2,
      right: 2,
      time: 7,
      daysInARow: 1,
      practisedToday: true,
    });
    expect(other.practices.map((p) => p.code)).toEqual(["de-b"]);
    const nobody = await userStatistics(db, "nobody", NOW);
    expect(nobody).toMatchObject({
      totals: { attempts: 0, questions: 0, right: 0, time: 0, daysInARow: 0 },
      subjects: [],
      practices: [],
    });
  });
});

it("names the Mondays of the chart's weeks in Vietnamese time", () => {
  // 23:30 on Sunday 09/03 in Vietnam: still the week that began on Monday 03/03.
  expect(weekMondays(new Date("2025-03-09T16:30:00.000Z"), 2)).toEqual([
    "2025-02-24",
    "2025-03-03",
  ]);
  // 00:30 on Monday 10/03 in Vietnam (still Sunday in UTC) starts a new week.
  expect(weekMondays(new Date("2025-03-09T17:30:00.000Z"), 1)).toEqual(["2025-03-10"]);
});
