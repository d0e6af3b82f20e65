import type { Kysely } from "kysely";
import { vnDay } from "#base/vn-day.ts";
import { findSubjectRowByCode } from "#db/catalogue.ts";
import { deleteExamDate, listExamDates, saveExamDate } from "#db/exam-dates.ts";
import { findCardsOfSubjectDueAfter, lockCardsOf, saveCards } from "#db/review-cards.ts";
import type { DB } from "#db/schema.ts";
import { aimAtExam, daysUntilExam, examEve } from "#engine/review.ts";
import { dueTodayCounter } from "./review.ts";

/**
 * "Ngày thi" (issue 30): a student sets the day of their exam in a subject; from then on the
 * review of that subject's mistakes is planned to be seen before it (engine/review.ts), and home
 * counts the days down with what to review today.
 */

/** An exam day further ahead than this is surely a typo (two years). */
const MAX_EXAM_DAYS_AHEAD = 730;
/** Home shows at most this many exams, the soonest first. */
const SHOWN_EXAMS = 3;

export type ExamDayRefusal = "BAD_DAY" | "PAST_DAY" | "TOO_FAR" | "NO_SUBJECT";

/** A day as `<input type="date">` sends it ("2026-12-15"): a real calendar day, today or later. */
export function checkExamDay(
  value: string,
  now: Date,
): { ok: true; day: string } | { ok: false; refusal: ExamDayRefusal } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return { ok: false, refusal: "BAD_DAY" };
  const day = match[0];
  // A day that does not exist (31/02) comes back from Date as another day.
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    return { ok: false, refusal: "BAD_DAY" };
  }
  const daysLeft = daysUntilExam(day, now);
  if (daysLeft < 0) return { ok: false, refusal: "PAST_DAY" };
  if (daysLeft > MAX_EXAM_DAYS_AHEAD) return { ok: false, refusal: "TOO_FAR" };
  return { ok: true, day };
}

/**
 * Sets the user's exam day in a subject, and brings the subject's cards planned after its eve
 * back to the eve, in one transaction with the user's cards locked (as a save does).
 */
export async function setExamDate(
  db: Kysely<DB>,
  userId: string,
  subjectCode: string,
  value: string,
  now: Date,
): Promise<{ ok: true; day: string } | { ok: false; refusal: ExamDayRefusal }> {
  const checked = checkExamDay(value, now);
  if (!checked.ok) return checked;
  const subject = await findSubjectRowByCode(db, subjectCode);
  if (!subject) return { ok: false, refusal: "NO_SUBJECT" };
  await db.transaction().execute(async (trx) => {
    await lockCardsOf(trx, userId);
    await saveExamDate(trx, userId, subject.id, checked.day, now);
    const eve = examEve(checked.day);
    if (eve.getTime() <= now.getTime()) return;
    const late = await findCardsOfSubjectDueAfter(trx, userId, subject.id, eve);
    await saveCards(
      trx,
      userId,
      late.map((card) => ({ ...aimAtExam(card, checked.day, now), questionId: card.questionId })),
    );
  });
  return checked;
}

/** Removes the user's exam day in a subject; cards already planned keep their days. */
export async function clearExamDate(
  db: Kysely<DB>,
  userId: string,
  subjectCode: string,
): Promise<boolean> {
  const subject = await findSubjectRowByCode(db, subjectCode);
  return subject ? deleteExamDate(db, userId, subject.id) : false;
}

export interface ExamCountdown {
  subjectCode: string;
  subjectName: string;
  examDay: string;
  /** 0 on the exam day. */
  daysLeft: number;
  /** The subject's cards due today, as countDueToday counts them. */
  dueToday: number;
}

/**
 * Home's review: what is due today in every subject, and the user's coming exams (today's
 * included), soonest first, each with today's review of its subject. The catch-up's plan is read
 * once for all of them (dueTodayCounter); a student without exams pays nothing more than before.
 */
export async function todaysReview(
  db: Kysely<DB>,
  userId: string,
  now: Date,
  limit = SHOWN_EXAMS,
): Promise<{ dueToday: number; exams: ExamCountdown[] }> {
  const [count, exams] = await Promise.all([
    dueTodayCounter(db, userId, now),
    listExamDates(db, userId, vnDay(now)),
  ]);
  const shown = exams.slice(0, limit);
  const [dueToday, ...perExam] = await Promise.all([
    count(),
    ...shown.map((exam) => count(exam.subjectId)),
  ]);
  return {
    dueToday: dueToday!,
    exams: shown.map((exam, i) => ({
      subjectCode: exam.subjectCode,
      subjectName: exam.subjectName,
      examDay: exam.examDay,
      daysLeft: daysUntilExam(exam.examDay, now),
      dueToday: perExam[i]!,
    })),
  };
}

/** The user's coming exam day in one subject, or null. */
export async function examDayOf(
  db: Kysely<DB>,
  userId: string,
  subjectCode: string,
  now: Date,
): Promise<string | null> {
  const exams = await listExamDates(db, userId, vnDay(now));
  return exams.find((exam) => exam.subjectCode === subjectCode)?.examDay ?? null;
}
