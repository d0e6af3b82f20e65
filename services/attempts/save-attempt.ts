import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { selectionLabel } from "#base/selection-label.ts";
import { selectionSchema } from "#base/selection.ts";
import { storableInt, storableText, z } from "#base/zod.ts";
import {
  findVisiblePractice,
  listChapterTitles,
  listRevisions,
  livePositions,
  liveRevisionsOfVersion,
  type PracticeToSave,
  type StoredRevision,
} from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { roomConfigSchema } from "#engine/room-config.ts";
import { inSelection } from "#engine/selection.ts";
import { selectionIsWellFormed } from "#engine/submission.ts";
import type { Logger } from "pino";
import { refuse, storeOnce, type AttemptSource, type StoreResult } from "./store.ts";
import {
  ownerStamp,
  submittedAnswerOrders,
  submittedAnswers,
  submittedAnswerSeconds,
} from "./wire.ts";
import {
  reviewSubmissionSchema,
  saveReviewAttempt,
  type ReviewRefusal,
  type ReviewSubmission,
} from "./save-review-attempt.ts";

/**
 * Saving a finished room (POST /api/attempts). The browser sends what was shown and picked; the
 * server never trusts it: it checks every question against the practice and the selection here,
 * then stores it by the one save path (store.ts: picks, answer orders, the engine's scoring
 * from the stored keys, idempotent by attempt id).
 */

/** The most questions one attempt may hold (a whole practice). */
const MAX_QUESTIONS = 20_000;

/** The wire format; unknown keys (a forged numberOfRight or rightAnswer) are dropped, never read. */
export const attemptSubmissionSchema = z.object({
  /** Made by the browser before the first save: a retried save is recognised by it. */
  id: storableText().max(36),
  practiceCode: storableText().min(1).max(120),
  selection: selectionSchema,
  config: roomConfigSchema,
  answers: submittedAnswers(MAX_QUESTIONS),
  answerOrders: submittedAnswerOrders(MAX_QUESTIONS),
  /** Whole seconds, at most MAX_TOTAL_TIME (engine/submission.ts). */
  totalTime: storableInt(),
  answerSeconds: submittedAnswerSeconds(MAX_QUESTIONS),
  owner: ownerStamp,
  /** Finished in the offline room (ADR 0013) and sent later: the history says "làm offline". */
  offline: z.boolean().optional(),
});

export type AttemptSubmission = z.infer<typeof attemptSubmissionSchema>;

/** What POST /api/attempts takes: a practice attempt or an "Ôn lỗi sai" review. */
export type AnySubmission = AttemptSubmission | ReviewSubmission;

export type AttemptRefusal =
  | "PRACTICE_NOT_FOUND"
  | "BAD_ATTEMPT_ID"
  | "QUESTIONS_MISMATCH"
  | "BAD_PICKS"
  | "BAD_RESPONSE"
  | "BAD_ANSWER_ORDER"
  | "BAD_TOTAL_TIME"
  | ReviewRefusal;

export type SaveAttemptResult = StoreResult<AttemptRefusal>;

export const REFUSAL_STATUS: Record<AttemptRefusal, number> = {
  PRACTICE_NOT_FOUND: 404,
  BAD_ATTEMPT_ID: 400,
  QUESTIONS_MISMATCH: 422,
  BAD_PICKS: 422,
  BAD_RESPONSE: 422,
  BAD_ANSWER_ORDER: 422,
  BAD_TOTAL_TIME: 422,
  BAD_ANSWER_TIMES: 422,
  NOT_YOUR_REVIEW: 422,
  PRACTICE_CLOSED: 403,
  // As a save without a session: the room keeps the attempt for its student (app/lib/attempt-save.ts).
  UNAUTHENTICATED: 401,
};

/** Refusals the browser never words itself stay out of its bundle (base/i18n/vi-server.ts). */
const attemptErrors = { ...sharedVi.attempts.errors, ...serverVi.attempts.errors };

/** A refusal as the browser reads it: the code and its Vietnamese message. */
export function attemptProblem(code: keyof typeof attemptErrors, status: number): Response {
  return Response.json({ code, message: attemptErrors[code] }, { status });
}

/**
 * The answer to a signed-in user's POST: a JSON body of the wire format, saved. CSRF: the
 * session cookie is SameSite=Lax (no cross-site POST carries it) and the body must be
 * application/json, which a cross-site form cannot send without a CORS preflight we never allow.
 */
export async function answerAttemptPost(
  request: Request,
  { db, logger, userId }: { db: Kysely<DB>; logger: Logger; userId: string },
): Promise<Response> {
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  const outcome = await saveSubmission(db, userId, body);
  if (outcome === null) return attemptProblem("BAD_REQUEST", 400);
  if (outcome === "otherOwner") {
    return Response.json(
      { code: "NOT_YOUR_ATTEMPT", message: serverVi.attemptOwner },
      { status: 409 },
    );
  }
  if (!outcome.ok) {
    logger.warn({ refusal: outcome.refusal, attemptId: outcome.attemptId }, "attempt refused");
    return attemptProblem(outcome.refusal, REFUSAL_STATUS[outcome.refusal]);
  }
  return Response.json(
    { created: outcome.created, attempt: outcome.attempt },
    { status: outcome.created ? 201 : 200 },
  );
}

/** A request's JSON body, or the refusal to answer with (the body is capped before: request-guards.ts). */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!request.headers.get("content-type")?.startsWith("application/json")) {
    return attemptProblem("BAD_REQUEST", 415);
  }
  try {
    return (await request.json()) as unknown;
  } catch {
    return attemptProblem("BAD_REQUEST", 400);
  }
}

/**
 * A practice attempt, or an "Ôn lỗi sai" review (`type: "MISTAKES"`, server/review-attempts.ts),
 * parsed and saved; null when the body is not either.
 */
async function saveSubmission(
  db: Kysely<DB>,
  userId: string,
  body: unknown,
): Promise<(SaveAttemptResult & { attemptId: string }) | "otherOwner" | null> {
  const review = (body as { type?: unknown } | null)?.type === "MISTAKES";
  if (review) {
    const parsed = reviewSubmissionSchema.safeParse(body);
    if (!parsed.success) return null;
    if (parsed.data.owner !== undefined && parsed.data.owner !== userId) return "otherOwner";
    return { ...(await saveReviewAttempt(db, userId, parsed.data)), attemptId: parsed.data.id };
  }
  const parsed = attemptSubmissionSchema.safeParse(body);
  if (!parsed.success) return null;
  if (parsed.data.owner !== undefined && parsed.data.owner !== userId) return "otherOwner";
  return { ...(await saveAttempt(db, userId, parsed.data)), attemptId: parsed.data.id };
}

/**
 * Stores an attempt once (store.ts). A save of an id this user already stored returns the stored
 * attempt unchanged (`created: false`), so a client may retry freely. Everything else is checked
 * and recomputed before one transaction writes the attempt, its answers and the practice's counter.
 */
export function saveAttempt(
  db: Kysely<DB>,
  userId: string,
  submission: AttemptSubmission,
  now: Date = new Date(),
): Promise<SaveAttemptResult> {
  return storeOnce(db, userId, submission, practiceSource, now);
}

/** A room's questions: exactly the selection of a practice this user may open. */
export const practiceSource: AttemptSource<
  AttemptSubmission,
  "PRACTICE_NOT_FOUND" | "QUESTIONS_MISMATCH"
> = {
  review: false,
  async open(db, userId, submission) {
    const practice = await findVisiblePractice(db, submission.practiceCode, userId);
    if (!practice) return refuse("PRACTICE_NOT_FOUND");
    const revisions = await checkQuestions(db, practice, submission);
    if (!revisions) return refuse("QUESTIONS_MISMATCH");
    const { selection } = submission;
    return {
      revisions,
      practice,
      selection,
      // A mock exam in a room is one taken on the device from a downloaded practice, its keys
      // there (ADR 0023): whatever the body says, it is "làm offline".
      offline: submission.offline === true || submission.config.examMinutes !== undefined,
      ...(submission.config.examMinutes === undefined
        ? {}
        : { examMinutes: submission.config.examMinutes }),
      // The label people saw for the selection, copied so the history reads the same later.
      describe: async () => {
        // Only a chapter's label names its title: no read for the others.
        const chapters =
          selection.type === "PRACTICE_TIME_CHAPTER"
            ? await listChapterTitles(db, practice.id)
            : [];
        return selectionLabel(selection, { questionCount: practice.questionCount, chapters });
      },
    };
  },
};

/**
 * The submitted revisions, in the order shown, when they are exactly one revision of every
 * position the selection has now (a revision retired since the room opened still counts for
 * its position: the person answered what they were shown). Null on any mismatch.
 */
async function checkQuestions(
  db: Kysely<DB>,
  practice: PracticeToSave,
  submission: AttemptSubmission,
): Promise<StoredRevision[] | null> {
  const { selection, answers } = submission;
  if (!selection || !selectionIsWellFormed(selection, practice.questionCount)) return null;
  if (!Array.isArray(answers) || answers.length === 0) return null;
  const kept = await liveRevisionsOfVersion(db, practice);
  // A kept practice answers both reads below from memory; a larger one is read per save.
  const live = kept
    ? new Set([...kept.values()].filter((r) => inSelection(r, selection)).map((r) => r.idx))
    : await livePositions(db, practice.id, selection);
  // Counting first bounds the id lookup below by the size of the selection.
  if (answers.length !== live.size) return null;
  const ids = answers.map((a) => a?.questionId);
  if (!ids.every((id) => Number.isSafeInteger(id)) || new Set(ids).size !== ids.length) {
    return null;
  }

  // A revision retired since the room opened is not kept: it is read.
  const unknown = kept ? ids.filter((id) => !kept.has(id)) : ids;
  const read = unknown.length > 0 ? await listRevisions(db, unknown) : [];
  const byId = new Map(read.map((r) => [r.id, r]));
  const revisions: StoredRevision[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const revision = kept?.get(id) ?? byId.get(id);
    if (!revision || revision.practiceId !== practice.id) return null;
    // Distinct positions, all live now, as many as live: the two sets are equal.
    if (!inSelection(revision, selection) || !live.has(revision.idx)) return null;
    if (seen.has(revision.idx)) return null;
    seen.add(revision.idx);
    revisions.push(revision);
  }
  return revisions;
}
