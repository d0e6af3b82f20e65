import type { Kysely } from "kysely";
import { vnDay } from "#base/vn-day.ts";
import { findSubjectRowByCode } from "#db/catalogue.ts";
import { deleteExamDate, listExamDates, saveExamDate, type ExamTarget } from "#db/exam-dates.ts";
import { findOwnedPractice } from "#db/own-practices.ts";
import { findCardsDueAfter, lockCardsOf, saveCards } from "#db/review-cards.ts";
import type { DB } from "#db/schema.ts";
import { aimAtExam, daysUntilExam, examEve } from "#engine/review.ts";
import { dueTodayCounter } from "./review.ts";

/**
 * "Ngày thi" (issue 30): a student sets the day of their exam in a subject, or of one of their
 * own practices (they all share one system subject); from then on the review of its mistakes is
 * planned to be seen before it (engine/review.ts), and home counts the days down with what to
 * review today.
 */

/** What a student names an exam day by: a subject's code, or the code of a practice they own. */
export type ExamOf = { subjectCode: string } | { practiceCode: string };

/** An exam day further ahead than this is surely a typo (two years). */
const MAX_EXAM_DAYS_AHEAD = 730;
/** Home shows at most this many exams, the soonest first. */
const SHOWN_EXAMS = 3;

export type ExamDayRefusal = "BAD_DAY" | "PAST_DAY" | "TOO_FAR" | "NO_SUBJECT" | "NO_PRACTICE";

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
 * The subject, or the practice this user owns (not deleted), an exam day is of; a refusal when
 * there is none: another student's practice is no more found than one that does not exist.
 */
async function findTarget(
  db: Kysely<DB>,
  userId: string,
  of: ExamOf,
): Promise<ExamTarget | { refusal: "NO_SUBJECT" | "NO_PRACTICE" }> {
  if ("practiceCode" in of) {
    const practice = await findOwnedPractice(db, userId, of.practiceCode);
    return practice ? { practiceId: practice.id } : { refusal: "NO_PRACTICE" };
  }
  const subject = await findSubjectRowByCode(db, of.subjectCode);
  return subject ? { subjectId: subject.id } : { refusal: "NO_SUBJECT" };
}

/**
 * Sets the user's exam day of a subject or own practice, and brings its cards planned after the
 * eve back to the eve, in one transaction with the user's cards locked (as a save does).
 */
export async function setExamDate(
  db: Kysely<DB>,
  userId: string,
  of: ExamOf,
  value: string,
  now: Date,
): Promise<{ ok: true; day: string } | { ok: false; refusal: ExamDayRefusal }> {
  const checked = checkExamDay(value, now);
  if (!checked.ok) return checked;
  const target = await findTarget(db, userId, of);
  if ("refusal" in target) return { ok: false, refusal: target.refusal };
  await db.transaction().execute(async (trx) => {
    await lockCardsOf(trx, userId);
    await saveExamDate(trx, userId, target, checked.day, now);
    const eve = examEve(checked.day);
    if (eve.getTime() <= now.getTime()) return;
    const late = await findCardsDueAfter(trx, userId, target, eve);
    await saveCards(
      trx,
      userId,
      late.map((card) => ({ ...aimAtExam(card, checked.day, now), questionId: card.questionId })),
    );
  });
  return checked;
}

/** Removes the user's exam day of a subject or own practice; cards already planned keep their days. */
export async function clearExamDate(db: Kysely<DB>, userId: string, of: ExamOf): Promise<boolean> {
  const target = await findTarget(db, userId, of);
  return "refusal" in target ? false : deleteExamDate(db, userId, target);
}

export interface ExamCountdown {
  /** A subject's exam, or an own practice's. */
  kind: "subject" | "practice";
  /** The subject's code, or the practice's. */
  code: string;
  /** The subject's name, or the practice's title. */
  name: string;
  examDay: string;
  /** 0 on the exam day. */
  daysLeft: number;
  /** Its cards due today, as countDueToday counts them. */
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
    ...shown.map((exam) => count(exam.target)),
  ]);
  return {
    dueToday: dueToday!,
    exams: shown.map((exam, i) => ({
      kind: "practiceId" in exam.target ? ("practice" as const) : ("subject" as const),
      code: exam.code,
      name: exam.name,
      examDay: exam.examDay,
      daysLeft: daysUntilExam(exam.examDay, now),
      dueToday: perExam[i]!,
    })),
  };
}

/** The user's coming exam day of one subject or own practice, or null. */
export async function examDayOf(
  db: Kysely<DB>,
  userId: string,
  of: ExamOf,
  now: Date,
): Promise<string | null> {
  const exams = await listExamDates(db, userId, vnDay(now));
  const practice = "practiceCode" in of;
  const code = practice ? of.practiceCode : of.subjectCode;
  const found = exams.find(
    (exam) => exam.code === code && "practiceId" in exam.target === practice,
  );
  return found?.examDay ?? null;
}
