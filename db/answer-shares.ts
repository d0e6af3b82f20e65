import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import type { DB } from "./schema.ts";

/**
 * "How others answered" (issue 30, migration 0020): the counts of each question revision's
 * answers, and the attempts not counted yet. Reads and writes only; the roll-up that joins them
 * is services/attempts/answer-shares.ts.
 */

/** What a question carries to the screens: the share of each answer by original idx, 0–100. */
export interface AnswerShare {
  answered: number;
  /** Whole percents of `answered`, by original idx; an idx past the end was never picked (0%). */
  percents: number[];
}

export interface AnswerCounts {
  /** Attempts that picked at least one answer of the revision. */
  answered: number;
  /** Picks of each answer, by original idx. */
  picks: number[];
}

/** The stored counts of these revisions (those with none are absent). */
export async function findAnswerCounts(
  db: Kysely<DB>,
  questionIds: readonly number[],
): Promise<Map<number, AnswerCounts>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("answer_share")
    .select(["question_id", "answered", "picks"])
    .where("question_id", "in", [...new Set(questionIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.question_id,
      { answered: row.answered, picks: JSON.parse(row.picks) as number[] },
    ]),
  );
}

/** Writes counts as they are now (insert or replace by revision). */
export async function saveAnswerCounts(
  db: Kysely<DB>,
  counts: ReadonlyMap<number, AnswerCounts>,
): Promise<void> {
  if (counts.size === 0) return;
  await db
    .insertInto("answer_share")
    .values(
      [...counts].map(([questionId, c]) => ({
        question_id: questionId,
        answered: c.answered,
        picks: JSON.stringify(c.picks),
      })),
    )
    .onConflict((oc) =>
      oc.column("question_id").doUpdateSet((eb) => ({
        answered: eb.ref("excluded.answered"),
        picks: eb.ref("excluded.picks"),
      })),
    )
    .execute();
}

export interface UntalliedAttempt {
  userId: string;
  id: string;
}

/** The oldest `limit` attempts not counted yet. */
export async function listUntalliedAttempts(
  db: Kysely<DB>,
  limit: number,
): Promise<UntalliedAttempt[]> {
  const rows = await db
    .selectFrom("attempt")
    .select(["user_id", "id"])
    .where("tallied", "=", 0)
    .orderBy("created_at")
    .orderBy("user_id")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, id: row.id }));
}

/** The multiple-choice answers of these attempts: the revision and the picks (JSON idxs). */
export async function listTallyAnswers(
  db: Kysely<DB>,
  attempts: readonly UntalliedAttempt[],
): Promise<{ questionId: number; selected: string }[]> {
  if (attempts.length === 0) return [];
  const rows = await db
    .selectFrom("attempt_answer")
    .select(["question_id", "selected"])
    .where((eb) =>
      eb.or(
        attempts.map((a) => eb.and([eb("user_id", "=", a.userId), eb("attempt_id", "=", a.id)])),
      ),
    )
    // A Đúng/Sai question or a short answer keeps its response, not picks of answers.
    .where("response", "is", null)
    .execute();
  return rows.map((row) => ({ questionId: row.question_id, selected: row.selected }));
}

/** Marks these attempts counted. */
export async function markTallied(
  db: Kysely<DB>,
  attempts: readonly UntalliedAttempt[],
): Promise<void> {
  if (attempts.length === 0) return;
  await db
    .updateTable("attempt")
    .set({ tallied: 1 })
    .where((eb) =>
      eb.or(attempts.map((a) => eb.and([eb("user_id", "=", a.userId), eb("id", "=", a.id)]))),
    )
    .execute();
}

/** The first key of the roll-up's advisory lock (PostgreSQL): one roll-up at a time. */
const ROLL_UP_LOCK = 1_652_474;

/**
 * Inside the roll-up's transaction: no other instance rolls up until it ends, so no attempt is
 * counted twice. SQLite's write transactions (BEGIN IMMEDIATE) already run one at a time.
 */
export async function lockRollUp(db: Kysely<DB>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${ROLL_UP_LOCK}, 0)`.execute(db);
}
