import { data } from "react-router";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { vnDay } from "#base/vn-day.ts";
import { daysUntilExam } from "#engine/review.ts";
import { clearExamDate, examDayOf, setExamDate, type ExamOf } from "#services/review/exam-dates.ts";
import { viExamDate } from "#app/i18n/vi/exam-date.ts";
import type { ExamDateAnswer } from "./exam-date-form.tsx";

/** What ExamDateForm shows of a student's coming exam day (none: `day` null). */
export async function examDateForForm(db: Kysely<DB>, userId: string, of: ExamOf) {
  const now = new Date();
  const day = await examDayOf(db, userId, of, now);
  return { day, daysLeft: day === null ? null : daysUntilExam(day, now), today: vnDay(now) };
}

/**
 * "Ngày thi" posted from a subject's page or an own practice's set-up page: `exam-set` with
 * `examDay`, or `exam-clear`. The answer the form shows; a refusal is a 400 (a 404 when the
 * subject or practice is not there), and changes nothing. Null: the form was not this one's.
 */
export async function answerExamDateForm(
  db: Kysely<DB>,
  userId: string,
  form: FormData,
  of: ExamOf,
): Promise<ExamDateAnswer | ReturnType<typeof data<ExamDateAnswer>> | null> {
  const intent = form.get("intent");
  if (intent === "exam-clear") {
    await clearExamDate(db, userId, of);
    const message = "practiceCode" in of ? viExamDate.clearedPractice : viExamDate.cleared;
    return { intent, ok: true, message };
  }
  if (intent !== "exam-set") return null;
  const value = form.get("examDay");
  const outcome = await setExamDate(
    db,
    userId,
    of,
    typeof value === "string" ? value : "",
    new Date(),
  );
  if (!outcome.ok) {
    const missing = outcome.refusal === "NO_SUBJECT" || outcome.refusal === "NO_PRACTICE";
    return data(
      { intent, ok: false, message: viExamDate.errors[outcome.refusal] },
      { status: missing ? 404 : 400 },
    );
  }
  return { intent, ok: true, message: viExamDate.saved(outcome.day) };
}
