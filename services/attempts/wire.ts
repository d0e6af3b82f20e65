import { storableInt, storableText, z } from "#base/zod.ts";

/**
 * The parts of POST /api/attempts' wire format that a practice attempt (server/attempts.ts) and
 * a review of mistakes (server/review-attempts.ts) share, each bounded by its own question count.
 */

const idx = z.number().int().min(0).max(10_000);

/**
 * One per question, in the order shown: the revision id and the picked ORIGINAL answer idxs;
 * for a Đúng/Sai or short-answer question, the response instead (engine/responses.ts checks
 * that it fits the question).
 */
export function submittedAnswers(maxQuestions: number) {
  return z
    .array(
      z.object({
        questionId: storableInt().min(1),
        selectedAnswerIndexes: z.array(idx).max(64),
        response: storableText().max(64).nullable().optional(),
        /** "Chắc chắn" or "Đoán", only from a room that asks (config.askConfidence). */
        confidence: z.enum(["SURE", "GUESS"]).nullable().optional(),
      }),
    )
    .min(1)
    .max(maxQuestions);
}

/** Per shown question, its original answer idxs in display order; required iff config.shuffleAnswers, else null. */
export function submittedAnswerOrders(maxQuestions: number) {
  return z.array(z.array(idx).max(64)).max(maxQuestions).nullable();
}

/** Per question, the seconds it took (SEQUENCE rooms); optional for older pages. */
export function submittedAnswerSeconds(maxQuestions: number) {
  return z.array(storableInt()).max(maxQuestions).nullable().optional();
}

/**
 * Who made the attempt, as the device stamped it when it queued it offline (ADR 0013): the
 * server cannot tell the author of an attempt finished with no network, so one stamped with
 * another user is refused under this session instead of being saved into it.
 */
export const ownerStamp = storableText().min(1).max(64).optional();
