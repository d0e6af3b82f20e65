import type { Kysely, Transaction } from "kysely";
import type { ReportReasonName } from "#base/question-reports.ts";
import type { DB } from "./schema.ts";

/**
 * "Báo đáp án sai" (issue 30, migration 0021): students' reports on questions, the fixes their
 * owners or the operators made from them, and attempts rescored against a fixed key. Reads and
 * writes only; services/question-reports/ decides who may do what.
 */

type Db = Kysely<DB> | Transaction<DB>;

type ReportReason = ReportReasonName;
export type ReportStatus = "open" | "fixed" | "answered" | "dismissed";

/** A question revision with what decides who may report it and who handles its reports. */
export interface ReportedQuestion {
  id: number;
  practiceId: number;
  idx: number;
  practiceCode: string;
  practiceTitle: string;
  /** Null: a practice of the catalogue (operators handle it). */
  ownerId: string | null;
  /** An own practice deleted by its owner: nobody handles it any more. */
  deleted: boolean;
}

export async function findReportedQuestion(
  db: Db,
  questionId: number,
): Promise<ReportedQuestion | null> {
  const row = await db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select([
      "question.id",
      "question.practice_id",
      "question.idx",
      "practice.code",
      "practice.title",
      "own_practice.owner_id",
      "own_practice.deleted_at",
    ])
    .where("question.id", "=", questionId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    practiceId: row.practice_id,
    idx: row.idx,
    practiceCode: row.code,
    practiceTitle: row.title,
    ownerId: row.owner_id,
    deleted: row.deleted_at !== null,
  };
}

/** Whether this user saved an attempt that answered this very revision. */
export async function userAnsweredQuestion(
  db: Db,
  userId: string,
  questionId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("attempt_answer")
    .select("question_id")
    .where("user_id", "=", userId)
    .where("question_id", "=", questionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new report; false (nothing written) when this user already reported this revision. */
export async function insertQuestionReport(
  db: Db,
  values: {
    question: Pick<ReportedQuestion, "id" | "practiceId" | "idx">;
    reporterId: string;
    reason: ReportReason;
    note: string;
    createdAt: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto("question_report")
    .values({
      question_id: values.question.id,
      practice_id: values.question.practiceId,
      idx: values.question.idx,
      reporter_id: values.reporterId,
      reason: values.reason,
      note: values.note,
      created_at: values.createdAt,
    })
    .onConflict((conflict) => conflict.columns(["question_id", "reporter_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What a viewer sees of the reports on a question: its open reports, and their own report. */
export interface ReportsSeen {
  /** Someone's report on it is open: "Đang được xem lại". */
  open: boolean;
  /** The viewer's own latest report at this position, as it stands. */
  mine: { status: ReportStatus; reply: string | null } | null;
}

/**
 * For each of these revision ids, the reports at its position that the viewer may see: whether
 * any is open, and the viewer's own. Ids with neither are left out. One read, by the position
 * index of question_report.
 */
export async function reportsSeenBy(
  db: Db,
  viewerId: string | null,
  questionIds: readonly number[],
): Promise<Map<number, ReportsSeen>> {
  const seen = new Map<number, ReportsSeen>();
  if (questionIds.length === 0) return seen;
  const rows = await db
    .selectFrom("question")
    .innerJoin("question_report as report", (join) =>
      join
        .onRef("report.practice_id", "=", "question.practice_id")
        .onRef("report.idx", "=", "question.idx"),
    )
    .select([
      "question.id as question_id",
      "report.status",
      "report.reply",
      "report.reporter_id",
      "report.id as report_id",
    ])
    .where("question.id", "in", [...questionIds])
    .where((eb) =>
      viewerId === null
        ? eb("report.status", "=", "open")
        : eb.or([eb("report.status", "=", "open"), eb("report.reporter_id", "=", viewerId)]),
    )
    .orderBy("report.id")
    .execute();
  for (const row of rows) {
    const entry = seen.get(row.question_id) ?? { open: false, mine: null };
    if (row.status === "open") entry.open = true;
    if (row.reporter_id === viewerId) {
      entry.mine = { status: row.status as ReportStatus, reply: row.reply };
    }
    seen.set(row.question_id, entry);
  }
  return seen;
}

/** An open report, as its handler reads it. */
export interface OpenQuestionReport {
  id: number;
  questionId: number;
  practiceId: number;
  idx: number;
  practiceCode: string;
  practiceTitle: string;
  reason: ReportReason;
  note: string;
  reporterName: string;
  createdAt: string;
}

/**
 * Open reports oldest first (at most `limit`): on one owner's own practices (not deleted), or on
 * the catalogue's practices (`owner: null`, for operators). Optionally at one position only.
 */
export async function listOpenQuestionReports(
  db: Db,
  where: { owner: string | null; position?: { practiceId: number; idx: number } },
  limit = 200,
): Promise<OpenQuestionReport[]> {
  let query = db
    .selectFrom("question_report as report")
    .innerJoin("practice", "practice.id", "report.practice_id")
    .innerJoin("user", "user.id", "report.reporter_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select([
      "report.id",
      "report.question_id",
      "report.practice_id",
      "report.idx",
      "report.reason",
      "report.note",
      "report.created_at",
      "practice.code",
      "practice.title",
      "user.name",
    ])
    .where("report.status", "=", "open");
  query =
    where.owner === null
      ? query.where("own_practice.practice_id", "is", null)
      : query
          .where("own_practice.owner_id", "=", where.owner)
          .where("own_practice.deleted_at", "is", null);
  if (where.position) {
    query = query
      .where("report.practice_id", "=", where.position.practiceId)
      .where("report.idx", "=", where.position.idx);
  }
  const rows = await query.orderBy("report.created_at").orderBy("report.id").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    questionId: row.question_id,
    practiceId: row.practice_id,
    idx: row.idx,
    practiceCode: row.code,
    practiceTitle: row.title,
    reason: row.reason as ReportReason,
    note: row.note,
    reporterName: row.name,
    createdAt: row.created_at,
  }));
}

/** Closes every open report at a position; how many. */
export async function closeReportsAt(
  db: Db,
  position: { practiceId: number; idx: number },
  values: { status: Exclude<ReportStatus, "open">; reply: string | null; now: string },
): Promise<number> {
  const result = await db
    .updateTable("question_report")
    .set({ status: values.status, reply: values.reply, handled_at: values.now })
    .where("practice_id", "=", position.practiceId)
    .where("idx", "=", position.idx)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertQuestionFix(
  db: Db,
  values: {
    oldQuestionId: number;
    newQuestionId: number;
    keysChanged: boolean;
    fixedAt: string;
    fixedBy: string;
  },
): Promise<void> {
  await db
    .insertInto("question_fix")
    .values({
      old_question_id: values.oldQuestionId,
      new_question_id: values.newQuestionId,
      keys_changed: values.keysChanged ? 1 : 0,
      fixed_at: values.fixedAt,
      fixed_by: values.fixedBy,
    })
    .execute();
}

/** Where fixes led a revision: the last revision of its chain, and its latest key fix. */
export interface FixedRevision {
  /** The revision the last fix made (perhaps retired since by an edit of the practice). */
  finalId: number;
  /** When the latest fix that moved keys was made; null when the fixes only reworded it. */
  keysFixedAt: string | null;
}

/** Chains longer than this are cut short: a loop of fixes is impossible, this only bounds reads. */
const MAX_FIX_CHAIN = 50;

/**
 * For each of these revision ids that was fixed, where its fixes lead (one read per step of the
 * longest chain: one or two in practice). Ids never fixed are left out.
 */
export async function followFixes(
  db: Db,
  questionIds: readonly number[],
): Promise<Map<number, FixedRevision>> {
  const fixed = new Map<number, FixedRevision>();
  // Each start's current end of chain; a step looks up all the ends at once.
  let ends = new Map<number, number[]>(questionIds.map((id) => [id, [id]]));
  for (let step = 0; step < MAX_FIX_CHAIN && ends.size > 0; step++) {
    const rows = await db
      .selectFrom("question_fix")
      .select(["old_question_id", "new_question_id", "keys_changed", "fixed_at"])
      .where("old_question_id", "in", [...ends.keys()])
      .execute();
    const next = new Map<number, number[]>();
    for (const row of rows) {
      for (const start of ends.get(row.old_question_id) ?? []) {
        const before = fixed.get(start);
        fixed.set(start, {
          finalId: row.new_question_id,
          keysFixedAt: row.keys_changed === 1 ? row.fixed_at : (before?.keysFixedAt ?? null),
        });
        next.set(row.new_question_id, [...(next.get(row.new_question_id) ?? []), start]);
      }
    }
    ends = next;
  }
  return fixed;
}

/** An attempt's score as stored and as first computed (null until it is rescored). */
export interface AttemptScoreRow {
  numberOfRight: number;
  questionCount: number;
  originalRight: number | null;
  rescoredAt: string | null;
}

export async function readAttemptScore(
  db: Db,
  userId: string,
  attemptId: string,
): Promise<AttemptScoreRow | null> {
  const row = await db
    .selectFrom("attempt")
    .select(["number_of_right", "question_count", "original_right", "rescored_at"])
    .where("user_id", "=", userId)
    .where("id", "=", attemptId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    numberOfRight: row.number_of_right,
    questionCount: row.question_count,
    originalRight: row.original_right,
    rescoredAt: row.rescored_at,
  };
}

/**
 * Writes a rescored attempt's score, keeping its first one; false (nothing written) when it was
 * rescored at or after `fixedBefore` already, i.e. by a tap that came first.
 */
export async function writeRescore(
  db: Db,
  userId: string,
  attemptId: string,
  values: { right: number; wrong: number; now: string; fixedBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable("attempt")
    .set((eb) => ({
      original_right: eb.fn.coalesce("original_right", "number_of_right"),
      number_of_right: values.right,
      number_of_wrong: values.wrong,
      rescored_at: values.now,
    }))
    .where("user_id", "=", userId)
    .where("id", "=", attemptId)
    .where((eb) =>
      eb.or([eb("rescored_at", "is", null), eb("rescored_at", "<", values.fixedBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A revision as the fix form edits it: its texts as written, and its answers' keys. */
export interface EditableRevision {
  id: number;
  idx: number;
  kind: "choice" | "true_false" | "short_answer";
  anyKey: boolean;
  text: string;
  explanation: string | null;
  answers: { text: string; isKey: boolean }[];
}

export async function readEditableRevision(
  db: Db,
  questionId: number,
): Promise<EditableRevision | null> {
  const row = await db
    .selectFrom("question")
    .select(["id", "idx", "kind", "any_key", "text", "explanation", "answers"])
    .where("id", "=", questionId)
    .where("retired", "=", 0)
    .executeTakeFirst();
  if (!row) return null;
  const answers = JSON.parse(row.answers) as { text: string; isKey: boolean }[];
  return {
    id: row.id,
    idx: row.idx,
    kind: row.kind,
    anyKey: row.any_key === 1,
    text: row.text,
    explanation: row.explanation,
    answers: answers.map((answer) => ({ text: answer.text, isKey: answer.isKey })),
  };
}
