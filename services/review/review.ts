import type { Kysely } from "kysely";
import { endOfVnDay } from "#base/vn-day.ts";
import { openablePractices } from "#db/own-practices.ts";
import {
  countDueCards,
  dropCards,
  findCards,
  listCardPracticeIds,
  listDueCards,
  lockCardsOf,
  listStaleCards,
  moveCard,
  saveCards,
  type StoredReviewCard,
  type SuspendedPractices,
} from "#db/review-cards.ts";
import { listRevisions } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import {
  MAX_REVIEW_QUESTIONS,
  retrievability,
  reviewCard,
  sameKeys,
  type ReviewGrade,
} from "#engine/review.ts";

/**
 * "Ôn lỗi sai" (issue 15): which of a user's cards are due today, and what an answer does to a
 * card. The schedule is FSRS's (engine/review.ts); the cards are stored by db/review-cards.ts.
 */

/**
 * The practices of the user's cards that the user may no longer open: an own practice whose
 * link was revoked (for anyone but its owner), that an operator hid, or that was deleted; a
 * bank's practice hidden from the catalogue. Their cards are suspended: never counted, picked,
 * followed to a newer revision or dropped, so they come back as they were if access does (an
 * operator shows the practice again; the student practises through its new link). Who may open
 * what is ADR 0012's one rule (db/own-practices.ts), asked here of every practice at once.
 */
async function suspendedPractices(db: Kysely<DB>, userId: string): Promise<number[]> {
  const practiceIds = await listCardPracticeIds(db, userId);
  const open = await openablePractices(db, userId, practiceIds);
  return practiceIds.filter((id) => !open.has(id));
}

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
 * Brings the user's cards up to the catalogue: a card on a retired revision follows its question
 * to the newer revision when only the wording changed (the same answers are keys), and is
 * dropped when the keys changed or the question was retired for good. Lazy, per user, at read
 * time: an import never walks every user's cards. A suspended card stays where it is: a
 * revision made after the student lost access is not theirs to see.
 */
async function followRevisions(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
): Promise<void> {
  const stale = await listStaleCards(db, userId, suspended);
  const drop: number[] = [];
  for (const card of stale) {
    const before = { id: card.questionId, answers: card.answers, anyKey: card.anyKey };
    if (card.next && sameKeys(before, card.next)) {
      await moveCard(db, userId, card.questionId, card.next.id);
    } else {
      drop.push(card.questionId);
    }
  }
  await dropCards(db, userId, drop);
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
export async function countDueToday(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  const suspended = await suspendedPractices(db, userId);
  await followRevisions(db, userId, suspended);
  return countDueCards(db, userId, suspended, endOfVnDay(now), learnAhead(now));
}

function learnAhead(now: Date): Date {
  return new Date(now.getTime() + LEARN_AHEAD_MS);
}

/**
 * The question revisions of today's review, up to MAX_REVIEW_QUESTIONS: the cards due today
 * (as countDueToday counts them) whose memory is weakest now (lowest retrievability) first.
 */
export async function dueReviewQuestions(
  db: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<number[]> {
  const suspended = await suspendedPractices(db, userId);
  await followRevisions(db, userId, suspended);
  const due = await listDueCards(db, userId, suspended, endOfVnDay(now), learnAhead(now));
  return due
    .map((card) => ({ id: card.questionId, r: retrievability(card, now) }))
    .sort((a, b) => a.r - b.r || a.id - b.id)
    .slice(0, MAX_REVIEW_QUESTIONS)
    .map((card) => card.id);
}

/**
 * Reviews the user's cards with these grades at `now` and writes them; `db` is the attempt's
 * save transaction, so the cards change exactly when the attempt is stored.
 */
export async function gradeCards(
  db: Kysely<DB>,
  userId: string,
  grades: readonly { questionId: number; grade: ReviewGrade }[],
  now: Date,
): Promise<void> {
  if (grades.length === 0) return;
  await lockCardsOf(db, userId);
  const existing = new Map(
    (
      await findCards(
        db,
        userId,
        grades.map((g) => g.questionId),
      )
    ).map((c) => [c.questionId, c]),
  );
  const next: StoredReviewCard[] = grades.map(({ questionId, grade }) => ({
    questionId,
    ...reviewCard(existing.get(questionId) ?? null, grade, now),
  }));
  await saveCards(db, userId, next);
}
