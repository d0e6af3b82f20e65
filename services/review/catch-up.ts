import type { Kysely } from "kysely";
import {
  dropCards,
  findCards,
  listStaleCards,
  lockCardsOf,
  moveCard,
  type StaleCard,
  type SuspendedPractices,
} from "#db/review-cards.ts";
import type { DB } from "#db/schema.ts";
import { sameKeys } from "#engine/review.ts";
import { suspendedPractices } from "./suspended.ts";

/**
 * The catch-up of the user's cards to the catalogue (ADR 0018): a card on a retired revision
 * follows its question to the newer revision when only the wording changed (the same answers
 * are keys), and is dropped when the keys changed or the question was retired for good. Lazy,
 * per user: an import never walks every user's cards. A suspended card stays where it is: a
 * revision made after the student lost access is not theirs to see.
 *
 * It writes, so it runs only where a write belongs: when a review room is opened (the room's
 * address names live revisions) and when an attempt's grades are saved (a grade lands on the
 * card that followed its question). The due count reads the same plan without carrying it out.
 */

/** What the catch-up would do now: cards to move (old revision → live one) and cards to drop. */
export interface CatchUpPlan {
  moves: { from: number; to: number }[];
  drops: number[];
}

/**
 * Plans the catch-up from the cards as they are, writing nothing. Stale cards are taken in
 * question-id order (oldest revision first); of two that would follow to the same revision,
 * or one whose target already has a card, only the first to arrive keeps its history, as
 * moving them one by one would.
 */
export async function planCatchUp(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
): Promise<CatchUpPlan> {
  return planFrom(db, userId, await listStaleCards(db, userId, suspended));
}

async function planFrom(
  db: Kysely<DB>,
  userId: string,
  staleCards: readonly StaleCard[],
): Promise<CatchUpPlan> {
  const stale = [...staleCards].sort((a, b) => a.questionId - b.questionId);
  const follows = (card: (typeof stale)[number]) =>
    card.next !== null &&
    sameKeys(
      { id: card.questionId, answers: card.answers, anyKey: card.anyKey, kind: card.kind },
      card.next,
    );
  const targets = stale.flatMap((card) => (follows(card) ? [card.next!.id] : []));
  const taken = new Set((await findCards(db, userId, targets)).map((card) => card.questionId));
  const plan: CatchUpPlan = { moves: [], drops: [] };
  for (const card of stale) {
    if (follows(card) && !taken.has(card.next!.id)) {
      plan.moves.push({ from: card.questionId, to: card.next!.id });
      taken.add(card.next!.id);
    } else {
      plan.drops.push(card.questionId);
    }
  }
  return plan;
}

/**
 * Carries out the catch-up for one user. Inside a transaction (an attempt's save) it runs
 * there; otherwise it opens one only when there is something to do, so opening a review with
 * nothing stale costs the same reads as before and no write.
 */
export async function catchUpReviewCards(db: Kysely<DB>, userId: string): Promise<void> {
  if (!db.isTransaction) {
    if ((await staleCardsToFollow(db, userId)).length === 0) return;
    await db.transaction().execute((trx) => catchUpLocked(trx, userId));
    return;
  }
  await catchUpLocked(db, userId);
}

async function catchUpLocked(trx: Kysely<DB>, userId: string): Promise<void> {
  // The plan is made under the user's card lock, so no save changes the cards it was made from.
  await lockCardsOf(trx, userId);
  const stale = await staleCardsToFollow(trx, userId);
  if (stale.length === 0) return;
  const plan = await planFrom(trx, userId, stale);
  for (const { from, to } of plan.moves) await moveCard(trx, userId, from, to);
  await dropCards(trx, userId, plan.drops);
}

/**
 * The user's stale cards outside suspended practices. Every save of an attempt asks this, and
 * almost always nothing is stale: who may open which practice (two more reads) is asked only
 * when some card is, and its answer filters them as `listStaleCards`'s own filter would.
 */
async function staleCardsToFollow(db: Kysely<DB>, userId: string): Promise<StaleCard[]> {
  const stale = await listStaleCards(db, userId, []);
  if (stale.length === 0) return stale;
  const suspended = new Set(await suspendedPractices(db, userId));
  return stale.filter((card) => !suspended.has(card.practiceId));
}
