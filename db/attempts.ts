import type { Kysely } from "kysely";
import { isAttemptId } from "#engine/submission.ts";
import { writeInBatch } from "./batched-writes.ts";
import { insertRows } from "./bulk-insert.ts";
import {
  answerRows,
  attemptRow,
  summaryColumns,
  toStoredAttempt,
  toSummary,
  type AttemptSummary,
  type NewAttempt,
  type StoredAttempt,
} from "./attempt-rows.ts";
import type { DB } from "./schema.ts";

export type { AttemptSummary, NewAttempt, StoredAttempt } from "./attempt-rows.ts";

/**
 * Saved practice attempts: writing one that the server has checked and scored
 * (server/attempts.ts), and reading them back for the history.
 */

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ANSWER_ROWS_PER_INSERT = 500;

const ANSWER_COLUMNS = [
  "user_id",
  "attempt_id",
  "position",
  "question_id",
  "selected",
  "right_answer",
  "response",
  "confidence",
] as const;

/**
 * Writes the attempt, its answers, what `alsoWrite` writes (the user's review cards) and the
 * practice's counter in one transaction, and returns
 * it as stored; null (and nothing written) when this user's attempt of that id is already
 * stored. `on conflict do nothing` rather than a prior select makes concurrent saves of one id
 * safe on both dialects: PostgreSQL makes the second insert wait for the first transaction and
 * then skip, SQLite runs transactions one at a time. On SQLite the transaction is shared with
 * the other saves waiting for it (batched-writes.ts), each in a savepoint of its own.
 */
export async function insertAttempt(
  db: Kysely<DB>,
  attempt: NewAttempt,
  alsoWrite: (trx: Kysely<DB>) => Promise<void> = async () => {},
): Promise<StoredAttempt | null> {
  const row = attemptRow(attempt);
  const answers = answerRows(attempt);
  const inserted = await writeInBatch(db, async (trx) => {
    const done = await trx
      .insertInto("attempt")
      .values(row)
      .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!done) return false;
    for (let i = 0; i < answers.length; i += ANSWER_ROWS_PER_INSERT) {
      const rows = answers.slice(i, i + ANSWER_ROWS_PER_INSERT);
      await insertRows(trx, "attempt_answer", ANSWER_COLUMNS, rows);
    }
    await alsoWrite(trx);
    // A review of mistakes has no practice, so no counter to raise.
    if (row.practice_id === null) return true;
    // Last, so the practice row (the one every save of this practice touches) stays locked for
    // the shortest time; an SQL increment, so concurrent saves never lose a count.
    await trx
      .updateTable("practice")
      .set((eb) => ({ attempt_count: eb("attempt_count", "+", 1) }))
      .where("id", "=", row.practice_id)
      .execute();
    return true;
  });
  return inserted ? toStoredAttempt(row, answers) : null;
}

/** One of the user's attempts with its answers in the order shown; null when absent or not theirs. */
export async function findAttempt(
  db: Kysely<DB>,
  userId: string,
  attemptId: string,
): Promise<StoredAttempt | null> {
  if (!isAttemptId(attemptId)) return null;
  const row = await db
    .selectFrom("attempt")
    .select([...summaryColumns, "attempt.answer_orders"])
    .where("attempt.id", "=", attemptId.toLowerCase())
    .where("attempt.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const answers = await db
    .selectFrom("attempt_answer")
    .select(["position", "question_id", "selected", "right_answer", "response", "confidence"])
    .where("user_id", "=", userId)
    .where("attempt_id", "=", row.id)
    .orderBy("position")
    .execute();
  return toStoredAttempt(row, answers);
}

/** At most this many attempts per list, whatever the caller asks. */
const MAX_LIST = 200;

/**
 * The user's latest `limit` attempts on a practice, newest first, without their answers.
 * Hidden practices included: an attempt stays the user's even if the practice is withdrawn.
 */
export async function listAttemptsOfPractice(
  db: Kysely<DB>,
  userId: string,
  practice: string | number,
  limit: number,
): Promise<AttemptSummary[]> {
  if (!Number.isInteger(limit) || limit <= 0) return [];
  const filter =
    typeof practice === "number" ? { practiceId: practice } : { practiceCode: practice };
  return (await listHistoryPage(db, userId, { ...filter, limit })).attempts;
}

/** Where a page of the history starts: after the attempt with this time and id (keyset paging). */
export interface HistoryCursor {
  createdAt: string;
  id: string;
}

export interface HistoryFilter {
  subjectCode?: string;
  practiceCode?: string;
  /** A practice by its row id (an own practice opened by a share link has no usable code). */
  practiceId?: number;
}

/**
 * One page of the user's history, newest first, filtered by subject or practice, starting after
 * `before`. Keyset paging on (created_at, id) with the index of migration 0009: as fast on the
 * hundredth page of thousands of attempts as on the first. `more` tells whether older ones exist.
 */
export async function listHistoryPage(
  db: Kysely<DB>,
  userId: string,
  options: HistoryFilter & { before?: HistoryCursor | null; limit: number },
): Promise<{ attempts: AttemptSummary[]; more: boolean }> {
  const count = Math.min(Math.max(Math.trunc(options.limit), 1), MAX_LIST);
  let query = db.selectFrom("attempt").select(summaryColumns).where("attempt.user_id", "=", userId);
  const { subjectCode, practiceCode, practiceId, before } = options;
  if (practiceId !== undefined) query = query.where("attempt.practice_id", "=", practiceId);
  if (practiceCode) {
    query = query.where("attempt.practice_id", "in", (eb) =>
      eb.selectFrom("practice").select("practice.id").where("practice.code", "=", practiceCode),
    );
  }
  if (subjectCode) {
    query = query.where("attempt.practice_id", "in", (eb) =>
      eb
        .selectFrom("practice")
        .innerJoin("subject", "subject.id", "practice.subject_id")
        .select("practice.id")
        .where("subject.code", "=", subjectCode),
    );
  }
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("attempt.created_at", "<", before.createdAt),
        eb.and([eb("attempt.created_at", "=", before.createdAt), eb("attempt.id", "<", before.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("attempt.created_at", "desc")
    .orderBy("attempt.id", "desc")
    // Same-millisecond saves tie on created_at; the id keeps their order stable.
    .limit(count + 1)
    .execute();
  return { attempts: rows.slice(0, count).map(toSummary), more: rows.length > count };
}

/** The practices (with their subjects) the user has attempts on, for the history's filters. */
export async function listPracticedPractices(
  db: Kysely<DB>,
  userId: string,
): Promise<{ code: string; title: string; subjectCode: string; subjectName: string }[]> {
  const rows = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select(["practice.code", "practice.title", "subject.code as subject_code", "subject.name"])
    .where("practice.id", "in", (eb) =>
      eb.selectFrom("attempt").select("attempt.practice_id").where("attempt.user_id", "=", userId),
    )
    .orderBy("subject.name")
    .orderBy("practice.title")
    .execute();
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    subjectCode: r.subject_code,
    subjectName: r.name,
  }));
}
