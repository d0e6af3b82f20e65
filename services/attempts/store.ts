import type { Kysely } from "kysely";
import type { Selection } from "#base/selection.ts";
import { userExists } from "#db/accounts.ts";
import { findAttempt, insertAttempt, type NewAttempt, type StoredAttempt } from "#db/attempts.ts";
import type { StoredRevision } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { gradesOfAttempt } from "#engine/review.ts";
import { isAnswered, kindOf } from "#engine/responses.ts";
import type { RoomConfig } from "#engine/room-config.ts";
import type { Confidence } from "#engine/types.ts";
import { scoreAnswers } from "#engine/scoring.ts";
import {
  answerOrdersAreValid,
  answerSecondsAreValid,
  isAttemptId,
  picksAreValid,
  responsesAreValid,
  totalTimeIsValid,
} from "#engine/submission.ts";
import { gradeCards } from "#services/review/review.ts";

/**
 * The one store-once save path of an attempt: a finished room (save-attempt.ts) and a finished
 * review of mistakes (save-review-attempt.ts) differ only in where their questions come from
 * and what the attempt is of (an `AttemptSource`); every other step is here, once, in order:
 *
 * 1. the id: a UUID, lower-cased; an id this user already stored replays the stored attempt
 *    (looked up only when the steps below refuse the save or lose the insert to it);
 * 2. the plain values: total time, then the seconds per answer;
 * 3. the source's own checks (the practice and its selection, or the user's review cards);
 * 4. the responses, the picks and the answer orders against the stored revisions;
 * 5. the engine's one scoring rule on the stored keys, whatever the client thinks it scored;
 * 6. the review cards' grades and the insert, in one transaction (refused when the account was
 *    deleted since the session was read);
 * 7. after a lost race on the id, the winner's attempt read back.
 *
 * Saving is idempotent by attempt id, so a double "Kết thúc", a retry after a lost answer or a
 * second tab cannot count twice.
 */

/** What every submission carries, whatever it is an attempt of. */
export interface CommonSubmission {
  /** Made by the browser before the first save: a retried save is recognised by it. */
  id: string;
  config: RoomConfig;
  /** One per question, in the order shown: the revision id and the picked original idxs (or the response, ADR 0022). */
  answers: {
    questionId: number;
    selectedAnswerIndexes: number[];
    response?: string | null;
    /** "Chắc chắn" or "Đoán" (issue 30), only when `config.askConfidence`. */
    confidence?: Confidence | null;
  }[];
  answerOrders: number[][] | null;
  totalTime: number;
  answerSeconds?: number[] | null;
}

/** Refusals of the shared steps; a source adds its own. */
export type CommonRefusal =
  | "BAD_ATTEMPT_ID"
  | "BAD_TOTAL_TIME"
  | "BAD_ANSWER_TIMES"
  | "BAD_RESPONSE"
  | "BAD_PICKS"
  | "BAD_ANSWER_ORDER";

export type Refused<R extends string> = { ok: false; refusal: R };

export type StoreResult<R extends string> =
  { ok: true; created: boolean; attempt: StoredAttempt } | Refused<R>;

/** What a source found the submission to be an attempt of, once its own checks passed. */
interface Opened {
  /** The revisions answered, in the order shown. */
  revisions: StoredRevision[];
  practice: NewAttempt["practice"];
  selection: Selection | null;
  /** The label the history shows, read only once every check has passed. */
  describe: () => Promise<string>;
  /** A mock exam's time limit in minutes (0: none); absent for any other attempt. */
  examMinutes?: number;
  /** Taken in the offline room. */
  offline?: boolean;
}

/** What differs between a practice room and a review of mistakes. */
export interface AttemptSource<S extends CommonSubmission, R extends string> {
  /** A review grades every answer's card; a practice creates or updates cards of mistakes only. */
  review: boolean;
  /** `userId` null: a guest's room (guest-attempts.ts), which only a practice source takes. */
  open: (db: Kysely<DB>, userId: string | null, submission: S) => Promise<Opened | Refused<R>>;
}

/** Whether a question answered by a response (not multiple choice) was sent picks. */
function picksForResponses(
  revisions: readonly StoredRevision[],
  answers: CommonSubmission["answers"],
): boolean {
  return revisions.some(
    (revision, i) =>
      kindOf(revision) !== "choice" && (answers[i]?.selectedAnswerIndexes.length ?? 0) > 0,
  );
}

export const refuse = <R extends string>(refusal: R): Refused<R> => ({ ok: false, refusal });

/** A submission that passed every check, scored by the engine on the stored keys. */
export interface Judged {
  opened: Opened;
  results: NewAttempt["results"];
  numberOfRight: number;
  numberOfWrong: number;
  /** The seconds per answer, when sent. */
  seconds: number[] | null;
}

/**
 * Steps 2 to 5 (see the top): the plain values, the source's checks, the answers against the
 * stored revisions, and the score. Shared by a signed-in save and a guest's (guest-attempts.ts),
 * which is scored the same way but kept until its device claims it.
 */
export async function judgeSubmission<S extends CommonSubmission, R extends string>(
  db: Kysely<DB>,
  userId: string | null,
  submission: S,
  source: AttemptSource<S, R>,
): Promise<Judged | Refused<R | CommonRefusal>> {
  const { config, answers, answerOrders, totalTime } = submission;
  // Plain values first: they cost no query.
  if (!totalTimeIsValid(totalTime)) return refuse("BAD_TOTAL_TIME");
  const seconds = submission.answerSeconds ?? null;
  if (!answerSecondsAreValid(seconds, answers.length, totalTime)) {
    return refuse("BAD_ANSWER_TIMES");
  }
  const opened = await source.open(db, userId, submission);
  if ("ok" in opened) return opened;
  const { revisions } = opened;
  // An answer of the wrong shape for its question's kind first (ADR 0022): picks for a Đúng/Sai
  // or short-answer question, a response for multiple choice, marks of the wrong length.
  if (!responsesAreValid(revisions, answers) || picksForResponses(revisions, answers)) {
    return refuse("BAD_RESPONSE");
  }
  // A mark the room never asked for is not an answer this attempt could have given.
  const asked = config.askConfidence === true;
  if (!asked && answers.some((a) => a.confidence !== undefined && a.confidence !== null)) {
    return refuse("BAD_RESPONSE");
  }
  if (!picksAreValid(revisions, answers)) return refuse("BAD_PICKS");
  if (!answerOrdersAreValid(revisions, config.shuffleAnswers, answerOrders)) {
    return refuse("BAD_ANSWER_ORDER");
  }

  const picks = new Map(answers.map((a) => [a.questionId, a.selectedAnswerIndexes]));
  const responses = new Map(answers.map((a) => [a.questionId, a.response ?? null]));
  const score = scoreAnswers(revisions, picks, responses);
  const answered = (i: number) =>
    isAnswered(revisions[i]!, answers[i]?.selectedAnswerIndexes, answers[i]?.response);
  const results = score.results.map((r, i) => ({
    questionId: r.questionId,
    selectedAnswerIndexes: [...r.selectedAnswerIndexes],
    rightAnswer: r.rightAnswer,
    ...(r.response === undefined ? {} : { response: r.response }),
    // A mark on a question left unanswered says nothing: it is not kept.
    ...(asked ? { confidence: answered(i) ? (answers[i]?.confidence ?? null) : null } : {}),
  }));
  return {
    opened,
    results,
    numberOfRight: score.numberOfRight,
    numberOfWrong: score.numberOfWrong,
    seconds,
  };
}

/** Stores `submission` once, as `source` reads it; see the steps above. */
export async function storeOnce<S extends CommonSubmission, R extends string>(
  db: Kysely<DB>,
  userId: string,
  submission: S,
  source: AttemptSource<S, R>,
  now: Date,
): Promise<StoreResult<R | CommonRefusal | "UNAUTHENTICATED">> {
  if (!isAttemptId(submission.id)) return refuse("BAD_ATTEMPT_ID");
  // One spelling per UUID, so "ABC…" and "abc…" are the same attempt.
  const id = submission.id.toLowerCase();

  // A first save is the common case, so the stored attempt is looked for only when this save
  // cannot go ahead: refused (a retry whose practice was hidden since still gets its attempt
  // back) or beaten to the insert (step 7).
  const judged = await judgeSubmission(db, userId, submission, source);
  if ("ok" in judged) return (await replayOf(db, userId, id)) ?? judged;
  const { opened, results, seconds } = judged;
  // The answers grade their review cards in the same transaction as the attempt.
  const grades = gradesOfAttempt(results, {
    review: source.review,
    seconds: seconds ?? undefined,
  });
  const attempt = await insertAttempt(
    db,
    {
      id,
      userId,
      practice: opened.practice,
      description: await opened.describe(),
      selection: opened.selection,
      config: submission.config,
      answerOrders: submission.answerOrders,
      results,
      numberOfRight: judged.numberOfRight,
      numberOfWrong: judged.numberOfWrong,
      totalTime: submission.totalTime,
      createdAt: now,
      examMinutes: opened.examMinutes ?? null,
      offline: opened.offline === true,
    },
    (trx) => gradeCards(trx, userId, grades, now),
  ).catch(async (error: unknown) => {
    // The attempt's user_id refused by its foreign key: the session named an account deleted
    // since (it may be seconds old, ADR 0038). Nobody is left to own the attempt; the room keeps
    // it for its student, as when signed out. Any other failure is what it is.
    if (await userExists(db, userId).catch(() => true)) throw error;
    return "no account" as const;
  });
  if (attempt === "no account") return refuse("UNAUTHENTICATED");
  if (attempt) return { ok: true, created: true, attempt };

  // Another save of the same id won the race between our first look and our insert.
  const winner = await replayOf(db, userId, id);
  if (!winner) throw new Error(`attempt ${id} conflicted on insert but cannot be read back`);
  return winner;
}

/** The stored attempt as the result of a repeated save, or null. */
async function replayOf(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<{ ok: true; created: false; attempt: StoredAttempt } | null> {
  // Ids are unique per user only (migration 0006): another user's attempt of the same id is
  // another attempt, never this one's and never in its way.
  const attempt = await findAttempt(db, userId, id);
  return attempt ? { ok: true, created: false, attempt } : null;
}
