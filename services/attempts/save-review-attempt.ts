import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import { storableInt, storableText, z } from "#base/zod.ts";
import { findAttempt, insertAttempt, type StoredAttempt } from "#db/attempts.ts";
import { findCards } from "#db/review-cards.ts";
import { listPracticeTitles, listRevisions, type StoredRevision } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { gradesOfAttempt, MAX_REVIEW_QUESTIONS } from "#engine/review.ts";
import { roomConfigSchema } from "#engine/room-config.ts";
import { scoreAnswers } from "#engine/scoring.ts";
import {
  answerOrdersAreValid,
  answerSecondsAreValid,
  isAttemptId,
  picksAreValid,
  totalTimeIsValid,
} from "#engine/submission.ts";
import { gradeCards, mayOpenAll } from "#services/review/review.ts";
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
  config: roomConfigSchema,
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
  | "BAD_ANSWER_ORDER"
  | "BAD_TOTAL_TIME"
  | "BAD_ANSWER_TIMES";

export type SaveReviewResult =
  { ok: true; created: boolean; attempt: StoredAttempt } | { ok: false; refusal: ReviewRefusal };

const refuse = (refusal: ReviewRefusal) => ({ ok: false as const, refusal });

/** Practices named in a review's description before "và N đề khác". */
const NAMED_PRACTICES = 2;

/** Stores a review once; a repeated save of the id returns the stored attempt unchanged. */
export async function saveReviewAttempt(
  db: Kysely<DB>,
  userId: string,
  submission: ReviewSubmission,
  now: Date = new Date(),
): Promise<SaveReviewResult> {
  if (!isAttemptId(submission.id)) return refuse("BAD_ATTEMPT_ID");
  const id = submission.id.toLowerCase();
  const earlier = await findAttempt(db, userId, id);
  if (earlier) return { ok: true, created: false, attempt: earlier };

  const { config, answers, answerOrders, totalTime } = submission;
  if (!totalTimeIsValid(totalTime)) return refuse("BAD_TOTAL_TIME");
  const seconds = submission.answerSeconds ?? null;
  if (!answerSecondsAreValid(seconds, answers.length, totalTime)) {
    return refuse("BAD_ANSWER_TIMES");
  }
  const revisions = await ownCardRevisions(db, userId, answers);
  if (!revisions) return refuse("NOT_YOUR_REVIEW");
  if (!(await mayOpenAll(db, userId, [...new Set(revisions.map((r) => r.practiceId))]))) {
    return refuse("PRACTICE_CLOSED");
  }
  if (!picksAreValid(revisions, answers)) return refuse("BAD_PICKS");
  if (!answerOrdersAreValid(revisions, config.shuffleAnswers, answerOrders)) {
    return refuse("BAD_ANSWER_ORDER");
  }

  const picks = new Map(answers.map((a) => [a.questionId, a.selectedAnswerIndexes]));
  const score = scoreAnswers(revisions, picks);
  const results = score.results.map((r) => ({
    questionId: r.questionId,
    selectedAnswerIndexes: [...r.selectedAnswerIndexes],
    rightAnswer: r.rightAnswer,
  }));
  const grades = gradesOfAttempt(results, {
    review: true,
    seconds: seconds ?? undefined,
    maxQuestionTime: config.maxQuestionTime,
  });
  const attempt = await insertAttempt(
    db,
    {
      id,
      userId,
      practice: { id: null, code: "", title: sharedVi.review.title, contentVersion: 0 },
      description: await describe(db, revisions),
      selection: null,
      config,
      answerOrders,
      results,
      numberOfRight: score.numberOfRight,
      numberOfWrong: score.numberOfWrong,
      totalTime,
      createdAt: now,
    },
    (trx) => gradeCards(trx, userId, grades, now),
  );
  if (attempt) return { ok: true, created: true, attempt };
  // Another save of the same id won the race between our first look and our insert.
  const winner = await findAttempt(db, userId, id);
  if (!winner) throw new Error(`review ${id} conflicted on insert but cannot be read back`);
  return { ok: true, created: false, attempt: winner };
}

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
