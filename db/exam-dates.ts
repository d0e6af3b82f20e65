import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/**
 * "Ngày thi" (issue 30): a student's exam day per subject (migration 0019). Reads and writes
 * only; what a day does to the review is the engine's (engine/review.ts, aimAtExam).
 */

export interface ExamDate {
  subjectId: number;
  subjectCode: string;
  subjectName: string;
  /** The Vietnamese calendar day, "2026-12-15". */
  examDay: string;
}

/** Sets (or moves) the user's exam day in a subject. */
export async function saveExamDate(
  db: Kysely<DB>,
  userId: string,
  subjectId: number,
  examDay: string,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insertInto("exam_date")
    .values({ user_id: userId, subject_id: subjectId, exam_day: examDay, updated_at: updatedAt })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "subject_id"])
        .doUpdateSet({ exam_day: examDay, updated_at: updatedAt }),
    )
    .execute();
}

/** Removes the user's exam day in a subject; whether there was one. */
export async function deleteExamDate(
  db: Kysely<DB>,
  userId: string,
  subjectId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom("exam_date")
    .where("user_id", "=", userId)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's exam days on or after `fromDay` ("2026-12-01"), soonest first. */
export async function listExamDates(
  db: Kysely<DB>,
  userId: string,
  fromDay: string,
): Promise<ExamDate[]> {
  const rows = await db
    .selectFrom("exam_date")
    .innerJoin("subject", "subject.id", "exam_date.subject_id")
    .select(["subject.id", "subject.code", "subject.name", "exam_date.exam_day"])
    .where("exam_date.user_id", "=", userId)
    .where("exam_date.exam_day", ">=", fromDay)
    .orderBy("exam_date.exam_day")
    .orderBy("subject.sort_order")
    .execute();
  return rows.map((row) => ({
    subjectId: row.id,
    subjectCode: row.code,
    subjectName: row.name,
    examDay: row.exam_day,
  }));
}

/** The exam day, if the user set one, of the subject of each of these question revisions. */
export async function examDaysOfQuestions(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
): Promise<Map<number, string>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .innerJoin("exam_date", "exam_date.subject_id", "practice.subject_id")
    .select(["question.id", "exam_date.exam_day"])
    .where("exam_date.user_id", "=", userId)
    .where("question.id", "in", [...questionIds])
    .execute();
  return new Map(rows.map((row) => [row.id, row.exam_day]));
}
