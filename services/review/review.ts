import type { Kysely } from "kysely";
import { endOfVnDay } from "#base/vn-day.ts";
import { openablePractices } from "#db/own-practices.ts";
import {
  countDueCards,
  countDueCardsOn,
  findCards,
  listDueCards,
  saveCards,
  type CardScope,
  type StoredReviewCard,
} from "#db/review-cards.ts";
import { examDaysOfQuestions } from "#db/exam-dates.ts";
import { listRevisions, liveRevisionsAt } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { MAX_REVIEW_QUESTIONS } from "#base/limits.ts";
import { retrievability, reviewCard, type ReviewGrade } from "#engine/review.ts";
import { catchUpReviewCards, planCatchUp } from "./catch-up.ts";
import { suspendedPractices } from "./suspended.ts";

/**
 * "Ôn lỗi sai": which of a user's cards are due today, and what an answer does to a
 * card. The schedule is FSRS's (engine/review.ts); the cards are stored by db/review-cards.ts.
 */

/** Whether the user may still open the practice of every one of these question revisions. */
export async function mayReviewQuestions(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
): Promise<boolean> {
  if (questionIds.length === 0) return true;
  const revisions = await listRevisions(db, [...questionIds]);
  return mayOpenAll(
    db,
    userId,
    revisions.map((r) => r.practiceId),
  );
}

/** Whether the user may open every one of these practices now. */
export async function mayOpenAll(
  db: Kysely<DB>,
  userId: string,
  practiceIds: readonly number[],
): Promise<boolean> {
  const open = await openablePractices(db, userId, practiceIds);
  return practiceIds.every((id) => open.has(id));
}

/**
 * How far ahead a card in its learning steps counts as due. FSRS keeps a fresh mistake in
 * short steps (again in 1 minute, then 10) before spacing it by days. Counting those by the end
 * of the day, as cards scheduled in days are, would keep a card answered right a minute ago on
 * today's list (and let it be drilled again at once); like Anki's "learn ahead", a learning
 * card is due when its step comes, give or take these few minutes.
 */
const LEARN_AHEAD_MS = 5 * 60 * 1000;

/**
 * "Ôn tập hôm nay: N câu": of the cards not suspended, those scheduled in days that fall due before the end of today
 * (Vietnam's day), and the cards in learning steps whose step comes within LEARN_AHEAD_MS.
 */
export async function countDueToday(
  db: Kysely<DB>,
  userId: string,
  now: Date,
  /** Only this subject's or practice's cards (issue 30: "hôm nay ôn 25 câu" before its exam). */
  scope?: CardScope,
): Promise<number> {
  return (await dueTodayCounter(db, userId, now))(scope);
}

/**
 * countDueToday for several subjects at once (home: every subject, then each coming exam's): the
 * suspended practices and the catch-up's plan are read once, each count is then two queries.
 */
export async function dueTodayCounter(
  db: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<(scope?: CardScope) => Promise<number>> {
  const suspended = await suspendedPractices(db, userId);
  // A read, shown on every home and history page: it writes nothing, and counts the cards the
  // catch-up would move as if they had moved (ADR 0018), so the number is the one the review
  // room will find.
  const { moves } = await planCatchUp(db, userId, suspended);
  const moved = moves.map((move) => move.from);
  return async (scope) => {
    const [live, following] = await Promise.all([
      countDueCards(db, userId, suspended, endOfVnDay(now), learnAhead(now), scope),
      countDueCardsOn(db, userId, moved, endOfVnDay(now), learnAhead(now), scope),
    ]);
    return live + following;
  };
}

function learnAhead(now: Date): Date {
  return new Date(now.getTime() + LEARN_AHEAD_MS);
}

/**
 * The question revisions of today's review, up to MAX_REVIEW_QUESTIONS: the cards due today
 * (as countDueToday counts them) whose memory is weakest now (lowest retrievability) first.
 * The review room opens on this list, so it first carries out the catch-up (a write, ADR 0018):
 * the room's address must name the live revisions the cards have followed to.
 */
export async function dueReviewQuestions(
  db: Kysely<DB>,
  userId: string,
  now: Date,
  /**
   * "Ôn môn này" / "Ôn đề này": only this subject's or own practice's cards; without it, every
   * subject ("Ôn trộn").
   */
  scope?: CardScope,
): Promise<number[]> {
  await catchUpReviewCards(db, userId);
  const suspended = await suspendedPractices(db, userId);
  const due = await listDueCards(db, userId, suspended, endOfVnDay(now), learnAhead(now), scope);
  return due
    .map((card) => ({ id: card.questionId, r: retrievability(card, now) }))
    .sort((a, b) => a.r - b.r || a.id - b.id)
    .slice(0, MAX_REVIEW_QUESTIONS)
    .map((card) => card.id);
}

/**
 * Reviews the user's cards with these grades at `now` and writes them; `db` is the attempt's
 * save transaction, so the cards change exactly when the attempt is stored. The catch-up runs
 * first (ADR 0018), so a grade of a reworded question lands on the card that follows it.
 */
export async function gradeCards(
  db: Kysely<DB>,
  userId: string,
  grades: readonly { questionId: number; grade: ReviewGrade }[],
  now: Date,
): Promise<void> {
  if (grades.length === 0) return;
  // In a transaction, the catch-up takes the user's card lock (catch-up.ts), which is then held
  // until the attempt commits: the cards read and written below are under it too.
  await catchUpReviewCards(db, userId);
  const existing = new Map(
    (
      await findCards(
        db,
        userId,
        grades.map((g) => g.questionId),
      )
    ).map((c) => [c.questionId, c]),
  );
  // "Ngày thi" (issue 30): a card of a subject with an exam ahead is planned before it.
  const examDays = await examDaysOfQuestions(
    db,
    userId,
    grades.map((g) => g.questionId),
  );
  const next: StoredReviewCard[] = grades.map(({ questionId, grade }) => ({
    questionId,
    ...reviewCard(existing.get(questionId) ?? null, grade, now, examDays.get(questionId) ?? null),
  }));
  await saveCards(db, userId, next);
}

/**
 * "Ôn lại câu sai" names the revisions a run answered; a replay of an older run may name one
 * reworded since, whose card followed it (catch-up.ts). The cards are caught up first, then each
 * revision without a card stands for the live revision at its position: the room opens on the
 * cards the student holds, in the same order. A revision whose card was dropped stays as it is,
 * and the room says the review can no longer be built.
 */
export async function followRewordedQuestions(
  db: Kysely<DB>,
  userId: string,
  ids: readonly number[],
): Promise<number[]> {
  await catchUpReviewCards(db, userId);
  const held = new Set((await findCards(db, userId, ids)).map((card) => card.questionId));
  if (held.size === ids.length) return [...ids];
  const live = await liveRevisionsAt(
    db,
    ids.filter((id) => !held.has(id)),
  );
  return [...new Set(ids.map((id) => (held.has(id) ? id : (live.get(id) ?? id))))];
}
