import type { Kysely } from "kysely";
import {
  findAnswerCounts,
  listTallyAnswers,
  listUntalliedAttempts,
  lockRollUp,
  markTallied,
  saveAnswerCounts,
  type AnswerCounts,
  type AnswerShare,
} from "#db/answer-shares.ts";
import type { DB } from "#db/schema.ts";

/**
 * "How others answered" (issue 30): after a question's result, each answer shows the share of
 * attempts that picked it ("32% chọn"). The counts are rolled up off the save's path, a batch of
 * attempts at a time (the save writes nothing more, so it is as fast as before), and shown only
 * once a revision has MIN_ANSWERED answers, so that one or two attempts say nothing of anyone.
 * Guests' attempts are not attempts until claimed (services/attempts/guest-attempts.ts).
 */

/** A share is shown from this many answers of the revision up. */
export const MIN_ANSWERED = 10;

/** Attempts counted per transaction: short enough that a save never waits long behind it. */
const BATCH = 50;

/**
 * Counts every attempt not counted yet, a batch per transaction, and returns how many it
 * counted. Safe to run from every instance at once: a lock (PostgreSQL) or the single writer
 * (SQLite) lets one batch run at a time, and a batch marks what it counted in the same
 * transaction, so an attempt is counted exactly once.
 */
export async function rollUpAnswerShares(db: Kysely<DB>): Promise<number> {
  let counted = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      await lockRollUp(trx);
      const attempts = await listUntalliedAttempts(trx, BATCH);
      if (attempts.length === 0) return 0;
      const answers = await listTallyAnswers(trx, attempts);
      const counts = await findAnswerCounts(
        trx,
        answers.map((a) => a.questionId),
      );
      for (const { questionId, selected } of answers) {
        const picks = parsePicks(selected);
        if (picks.length === 0) continue;
        const entry: AnswerCounts = counts.get(questionId) ?? { answered: 0, picks: [] };
        entry.answered += 1;
        for (const idx of picks) {
          while (entry.picks.length <= idx) entry.picks.push(0);
          entry.picks[idx]! += 1;
        }
        counts.set(questionId, entry);
      }
      await saveAnswerCounts(trx, counts);
      await markTallied(trx, attempts);
      return attempts.length;
    });
    counted += done;
    if (done < BATCH) return counted;
  }
}

/** A stored pick list: original idxs, each once; anything else counts as no pick. */
function parsePicks(selected: string): number[] {
  try {
    const value: unknown = JSON.parse(selected);
    if (!Array.isArray(value)) return [];
    const idxs = value.filter((v): v is number => Number.isInteger(v) && v >= 0 && v < 64);
    return [...new Set(idxs)];
  } catch {
    return [];
  }
}

/** The shares of these revisions that have MIN_ANSWERED answers or more. */
export async function answerShares(
  db: Kysely<DB>,
  questionIds: readonly number[],
): Promise<Map<number, AnswerShare>> {
  const counts = await findAnswerCounts(db, questionIds);
  const shares = new Map<number, AnswerShare>();
  for (const [questionId, { answered, picks }] of counts) {
    if (answered < MIN_ANSWERED) continue;
    shares.set(questionId, {
      answered,
      percents: picks.map((n) => Math.round((n / answered) * 100)),
    });
  }
  return shares;
}

/** Questions with their share attached, for a screen that shows results (room, replay). */
export async function withAnswerShares<Q extends { id: number }>(
  db: Kysely<DB>,
  questions: readonly Q[],
): Promise<(Q & { share?: AnswerShare })[]> {
  const shares = await answerShares(
    db,
    questions.map((q) => q.id),
  );
  return questions.map((q) => {
    const share = shares.get(q.id);
    return share ? { ...q, share } : q;
  });
}
