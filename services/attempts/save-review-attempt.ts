import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import { storableInt, storableText, z } from "#base/zod.ts";
import { findCards } from "#db/review-cards.ts";
import { listPracticeTitles, listRevisions, type StoredRevision } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { MAX_REVIEW_QUESTIONS } from "#base/limits.ts";
import { roomConfigSchema } from "#engine/room-config.ts";
import { mayOpenAll } from "#services/review/review.ts";
import { refuse, storeOnce, type AttemptSource, type StoreResult } from "./store.ts";
import {
  ownerStamp,
  submittedAnswerOrders,
  submittedAnswers,
  submittedAnswerSeconds,
} from "./wire.ts";

/**
 * Saving an "Ôn lỗi sai" run: an attempt of type MISTAKES, with no practice, over
 * the user's own review cards. Checked like a practice attempt (picks, answer orders, time,
 * the server's own scoring), idempotent by attempt id, and every answer grades its card
 * (engine/review.ts: wrong Again, right Good or Hard when slow) in the save's transaction.
 *
 * Which questions a review may hold: each must be a revision on which THIS user has a review
 * card, at most MAX_REVIEW_QUESTIONS, no repeats. Not "exactly today's due set": that set moves
 * while a student is in the room (the day turns at midnight in Vietnam, another tab's review
 * saves first, a card graduates), and a refusal then would throw away honest work. A client can
 * thus only ever review (and reschedule) its own mistakes; another user's card, a question the
 * user never missed, or a made-up id is refused with NOT_YOUR_REVIEW. A card of a practice the
 * user may no longer open (its link revoked, hidden by an operator, deleted: ADR 0012's rule) is
 * refused with PRACTICE_CLOSED, as the practice's own saves are, even if the review began
 * before: its answer would reschedule a card the student can no longer see.
 */

/** The wire format of a review; unknown keys are dropped. */
export const reviewSubmissionSchema = z.object({
  type: z.literal("MISTAKES"),
  id: storableText().max(36),
  /** A review is never a mock exam. */
  config: roomConfigSchema.refine((config) => config.examMinutes === undefined),
  answers: submittedAnswers(MAX_REVIEW_QUESTIONS),
  answerOrders: submittedAnswerOrders(MAX_REVIEW_QUESTIONS),
  totalTime: storableInt(),
  answerSeconds: submittedAnswerSeconds(MAX_REVIEW_QUESTIONS),
  owner: ownerStamp,
});

export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export type ReviewRefusal =
  | "BAD_ATTEMPT_ID"
  | "NOT_YOUR_REVIEW"
  | "PRACTICE_CLOSED"
  | "BAD_PICKS"
  | "BAD_RESPONSE"
  | "BAD_ANSWER_ORDER"
  | "BAD_TOTAL_TIME"
  | "BAD_ANSWER_TIMES"
  /** The account was deleted after this request's session was read (store.ts, ADR 0038). */
  | "UNAUTHENTICATED";

export type SaveReviewResult = StoreResult<ReviewRefusal>;

/** Practices named in a review's description before "và N đề khác". */
const NAMED_PRACTICES = 2;

/** Stores a review once (store.ts); a repeated save of the id returns the stored attempt unchanged. */
export function saveReviewAttempt(
  db: Kysely<DB>,
  userId: string,
  submission: ReviewSubmission,
  now: Date = new Date(),
): Promise<SaveReviewResult> {
  return storeOnce(db, userId, submission, reviewSource, now);
}

/** A review's questions: the user's own review cards, of practices they may still open. */
const reviewSource: AttemptSource<ReviewSubmission, "NOT_YOUR_REVIEW" | "PRACTICE_CLOSED"> = {
  review: true,
  async open(db, userId, submission) {
    // A review is of the student's own cards: a guest has none.
    if (userId === null) return refuse("NOT_YOUR_REVIEW");
    const revisions = await ownCardRevisions(db, userId, submission.answers);
    if (!revisions) return refuse("NOT_YOUR_REVIEW");
    if (!(await mayOpenAll(db, userId, [...new Set(revisions.map((r) => r.practiceId))]))) {
      return refuse("PRACTICE_CLOSED");
    }
    return {
      revisions,
      practice: { id: null, code: "", title: sharedVi.review.title, contentVersion: 0 },
      selection: null,
      describe: () => describe(db, revisions),
    };
  },
};

/**
 * The submitted revisions in the order shown, when every one is distinct and carries a review
 * card of this user; null otherwise.
 */
async function ownCardRevisions(
  db: Kysely<DB>,
  userId: string,
  answers: ReviewSubmission["answers"],
): Promise<StoredRevision[] | null> {
  const ids = answers.map((a) => a.questionId);
  if (new Set(ids).size !== ids.length) return null;
  const cards = await findCards(db, userId, ids);
  if (cards.length !== ids.length) return null;
  const byId = new Map((await listRevisions(db, ids)).map((r) => [r.id, r]));
  const revisions = ids.map((id) => byId.get(id));
  return revisions.every((r) => r !== undefined) ? revisions : null;
}

/** "Câu sai từ: A, B và 2 đề khác": the practices of the questions, most asked first. */
async function describe(db: Kysely<DB>, revisions: readonly StoredRevision[]): Promise<string> {
  const counts = new Map<number, number>();
  for (const r of revisions) counts.set(r.practiceId, (counts.get(r.practiceId) ?? 0) + 1);
  const titles = await listPracticeTitles(db, [...counts.keys()]);
  const ordered = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([practiceId]) => titles.get(practiceId) ?? "");
  return sharedVi.review.fromPractices(
    ordered.slice(0, NAMED_PRACTICES),
    Math.max(ordered.length - NAMED_PRACTICES, 0),
  );
}
