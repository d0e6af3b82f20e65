import { sql, type Kysely } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import { insertRows } from "./bulk-insert.ts";
import { prepared } from "./prepared.ts";
import { GRADUATION_DAYS, type ReviewCardState } from "#engine/review.ts";
import type { QuestionKind } from "#engine/types.ts";
import type { DB, ReviewCardTable, StoredAnswer } from "./schema.ts";

/**
 * The users' FSRS review cards (migration 0008): reads and writes only. What a card becomes is
 * the engine's (engine/review.ts), when a card follows a new revision is the services'
 * (services/review/catch-up.ts).
 */

export interface StoredReviewCard extends ReviewCardState {
  questionId: number;
}

/** What a review changes in a card. */
const CHANGING_COLUMNS = [
  "due",
  "stability",
  "difficulty",
  "scheduled_days",
  "learning_steps",
  "reps",
  "lapses",
  "state",
  "last_review",
] as const;
const STATE_COLUMNS = ["question_id", ...CHANGING_COLUMNS] as const;

type CardRow = Pick<ReviewCardTable, (typeof STATE_COLUMNS)[number]>;

function toCard(row: CardRow): StoredReviewCard {
  return {
    questionId: row.question_id,
    due: new Date(row.due),
    // PostgreSQL's driver may hand doubles back as they are; SQLite as numbers: one type here.
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    scheduledDays: row.scheduled_days,
    learningSteps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.last_review ? new Date(row.last_review) : null,
  };
}

function toRow(userId: string, card: StoredReviewCard): ReviewCardTable {
  return {
    user_id: userId,
    question_id: card.questionId,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview ? card.lastReview.toISOString() : null,
  };
}

/**
 * Some of a student's cards (issue 30): those of one subject's practices ("Ôn môn này", an exam
 * day of the subject), or of one practice (an exam day of an own practice, "Ôn đề này").
 */
export type CardScope = { subjectId: number } | { practiceId: number };

/**
 * The user's cards in `scope` planned after `dueAfter` (an exam's eve, issue 30), any state, in
 * no particular order.
 */
export async function findCardsDueAfter(
  db: Kysely<DB>,
  userId: string,
  scope: CardScope,
  dueAfter: Date,
): Promise<StoredReviewCard[]> {
  const rows = await db
    .selectFrom("review_card")
    .innerJoin("question", "question.id", "review_card.question_id")
    .select(STATE_COLUMNS.map((c) => `review_card.${c}` as const))
    .where("review_card.user_id", "=", userId)
    .where("review_card.due", ">", dueAfter.toISOString())
    .where("question.practice_id", "in", practicesIn(db, scope))
    .execute();
  return rows.map(toCard);
}

/** The practices of `scope`, as a subquery to match a question's practice against. */
function practicesIn(db: Kysely<DB>, scope: CardScope) {
  const practices = db.selectFrom("practice").select("practice.id");
  return "practiceId" in scope
    ? practices.where("practice.id", "=", scope.practiceId)
    : practices.where("practice.subject_id", "=", scope.subjectId);
}

/** The user's cards on these revisions (any state), in no particular order. */
export async function findCards(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
): Promise<StoredReviewCard[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .selectFrom("review_card")
    .select(STATE_COLUMNS)
    .where("user_id", "=", userId)
    .where("question_id", "in", [...questionIds])
    .execute();
  return rows.map(toCard);
}

/** The first key of the two-key advisory locks on a user's cards (the second: the user). */
const CARDS_LOCK = 1_652_473;

/**
 * Inside a save's transaction: the user's cards are this transaction's until it ends. Two saves
 * of one student at once on PostgreSQL would otherwise both grade the cards as they were before
 * either, and one review would be lost. One lock per user (not row locks, which two saves
 * taking overlapping cards in different orders turned into deadlocks); other students never
 * wait. SQLite's write transactions (BEGIN IMMEDIATE) already run one at a time.
 */
export async function lockCardsOf(db: Kysely<DB>, userId: string): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${CARDS_LOCK}, hashtext(${userId}))`.execute(db);
}

/** Writes cards as they are now (insert or replace by user and question). */
export async function saveCards(
  db: Kysely<DB>,
  userId: string,
  cards: readonly StoredReviewCard[],
): Promise<void> {
  if (cards.length === 0) return;
  await insertRows(
    db,
    "review_card",
    ["user_id", ...STATE_COLUMNS],
    cards.map((card) => toRow(userId, card)),
    { keys: ["user_id", "question_id"], update: CHANGING_COLUMNS },
  );
}

/** The practices the user has cards on (any state), each once. */
export async function listCardPracticeIds(db: Kysely<DB>, userId: string): Promise<number[]> {
  const rows = await cardPracticeIds.execute(db, { userId });
  return rows.map((row) => row.practice_id);
}

const cardPracticeIds = prepared((db, p: { userId: string }) =>
  db
    .selectFrom("review_card")
    .innerJoin("question", "question.id", "review_card.question_id")
    .select("question.practice_id")
    .distinct()
    .where("review_card.user_id", "=", p.userId),
);

/**
 * Practices whose cards are left out of every read below (suspended: the user may no longer
 * open them, services/review/suspended.ts). Usually empty, and then the queries are as before.
 */
export type SuspendedPractices = readonly number[];

/** At most this many due cards are read to pick a review from (the lowest retrievability). */
const MAX_DUE_READ = 2_000;

/**
 * The user's cards due before `dueBefore` that have not graduated and are on a live revision,
 * earliest due first. With `learningDueBefore`, a card still in its learning steps (FSRS state
 * other than review: minutes apart, not days) must also be due before that earlier time.
 */
export async function listDueCards(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
  dueBefore: Date,
  learningDueBefore?: Date,
  scope?: CardScope,
): Promise<StoredReviewCard[]> {
  const rows = await dueQuery(db, userId, suspended, dueBefore, learningDueBefore, undefined, scope)
    .select(STATE_COLUMNS.map((c) => `review_card.${c}` as const))
    .orderBy("review_card.due")
    .limit(MAX_DUE_READ)
    .execute();
  return rows.map(toCard);
}

/** How many cards `listDueCards` would find (uncapped). */
export async function countDueCards(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
  dueBefore: Date,
  learningDueBefore?: Date,
  scope?: CardScope,
): Promise<number> {
  // Home's count, on every visit: usually nothing suspended and every subject, always the same
  // query, built once.
  const row =
    suspended.length === 0 && scope === undefined && learningDueBefore
      ? (
          await dueEverywhere.execute(db, {
            userId,
            dueBefore: dueBefore.toISOString(),
            learningBound: learningDueBefore.toISOString(),
          })
        )[0]!
      : await dueQuery(db, userId, suspended, dueBefore, learningDueBefore, undefined, scope)
          .select(countAll)
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many of the user's cards on these revisions are due by the same rule as `countDueCards`,
 * retired or not: cards about to follow their question to a live revision (their schedule goes
 * with them), counted before they move (services/review/catch-up.ts, ADR 0018).
 */
export async function countDueCardsOn(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
  dueBefore: Date,
  learningDueBefore?: Date,
  scope?: CardScope,
): Promise<number> {
  if (questionIds.length === 0) return 0;
  const row = await dueQuery(db, userId, [], dueBefore, learningDueBefore, questionIds, scope)
    .select(countAll)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** ts-fsrs's State.Review: a card scheduled in days; the others step through minutes. */
const REVIEW_STATE = 2;

/** A date as the cards store it; a prepared query's stand-in passes through as it is. */
const stored = (date: Date | string) => (typeof date === "string" ? date : date.toISOString());

function dueQuery(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
  dueBefore: Date | string,
  learningDueBefore: Date | string | undefined,
  onRevisions?: readonly number[],
  /** Only the cards of this subject's or practice's ("Ôn môn này", "Ôn đề này", issue 30). */
  scope?: CardScope,
) {
  let query = db
    .selectFrom("review_card")
    .innerJoin("question", "question.id", "review_card.question_id")
    .where("review_card.user_id", "=", userId)
    .where("review_card.due", "<", stored(dueBefore))
    .where("review_card.stability", "<=", GRADUATION_DAYS);
  // Without named revisions, only cards on live ones: a retired revision's card waits for the
  // catch-up to move or drop it.
  query = onRevisions
    ? query.where("review_card.question_id", "in", [...onRevisions])
    : query.where("question.retired", "=", 0);
  if (suspended.length > 0) query = query.where("question.practice_id", "not in", [...suspended]);
  if (scope !== undefined)
    query = query.where("question.practice_id", "in", practicesIn(db, scope));
  if (learningDueBefore) {
    const learningBound = stored(learningDueBefore);
    query = query.where((eb) =>
      eb.or([
        eb("review_card.state", "=", REVIEW_STATE),
        eb("review_card.due", "<", learningBound),
      ]),
    );
  }
  return query;
}

/** What a count of due cards selects: Kysely's `countAll`, as one expression for every query. */
const countAll = sql<number | string | bigint>`count(*)`.as("n");

/** `countDueCards` with nothing suspended, every subject, and a learning bound. */
const dueEverywhere = prepared(
  (db, p: { userId: string; dueBefore: string; learningBound: string }) =>
    dueQuery(db, p.userId, [], p.dueBefore, p.learningBound).select(countAll),
);

/** A card on a retired revision, with that revision and its successor (if any) to compare. */
/** A revision as the catch-up compares it; a short answer's accepted answers carry `value`. */
interface ComparedRevision {
  answers: (StoredAnswer & { value?: string })[];
  anyKey: boolean;
  kind: QuestionKind;
}

export interface StaleCard extends ComparedRevision {
  questionId: number;
  practiceId: number;
  next: ({ id: number } & ComparedRevision) | null;
}

/** What sameKeys reads of a stored revision (engine/review.ts): a short answer's values too. */
function compared(answers: string, anyKey: number, kind: QuestionKind): ComparedRevision {
  const stored = JSON.parse(answers) as StoredAnswer[];
  return {
    answers: kind === "short_answer" ? stored.map((a) => ({ ...a, value: a.text })) : stored,
    anyKey: anyKey === 1,
    kind,
  };
}

/** The user's cards on retired revisions, each with the revision it would follow to, if any. */
function staleCardsQuery(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("review_card")
    .innerJoin("question as old", "old.id", "review_card.question_id")
    .leftJoin("question as next", (join) =>
      join
        .onRef("next.practice_id", "=", "old.practice_id")
        .on("next.retired", "=", 0)
        .onRef("next.revision", ">", "old.revision")
        .on((eb) =>
          eb.or([
            eb("next.external_id", "=", eb.ref("old.external_id")),
            eb.and([eb("old.external_id", "is", null), eb("next.idx", "=", eb.ref("old.idx"))]),
          ]),
        ),
    )
    .select([
      "old.id as old_id",
      "old.practice_id as old_practice_id",
      "old.answers as old_answers",
      "old.any_key as old_any_key",
      "old.kind as old_kind",
    ])
    .select([
      "next.id as next_id",
      "next.answers as next_answers",
      "next.any_key as next_any_key",
      "next.kind as next_kind",
    ])
    .where("review_card.user_id", "=", userId)
    .where("old.retired", "=", 1);
}

const staleCards = prepared((db, p: { userId: string }) => staleCardsQuery(db, p.userId));

/**
 * The user's cards whose revision was retired. The successor is the live revision of the same
 * question: the same practice and explicit id, or (no explicit id) the same position, with a
 * later revision number, as the importer makes them (content/import-bank.ts).
 */
export async function listStaleCards(
  db: Kysely<DB>,
  userId: string,
  suspended: SuspendedPractices,
): Promise<StaleCard[]> {
  // Usually none is suspended: then the query is always the same one, built once.
  const rows =
    suspended.length === 0
      ? await staleCards.execute(db, { userId })
      : await staleCardsQuery(db, userId)
          .where("old.practice_id", "not in", [...suspended])
          .execute();
  return rows.map((row) => ({
    questionId: row.old_id,
    practiceId: row.old_practice_id,
    ...compared(row.old_answers, row.old_any_key, row.old_kind),
    next:
      row.next_id !== null && row.next_answers !== null
        ? {
            id: row.next_id,
            ...compared(row.next_answers, row.next_any_key ?? 0, row.next_kind ?? "choice"),
          }
        : null,
  }));
}

/**
 * Moves a card to another revision, or drops it when the user already has a card there (the
 * newer one, made by answering the new revision, is the truer history). Run it inside the
 * transaction that holds `lockCardsOf`, so no save adds a card there between the two steps.
 */
export async function moveCard(
  db: Kysely<DB>,
  userId: string,
  fromQuestionId: number,
  toQuestionId: number,
): Promise<void> {
  const taken = await db
    .selectFrom("review_card")
    .select("question_id")
    .where("user_id", "=", userId)
    .where("question_id", "=", toQuestionId)
    .executeTakeFirst();
  if (taken) {
    await dropCards(db, userId, [fromQuestionId]);
    return;
  }
  await db
    .updateTable("review_card")
    .set({ question_id: toQuestionId })
    .where("user_id", "=", userId)
    .where("question_id", "=", fromQuestionId)
    .execute();
}

/** Deletes the user's cards on these revisions. */
export async function dropCards(
  db: Kysely<DB>,
  userId: string,
  questionIds: readonly number[],
): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .deleteFrom("review_card")
    .where("user_id", "=", userId)
    .where("question_id", "in", [...questionIds])
    .execute();
}
