import type { Kysely } from "kysely";
import { endOfVnDay } from "#base/vn-day.ts";
import {
  countDueCards,
  dropCards,
  findCards,
  listDueCards,
  lockCardsOf,
  listStaleCards,
  moveCard,
  saveCards,
  type StoredReviewCard,
} from "#db/review-cards.ts";
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
 * Brings the user's cards up to the catalogue: a card on a retired revision follows its question
 * to the newer revision when only the wording changed (the same answers are keys), and is
 * dropped when the keys changed or the question was retired for good. Lazy, per user, at read
 * time: an import never walks every user's cards.
 */
export async function followRevisions(db: Kysely<DB>, userId: string): Promise<void> {
  const stale = await listStaleCards(db, userId);
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
export const LEARN_AHEAD_MS = 5 * 60 * 1000;

/**
 * "Ôn tập hôm nay: N câu": the cards scheduled in days that fall due before the end of today
 * (Vietnam's day), and the cards in learning steps whose step comes within LEARN_AHEAD_MS.
 */
export async function countDueToday(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  await followRevisions(db, userId);
  return countDueCards(db, userId, endOfVnDay(now), learnAhead(now));
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
  await followRevisions(db, userId);
  const due = await listDueCards(db, userId, endOfVnDay(now), learnAhead(now));
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
