import type { Kysely } from "kysely";
import { prepared } from "./prepared.ts";
import type { CardScope } from "./review-cards.ts";
import type { DB } from "./schema.ts";

/**
 * "Ngày thi" (issue 30): a student's exam day per subject (migration 0019) or per own practice
 * (migration 0024: own practices all sit in one system subject). Reads and writes only; what a
 * day does to the review is the engine's (engine/review.ts, aimAtExam).
 */

/** What an exam day is of: a subject, or one of the student's own practices. */
export type ExamTarget = CardScope;

export interface ExamDate {
  target: ExamTarget;
  /** The subject's code, or the own practice's. */
  code: string;
  /** The subject's name, or the own practice's title. */
  name: string;
  /** The Vietnamese calendar day, "2026-12-15". */
  examDay: string;
}

/** Sets (or moves) the user's exam day of a subject or an own practice. */
export async function saveExamDate(
  db: Kysely<DB>,
  userId: string,
  target: ExamTarget,
  examDay: string,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  const values = { user_id: userId, exam_day: examDay, updated_at: updatedAt };
  const moved = { exam_day: examDay, updated_at: updatedAt };
  if ("practiceId" in target) {
    await db
      .insertInto("practice_exam_date")
      .values({ ...values, practice_id: target.practiceId })
      .onConflict((oc) => oc.columns(["user_id", "practice_id"]).doUpdateSet(moved))
      .execute();
    return;
  }
  await db
    .insertInto("exam_date")
    .values({ ...values, subject_id: target.subjectId })
    .onConflict((oc) => oc.columns(["user_id", "subject_id"]).doUpdateSet(moved))
    .execute();
}

/** Removes the user's exam day of a subject or an own practice; whether there was one. */
export async function deleteExamDate(
  db: Kysely<DB>,
  userId: string,
  target: ExamTarget,
): Promise<boolean> {
  const result =
    "practiceId" in target
      ? await db
          .deleteFrom("practice_exam_date")
          .where("user_id", "=", userId)
          .where("practice_id", "=", target.practiceId)
          .executeTakeFirst()
      : await db
          .deleteFrom("exam_date")
          .where("user_id", "=", userId)
          .where("subject_id", "=", target.subjectId)
          .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

type ComingExams = { userId: string; fromDay: string };

const subjectExamDates = prepared((db, p: ComingExams) =>
  db
    .selectFrom("exam_date")
    .innerJoin("subject", "subject.id", "exam_date.subject_id")
    .select(["subject.id", "subject.code", "subject.name", "exam_date.exam_day"])
    .where("exam_date.user_id", "=", p.userId)
    .where("exam_date.exam_day", ">=", p.fromDay)
    .orderBy("exam_date.exam_day")
    .orderBy("subject.sort_order"),
);

const practiceExamDates = prepared((db, p: ComingExams) =>
  db
    .selectFrom("practice_exam_date")
    .innerJoin("practice", "practice.id", "practice_exam_date.practice_id")
    .innerJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select(["practice.id", "practice.code", "practice.title", "practice_exam_date.exam_day"])
    .where("practice_exam_date.user_id", "=", p.userId)
    .where("own_practice.owner_id", "=", p.userId)
    .where("own_practice.deleted_at", "is", null)
    .where("practice_exam_date.exam_day", ">=", p.fromDay)
    .orderBy("practice_exam_date.exam_day")
    .orderBy("practice.title"),
);

/**
 * The user's exam days on or after `fromDay` ("2026-12-01"), soonest first: the subjects', then
 * on the same day the own practices'. An own practice counts only while it is the user's and not
 * deleted: a day of a practice given up is no exam to count down to.
 */
export async function listExamDates(
  db: Kysely<DB>,
  userId: string,
  fromDay: string,
): Promise<ExamDate[]> {
  const [subjects, practices] = await Promise.all([
    subjectExamDates.execute(db, { userId, fromDay }),
    practiceExamDates.execute(db, { userId, fromDay }),
  ]);
  const dates: ExamDate[] = [
    ...subjects.map((row) => ({
      target: { subjectId: row.id },
      code: row.code,
      name: row.name,
      examDay: row.exam_day,
    })),
    ...practices.map((row) => ({
      target: { practiceId: row.id },
      code: row.code,
      name: row.title,
      examDay: row.exam_day,
    })),
  ];
  // Stable: within a day the subjects keep their order, then the practices theirs.
  return dates.sort((a, b) => (a.examDay < b.examDay ? -1 : a.examDay > b.examDay ? 1 : 0));
}

/**
 * The exam day, if the user set one, of each of these question revisions: its own practice's
 * when set (the more specific), else its subject's.
 */
export async function examDaysOfQuestions(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
): Promise<Map<number, string>> {
  if (questionIds.length === 0) return new Map();
  // One read for both (a save asks it under the user's card lock: each round trip counts).
  const rows = await db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .leftJoin("exam_date", (join) =>
      join
        .onRef("exam_date.subject_id", "=", "practice.subject_id")
        .on("exam_date.user_id", "=", userId),
    )
    .leftJoin("practice_exam_date", (join) =>
      join
        .onRef("practice_exam_date.practice_id", "=", "question.practice_id")
        .on("practice_exam_date.user_id", "=", userId),
    )
    .select([
      "question.id",
      "exam_date.exam_day as subject_day",
      "practice_exam_date.exam_day as practice_day",
    ])
    .where("question.id", "in", [...questionIds])
    .where((eb) =>
      eb.or([
        eb("exam_date.exam_day", "is not", null),
        eb("practice_exam_date.exam_day", "is not", null),
      ]),
    )
    .execute();
  // The practice's day, the more specific, wins.
  return new Map(rows.map((row) => [row.id, (row.practice_day ?? row.subject_day)!]));
}
