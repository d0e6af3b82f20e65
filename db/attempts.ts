import type { Kysely, Selectable } from "kysely";
import { selectionLabel } from "#app/utils/selection-label.ts";
import { keyCount, scoreAnswers } from "#engine/scoring.ts";
import type { EngineQuestion } from "#engine/types.ts";
import type { QuestionSelection } from "./catalogue.ts";
import type { AttemptAnswerTable, AttemptTable, DB, StoredAnswer } from "./schema.ts";

/**
 * Saved practice attempts. The browser sends what was shown and picked; the server never
 * trusts it: it checks every question against the practice and the selection, checks the
 * picks and answer orders against the stored revisions, and recomputes right/wrong with the
 * engine's one scoring rule from the stored keys.
 */

export interface AttemptSubmission {
  /** Made by the browser before the first save: a retried save is recognised by it. */
  id: string;
  practiceCode: string;
  selection: QuestionSelection;
  config: {
    practiceType: "SEQUENCE" | "FLAT";
    maxQuestionTime: number | "OFF";
    maxResultTime: number | "OFF";
    showQuestionKeyAfterQuestionEnd: boolean;
    showNotification: boolean;
    shuffleQuestions: boolean;
    shuffleAnswers: boolean;
    seed: number;
  };
  /** One per question, in the order shown: the revision id and the picked ORIGINAL answer idxs. */
  answers: { questionId: number; selectedAnswerIndexes: number[] }[];
  /** Per shown question, its original answer idxs in display order; required iff config.shuffleAnswers, else null. */
  answerOrders: number[][] | null;
  /** Whole seconds, at most MAX_TOTAL_TIME. */
  totalTime: number;
}

export type AttemptRefusal =
  | "PRACTICE_NOT_FOUND"
  | "BAD_ATTEMPT_ID"
  | "QUESTIONS_MISMATCH"
  | "BAD_PICKS"
  | "BAD_ANSWER_ORDER"
  | "BAD_TOTAL_TIME";

export interface StoredAttempt {
  id: string;
  practiceCode: string;
  practiceTitle: string;
  description: string;
  type: QuestionSelection["type"];
  chapterIdx: number | null;
  questionRange: { startAt: number; endAt: number } | null;
  config: AttemptSubmission["config"];
  numberOfRight: number;
  numberOfWrong: number;
  totalTime: number;
  /** In the order shown. */
  results: {
    questionId: number;
    answerSelection: { selectedAnswerIndexes: number[]; rightAnswer: boolean };
  }[];
  /** The spec's name for the answer orders: per shown question, original idxs in display order. */
  sufferIndexes: number[][] | null;
  contentVersion: number;
  createdAt: string;
}

export type AttemptSummary = Omit<StoredAttempt, "results" | "sufferIndexes">;

export type SaveAttemptResult =
  { ok: true; created: boolean; attempt: StoredAttempt } | { ok: false; refusal: AttemptRefusal };

/** Any UUID version: the browser's crypto.randomUUID() gives v4, but nothing depends on it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A week: no real sitting lasts longer, and the column stays far from integer overflow. */
export const MAX_TOTAL_TIME = 7 * 24 * 60 * 60;

/** Rows per insert statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const ANSWER_ROWS_PER_INSERT = 500;

type Refused = { ok: false; refusal: AttemptRefusal };
const refuse = (refusal: AttemptRefusal): Refused => ({ ok: false, refusal });

/**
 * Stores an attempt once. A save of an id this user already stored returns the stored attempt
 * unchanged (`created: false`), so a client may retry freely; an id stored by someone else is
 * refused. Everything else is checked and recomputed before one transaction writes the attempt,
 * its answers and the practice's counter.
 */
export async function saveAttempt(
  db: Kysely<DB>,
  userId: string,
  submission: AttemptSubmission,
  now: Date = new Date(),
): Promise<SaveAttemptResult> {
  if (typeof submission.id !== "string" || !UUID.test(submission.id)) {
    return refuse("BAD_ATTEMPT_ID");
  }
  // One spelling per UUID, so "ABC…" and "abc…" are the same attempt.
  const id = submission.id.toLowerCase();
  const earlier = await replayOf(db, userId, id);
  if (earlier) return earlier;

  const checked = await checkSubmission(db, submission);
  if (!checked.ok) return checked;

  const row = attemptRow(id, userId, submission, checked.value, now);
  const answers = answerRows(userId, id, checked.value.results);
  const created = await insertOnce(db, row, answers);
  if (created) return { ok: true, created: true, attempt: toStoredAttempt(row, answers) };

  // Another save of the same id won the race between our first look and our insert.
  const winner = await replayOf(db, userId, id);
  if (!winner) throw new Error(`attempt ${id} conflicted on insert but cannot be read back`);
  return winner;
}

/** The stored attempt as the result of a repeated save, a refusal if it is someone else's, or null. */
async function replayOf(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<SaveAttemptResult | null> {
  // Ids are unique per user only (migration 0006): another user's attempt of the same id is
  // another attempt, never this one's and never in its way.
  const attempt = await findAttempt(db, userId, id);
  return attempt ? { ok: true, created: false, attempt } : null;
}

/**
 * Writes the attempt, its answers and the counter in one transaction; false (and nothing
 * written) when the id is already stored. `on conflict do nothing` rather than a prior
 * select makes concurrent saves of one id safe on both dialects: PostgreSQL makes the second
 * insert wait for the first transaction and then skip, SQLite runs transactions one at a time.
 */
async function insertOnce(
  db: Kysely<DB>,
  row: Selectable<AttemptTable>,
  answers: AttemptAnswerTable[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("attempt")
      .values(row)
      .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    for (let i = 0; i < answers.length; i += ANSWER_ROWS_PER_INSERT) {
      await trx
        .insertInto("attempt_answer")
        .values(answers.slice(i, i + ANSWER_ROWS_PER_INSERT))
        .execute();
    }
    // Last, so the practice row (the one every save of this practice touches) stays locked for
    // the shortest time; an SQL increment, so concurrent saves never lose a count.
    await trx
      .updateTable("practice")
      .set((eb) => ({ attempt_count: eb("attempt_count", "+", 1) }))
      .where("id", "=", row.practice_id)
      .execute();
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Checking a submission

interface PracticeRow {
  id: number;
  code: string;
  title: string;
  question_count: number;
  content_version: number;
}

interface Revision {
  id: number;
  practice_id: number;
  idx: number;
  chapter_idx: number | null;
  answers: StoredAnswer[];
  anyKey: boolean;
}

interface CheckedAttempt {
  practice: PracticeRow;
  description: string;
  results: { questionId: number; selectedAnswerIndexes: number[]; rightAnswer: boolean }[];
  numberOfRight: number;
  numberOfWrong: number;
}

/**
 * The submission checked in the order of the refusals' cost: plain values first, then the
 * practice, then its questions. Runs outside the write transaction on purpose: these are
 * reads of immutable revisions, and a short transaction keeps SQLite's single writer and
 * PostgreSQL's practice-row lock free for the other saves.
 */
async function checkSubmission(
  db: Kysely<DB>,
  submission: AttemptSubmission,
): Promise<{ ok: true; value: CheckedAttempt } | Refused> {
  const { totalTime } = submission;
  if (!Number.isInteger(totalTime) || totalTime < 0 || totalTime > MAX_TOTAL_TIME) {
    return refuse("BAD_TOTAL_TIME");
  }
  const practice = await visiblePractice(db, submission.practiceCode);
  if (!practice) return refuse("PRACTICE_NOT_FOUND");

  const revisions = await checkQuestions(db, practice, submission);
  if (!revisions) return refuse("QUESTIONS_MISMATCH");
  if (!picksAreValid(revisions, submission.answers)) return refuse("BAD_PICKS");
  if (!answerOrdersAreValid(revisions, submission)) return refuse("BAD_ANSWER_ORDER");

  // The one scoring rule, on the stored keys: whatever the client thinks it scored is unused.
  const picks = new Map(submission.answers.map((a) => [a.questionId, a.selectedAnswerIndexes]));
  const engineQuestions: EngineQuestion[] = revisions.map((r) => ({
    id: r.id,
    answers: r.answers,
    anyKey: r.anyKey,
  }));
  const score = scoreAnswers(engineQuestions, picks);
  return {
    ok: true,
    value: {
      practice,
      description: await describeSelection(db, practice, submission.selection),
      results: score.results.map((r) => ({
        questionId: r.questionId,
        selectedAnswerIndexes: [...r.selectedAnswerIndexes],
        rightAnswer: r.rightAnswer,
      })),
      numberOfRight: score.numberOfRight,
      numberOfWrong: score.numberOfWrong,
    },
  };
}

async function visiblePractice(db: Kysely<DB>, code: unknown): Promise<PracticeRow | null> {
  if (typeof code !== "string") return null;
  const row = await db
    .selectFrom("practice")
    .select(["id", "code", "title", "question_count", "content_version"])
    .where("code", "=", code)
    .where("hidden", "=", 0)
    .executeTakeFirst();
  return row ?? null;
}

/** The label people saw for the selection, copied so the history reads the same later. */
async function describeSelection(
  db: Kysely<DB>,
  practice: PracticeRow,
  selection: QuestionSelection,
): Promise<string> {
  const chapters = await db
    .selectFrom("chapter")
    .select(["idx", "title"])
    .where("practice_id", "=", practice.id)
    .execute();
  return selectionLabel(selection, { questionCount: practice.question_count, chapters });
}

/**
 * A selection the set-up page could have produced: a range of whole positions within the
 * practice (so a forged "Câu 1 - 100000" cannot become a description), a chapter idx ≥ 0.
 */
function selectionIsWellFormed(selection: QuestionSelection, practice: PracticeRow): boolean {
  switch (selection.type) {
    case "PRACTICE_TIME_ALL":
      return true;
    case "PRACTICE_TIME_RANGE": {
      const { start, end } = selection;
      return (
        Number.isInteger(start) &&
        Number.isInteger(end) &&
        start >= 1 &&
        start <= end &&
        end <= practice.question_count
      );
    }
    case "PRACTICE_TIME_CHAPTER":
      return Number.isInteger(selection.chapterIdx) && selection.chapterIdx >= 0;
    default:
      return false;
  }
}

function revisionInSelection(revision: Revision, selection: QuestionSelection): boolean {
  if (selection.type === "PRACTICE_TIME_RANGE") {
    return revision.idx >= selection.start - 1 && revision.idx <= selection.end - 1;
  }
  if (selection.type === "PRACTICE_TIME_CHAPTER") {
    // Chapter 0 is a real chapter: compare values, never truthiness.
    return revision.chapter_idx === selection.chapterIdx;
  }
  return true;
}

/** Positions (0-based idx) of the live questions of a selection now. */
async function livePositions(
  db: Kysely<DB>,
  practiceId: number,
  selection: QuestionSelection,
): Promise<Set<number>> {
  let query = db
    .selectFrom("question")
    .select("idx")
    .where("practice_id", "=", practiceId)
    .where("retired", "=", 0);
  if (selection.type === "PRACTICE_TIME_RANGE") {
    query = query.where("idx", ">=", selection.start - 1).where("idx", "<=", selection.end - 1);
  } else if (selection.type === "PRACTICE_TIME_CHAPTER") {
    query = query.where("chapter_idx", "=", selection.chapterIdx);
  }
  const rows = await query.execute();
  return new Set(rows.map((r) => r.idx));
}

/**
 * The submitted revisions, in the order shown, when they are exactly one revision of every
 * position the selection has now (a revision retired since the room opened still counts for
 * its position: the person answered what they were shown). Null on any mismatch.
 */
async function checkQuestions(
  db: Kysely<DB>,
  practice: PracticeRow,
  submission: AttemptSubmission,
): Promise<Revision[] | null> {
  const { selection, answers } = submission;
  if (!selection || !selectionIsWellFormed(selection, practice)) return null;
  if (!Array.isArray(answers) || answers.length === 0) return null;
  const live = await livePositions(db, practice.id, selection);
  // Counting first bounds the id lookup below by the size of the selection.
  if (answers.length !== live.size) return null;
  const ids = answers.map((a) => a?.questionId);
  if (!ids.every((id) => Number.isSafeInteger(id)) || new Set(ids).size !== ids.length) {
    return null;
  }

  const rows = await db
    .selectFrom("question")
    .select(["id", "practice_id", "idx", "chapter_idx", "answers", "any_key"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const revisions: Revision[] = [];
  const seen = new Set<number>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.practice_id !== practice.id) return null;
    const revision = {
      ...row,
      answers: JSON.parse(row.answers) as StoredAnswer[],
      anyKey: row.any_key === 1,
    };
    // Distinct positions, all live now, as many as live: the two sets are equal.
    if (!revisionInSelection(revision, selection) || !live.has(row.idx) || seen.has(row.idx)) {
      return null;
    }
    seen.add(row.idx);
    revisions.push(revision);
  }
  return revisions;
}

/**
 * Picks are answer idxs of the revision, without repeats, and no more than it has keys (the
 * room caps picks there; a question with no key takes none).
 */
function picksAreValid(
  revisions: readonly Revision[],
  answers: AttemptSubmission["answers"],
): boolean {
  return revisions.every((revision, i) => {
    const picks = answers[i]?.selectedAnswerIndexes;
    if (!Array.isArray(picks)) return false;
    const idxs = new Set(revision.answers.map((a) => a.idx));
    return (
      picks.every((p) => Number.isInteger(p) && idxs.has(p)) &&
      new Set(picks).size === picks.length &&
      picks.length <= keyCount(revision)
    );
  });
}

/** Present exactly when answers were shuffled, and then a permutation of each question's idxs. */
function answerOrdersAreValid(
  revisions: readonly Revision[],
  submission: AttemptSubmission,
): boolean {
  const orders = submission.answerOrders;
  if (submission.config.shuffleAnswers !== true) return orders === null;
  if (!Array.isArray(orders) || orders.length !== revisions.length) return false;
  return revisions.every((revision, i) => {
    const order = orders[i];
    if (!Array.isArray(order) || order.length !== revision.answers.length) return false;
    const sorted = [...order].sort((a, b) => a - b);
    const idxs = revision.answers.map((a) => a.idx).sort((a, b) => a - b);
    return sorted.every((idx, k) => Number.isInteger(idx) && idx === idxs[k]);
  });
}

// ---------------------------------------------------------------------------------------------
// Rows and their reading

function attemptRow(
  id: string,
  userId: string,
  submission: AttemptSubmission,
  checked: CheckedAttempt,
  now: Date,
): Selectable<AttemptTable> {
  const { selection, config } = submission;
  // Every column named, so nothing the client added to the payload reaches the database.
  return {
    id,
    user_id: userId,
    practice_id: checked.practice.id,
    practice_code: checked.practice.code,
    practice_title: checked.practice.title,
    description: checked.description,
    type: selection.type,
    chapter_idx: selection.type === "PRACTICE_TIME_CHAPTER" ? selection.chapterIdx : null,
    range_start: selection.type === "PRACTICE_TIME_RANGE" ? selection.start : null,
    range_end: selection.type === "PRACTICE_TIME_RANGE" ? selection.end : null,
    practice_type: config.practiceType,
    config: JSON.stringify({
      maxQuestionTime: config.maxQuestionTime,
      maxResultTime: config.maxResultTime,
      showQuestionKeyAfterQuestionEnd: config.showQuestionKeyAfterQuestionEnd,
      showNotification: config.showNotification,
      shuffleQuestions: config.shuffleQuestions,
      shuffleAnswers: config.shuffleAnswers,
      seed: config.seed,
    }),
    answer_orders: submission.answerOrders ? JSON.stringify(submission.answerOrders) : null,
    number_of_right: checked.numberOfRight,
    number_of_wrong: checked.numberOfWrong,
    question_count: checked.results.length,
    total_time: submission.totalTime,
    content_version: checked.practice.content_version,
    created_at: now.toISOString(),
  };
}

/** Every row has every column: Kysely's multi-row insert on SQLite nulls columns a row lacks. */
function answerRows(
  userId: string,
  attemptId: string,
  results: CheckedAttempt["results"],
): AttemptAnswerTable[] {
  return results.map((result, position) => ({
    user_id: userId,
    attempt_id: attemptId,
    position,
    question_id: result.questionId,
    selected: JSON.stringify(result.selectedAnswerIndexes),
    right_answer: result.rightAnswer ? 1 : 0,
  }));
}

type SummaryRow = Omit<Selectable<AttemptTable>, "user_id" | "practice_id" | "answer_orders">;

const summaryColumns = [
  "attempt.id",
  "attempt.practice_code",
  "attempt.practice_title",
  "attempt.description",
  "attempt.type",
  "attempt.chapter_idx",
  "attempt.range_start",
  "attempt.range_end",
  "attempt.practice_type",
  "attempt.config",
  "attempt.number_of_right",
  "attempt.number_of_wrong",
  "attempt.question_count",
  "attempt.total_time",
  "attempt.content_version",
  "attempt.created_at",
] as const;

function toSummary(row: SummaryRow): AttemptSummary {
  const config = JSON.parse(row.config) as Omit<AttemptSubmission["config"], "practiceType">;
  return {
    id: row.id,
    practiceCode: row.practice_code,
    practiceTitle: row.practice_title,
    description: row.description,
    type: row.type,
    chapterIdx: row.chapter_idx,
    questionRange:
      row.range_start !== null && row.range_end !== null
        ? { startAt: row.range_start, endAt: row.range_end }
        : null,
    config: { practiceType: row.practice_type, ...config },
    numberOfRight: row.number_of_right,
    numberOfWrong: row.number_of_wrong,
    totalTime: row.total_time,
    contentVersion: row.content_version,
    createdAt: row.created_at,
  };
}

function toStoredAttempt(
  row: SummaryRow & { answer_orders: string | null },
  answers: readonly Omit<AttemptAnswerTable, "attempt_id" | "user_id">[],
): StoredAttempt {
  return {
    ...toSummary(row),
    results: answers.map((a) => ({
      questionId: a.question_id,
      answerSelection: {
        selectedAnswerIndexes: JSON.parse(a.selected) as number[],
        rightAnswer: a.right_answer === 1,
      },
    })),
    sufferIndexes: row.answer_orders ? (JSON.parse(row.answer_orders) as number[][]) : null,
  };
}

/** One of the user's attempts with its answers in the order shown; null when absent or not theirs. */
export async function findAttempt(
  db: Kysely<DB>,
  userId: string,
  attemptId: string,
): Promise<StoredAttempt | null> {
  if (typeof attemptId !== "string" || !UUID.test(attemptId)) return null;
  const row = await db
    .selectFrom("attempt")
    .select([...summaryColumns, "attempt.answer_orders"])
    .where("attempt.id", "=", attemptId.toLowerCase())
    .where("attempt.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const answers = await db
    .selectFrom("attempt_answer")
    .select(["position", "question_id", "selected", "right_answer"])
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
  practiceCode: string,
  limit: number,
): Promise<AttemptSummary[]> {
  const count = Number.isInteger(limit) ? Math.min(Math.max(limit, 0), MAX_LIST) : 0;
  if (count === 0) return [];
  const rows = await db
    .selectFrom("attempt")
    .innerJoin("practice", "practice.id", "attempt.practice_id")
    .select(summaryColumns)
    .where("practice.code", "=", practiceCode)
    .where("attempt.user_id", "=", userId)
    // Same-millisecond saves tie on created_at; the id keeps their order stable.
    .orderBy("attempt.created_at", "desc")
    .orderBy("attempt.id", "desc")
    .limit(count)
    .execute();
  return rows.map(toSummary);
}

/** The user's latest `limit` attempts on every practice, newest first, without their answers. */
export async function listAttemptsOfUser(
  db: Kysely<DB>,
  userId: string,
  limit: number,
): Promise<AttemptSummary[]> {
  const count = Number.isInteger(limit) ? Math.min(Math.max(limit, 0), MAX_LIST) : 0;
  if (count === 0) return [];
  const rows = await db
    .selectFrom("attempt")
    .select(summaryColumns)
    .where("attempt.user_id", "=", userId)
    .orderBy("attempt.created_at", "desc")
    .orderBy("attempt.id", "desc")
    .limit(count)
    .execute();
  return rows.map(toSummary);
}
