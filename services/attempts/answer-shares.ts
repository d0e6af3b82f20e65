import type { Kysely } from "kysely";
import {
  findAnswerCounts,
  listTallyAnswers,
  listUntalliedAttempts,
  lockRollUp,
  markTallied,
  saveAnswerCounts,
  type AnswerCounts,
  listSuspectKeys,
  type AnswerShare,
} from "#db/answer-shares.ts";
import { isOperator } from "#db/own-practices.ts";
import { plainText } from "#content/plain-text.ts";
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

/**
 * A strong attempt: at least this share right, of at least STRONG_MIN_QUESTIONS questions. A key
 * that most strong attempts miss may be wrong (suspectKeys).
 */
const STRONG_SHARE = 0.8;
const STRONG_MIN_QUESTIONS = 5;

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
      const strong = new Set(
        attempts
          .filter(
            (a) =>
              a.questionCount >= STRONG_MIN_QUESTIONS &&
              a.numberOfRight >= STRONG_SHARE * a.questionCount,
          )
          .map((a) => `${a.userId}\n${a.id}`),
      );
      for (const { userId, attemptId, questionId, selected, right } of answers) {
        const picks = parsePicks(selected);
        if (picks.length === 0) continue;
        const entry: AnswerCounts = counts.get(questionId) ?? {
          answered: 0,
          picks: [],
          strongAnswered: 0,
          strongRight: 0,
        };
        entry.answered += 1;
        if (strong.has(`${userId}\n${attemptId}`)) {
          entry.strongAnswered += 1;
          if (right) entry.strongRight += 1;
        }
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

/** A key is suspect from this many strong answers up, fewer than half of them right. */
export const SUSPECT_MIN_STRONG = 10;
/** At most this many suspect keys are listed at once. */
const SUSPECT_LIST = 100;

export interface SuspectKey {
  practiceCode: string;
  practiceTitle: string;
  /** 1-based, as the practice numbers it. */
  number: number;
  /** The question in plain text, shortened. */
  excerpt: string;
  strongAnswered: number;
  strongRight: number;
  /**
   * The question to open on its fix page (/question-reports/:id, ADR 0032) when this viewer fixes
   * it: the owner their own practice's, an operator the catalogue's; else null.
   */
  fixId: number | null;
}

/**
 * "Đáp án đáng ngờ": questions whose key most strong attempts miss (80% or more right overall,
 * SUSPECT_MIN_STRONG of them or more, fewer than half right on this one). An operator sees those
 * of every practice (unless `ownOnly`: "Đề của tôi" lists one's own); anyone else, those of
 * their own practices only.
 */
export async function suspectKeys(
  db: Kysely<DB>,
  userId: string,
  { ownOnly = false }: { ownOnly?: boolean } = {},
): Promise<SuspectKey[]> {
  const operator = !ownOnly && (await isOperator(db, userId));
  const rows = await listSuspectKeys(db, {
    minAnswered: SUSPECT_MIN_STRONG,
    limit: SUSPECT_LIST,
    ...(operator ? {} : { ownerId: userId }),
  });
  return rows.map((row) => {
    const text = plainText(row.text).replace(/\s+/g, " ").trim();
    return {
      practiceCode: row.practiceCode,
      practiceTitle: row.practiceTitle,
      number: row.idx + 1,
      excerpt: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      strongAnswered: row.strongAnswered,
      strongRight: row.strongRight,
      fixId: (row.ownerId === null ? operator : row.ownerId === userId) ? row.questionId : null,
    };
  });
}
