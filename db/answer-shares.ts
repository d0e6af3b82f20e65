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
  /** Of those, attempts that were strong (services/attempts/answer-shares.ts), and right on it. */
  strongAnswered: number;
  strongRight: number;
}

/** The stored counts of these revisions (those with none are absent). */
export async function findAnswerCounts(
  db: Kysely<DB>,
  questionIds: readonly number[],
): Promise<Map<number, AnswerCounts>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("answer_share")
    .select(["question_id", "answered", "picks", "strong_answered", "strong_right"])
    .where("question_id", "in", [...new Set(questionIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.question_id,
      {
        answered: row.answered,
        picks: JSON.parse(row.picks) as number[],
        strongAnswered: row.strong_answered,
        strongRight: row.strong_right,
      },
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
        strong_answered: c.strongAnswered,
        strong_right: c.strongRight,
      })),
    )
    .onConflict((oc) =>
      oc.column("question_id").doUpdateSet((eb) => ({
        answered: eb.ref("excluded.answered"),
        picks: eb.ref("excluded.picks"),
        strong_answered: eb.ref("excluded.strong_answered"),
        strong_right: eb.ref("excluded.strong_right"),
      })),
    )
    .execute();
}

export interface UntalliedAttempt {
  userId: string;
  id: string;
  numberOfRight: number;
  questionCount: number;
}

/** The oldest `limit` attempts not counted yet. */
export async function listUntalliedAttempts(
  db: Kysely<DB>,
  limit: number,
): Promise<UntalliedAttempt[]> {
  const rows = await db
    .selectFrom("attempt")
    .select(["user_id", "id", "number_of_right", "question_count"])
    .where("tallied", "=", 0)
    .orderBy("created_at")
    .orderBy("user_id")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    id: row.id,
    numberOfRight: row.number_of_right,
    questionCount: row.question_count,
  }));
}

/**
 * The multiple-choice answers of these attempts: whose, the revision, the picks (JSON idxs) and
 * whether they were right.
 */
export async function listTallyAnswers(
  db: Kysely<DB>,
  attempts: readonly Pick<UntalliedAttempt, "userId" | "id">[],
): Promise<
  { userId: string; attemptId: string; questionId: number; selected: string; right: boolean }[]
> {
  if (attempts.length === 0) return [];
  const rows = await db
    .selectFrom("attempt_answer")
    .select(["user_id", "attempt_id", "question_id", "selected", "right_answer"])
    .where((eb) =>
      eb.or(
        attempts.map((a) => eb.and([eb("user_id", "=", a.userId), eb("attempt_id", "=", a.id)])),
      ),
    )
    // A Đúng/Sai question or a short answer keeps its response, not picks of answers.
    .where("response", "is", null)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    attemptId: row.attempt_id,
    questionId: row.question_id,
    selected: row.selected,
    right: row.right_answer === 1,
  }));
}

/** Marks these attempts counted. */
export async function markTallied(
  db: Kysely<DB>,
  attempts: readonly Pick<UntalliedAttempt, "userId" | "id">[],
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

/** A question whose key most strong attempts miss (services/attempts/answer-shares.ts). */
export interface SuspectKeyRow {
  practiceCode: string;
  practiceTitle: string;
  /** Null: a practice of the catalogue. */
  ownerId: string | null;
  questionId: number;
  /** 0-based position in the practice. */
  idx: number;
  /** The question as written (the bank's markup). */
  text: string;
  strongAnswered: number;
  strongRight: number;
}

/**
 * Live questions with at least `minAnswered` strong answers of which fewer than half were right:
 * of every practice (operators), or of one owner's own practices. Worst first.
 */
export async function listSuspectKeys(
  db: Kysely<DB>,
  options: { minAnswered: number; ownerId?: string; limit: number },
): Promise<SuspectKeyRow[]> {
  let query = db
    .selectFrom("answer_share")
    .innerJoin("question", "question.id", "answer_share.question_id")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select([
      "practice.code",
      "practice.title",
      "own_practice.owner_id",
      "question.id",
      "question.idx",
      "question.text",
      "answer_share.strong_answered",
      "answer_share.strong_right",
    ])
    .where("question.retired", "=", 0)
    .where("answer_share.strong_answered", ">=", options.minAnswered)
    .where((eb) =>
      eb(eb("answer_share.strong_right", "*", 2), "<", eb.ref("answer_share.strong_answered")),
    );
  if (options.ownerId !== undefined) {
    const ownerId = options.ownerId;
    query = query.where("practice.id", "in", (eb) =>
      eb
        .selectFrom("own_practice")
        .select("own_practice.practice_id")
        .where("own_practice.owner_id", "=", ownerId)
        .where("own_practice.deleted_at", "is", null),
    );
  }
  const rows = await query
    .orderBy(sql`cast(answer_share.strong_right as real) / answer_share.strong_answered`)
    .orderBy("practice.code")
    .orderBy("question.idx")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    practiceCode: row.code,
    practiceTitle: row.title,
    ownerId: row.owner_id,
    questionId: row.id,
    idx: row.idx,
    text: row.text,
    strongAnswered: row.strong_answered,
    strongRight: row.strong_right,
  }));
}
