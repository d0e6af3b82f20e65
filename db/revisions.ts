import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Selection } from "#base/selection.ts";
import { selectionBounds } from "#engine/selection.ts";
import type { RevisionToCheck } from "#engine/submission.ts";
import type { QuestionKind } from "#engine/types.ts";
import { resolvePractice } from "./own-practices.ts";
import type { DB, StoredAnswer } from "./schema.ts";

/**
 * What a save is checked against (services/attempts/): the practice as it is now, the positions
 * its selection has now, the stored question revisions an attempt names, its chapter titles.
 * Reads of immutable revisions, outside any transaction on purpose: a short write transaction
 * keeps SQLite's single writer and PostgreSQL's practice-row lock free for the other saves.
 */

export interface PracticeToSave {
  id: number;
  code: string;
  title: string;
  questionCount: number;
  contentVersion: number;
}

export interface StoredRevision extends RevisionToCheck {
  id: number;
  practiceId: number;
  /** A short answer's accepted answers carry their text as `value` too (engine/responses.ts). */
  answers: (StoredAnswer & { value?: string })[];
  anyKey: boolean;
  kind: QuestionKind;
}

/**
 * A practice this user may practise now (db/own-practices.ts decides); null when unknown, hidden
 * or not theirs to open. `code` is the address it was saved by (a shared link's `s_…` included):
 * the history links back through it, so a revoked link's attempts stop opening the practice.
 */
export async function findVisiblePractice(
  db: Kysely<DB>,
  code: unknown,
  userId: string | null = null,
): Promise<PracticeToSave | null> {
  const resolved = await resolvePractice(db, code, userId);
  if (!resolved) return null;
  const { id, title, questionCount, contentVersion } = resolved;
  return { id, code: resolved.address, title, questionCount, contentVersion };
}

/** Positions (0-based idx) of the live questions of a selection now. */
export async function livePositions(
  db: Kysely<DB>,
  practiceId: number,
  selection: Selection,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom("question")
    .select("idx")
    .where("practice_id", "=", practiceId)
    .where("retired", "=", 0)
    .where(whereInSelection(selection))
    .execute();
  return new Set(rows.map((r) => r.idx));
}

/**
 * engine/selection.ts's rule as a WHERE clause on the question table: the same bounds that
 * `inSelection` checks (db/selection.test.ts proves the two agree).
 */
export function whereInSelection(selection: Selection) {
  const { idx, chapterIdx } = selectionBounds(selection);
  return (eb: ExpressionBuilder<DB, "question">): Expression<SqlBool> => {
    const bounds: Expression<SqlBool>[] = [];
    if (idx) bounds.push(eb("question.idx", ">=", idx.first), eb("question.idx", "<=", idx.last));
    if (chapterIdx !== undefined) bounds.push(eb("question.chapter_idx", "=", chapterIdx));
    return eb.and(bounds);
  };
}

/** Question revisions by row id (at least one), retired ones included, in no particular order. */
export async function listRevisions(db: Kysely<DB>, ids: number[]): Promise<StoredRevision[]> {
  const rows = await db
    .selectFrom("question")
    .select(["id", "practice_id", "idx", "chapter_idx", "answers", "any_key", "kind"])
    .where("id", "in", ids)
    .execute();
  return rows.map((row) => {
    const answers = JSON.parse(row.answers) as StoredAnswer[];
    return {
      id: row.id,
      practiceId: row.practice_id,
      idx: row.idx,
      chapterIdx: row.chapter_idx,
      answers:
        row.kind === "short_answer" ? answers.map((a) => ({ ...a, value: a.text })) : answers,
      anyKey: row.any_key === 1,
      kind: row.kind,
    };
  });
}

/** The practice's chapters by idx, for naming a chapter selection. */
export async function listChapterTitles(
  db: Kysely<DB>,
  practiceId: number,
): Promise<{ idx: number; title: string }[]> {
  return db
    .selectFrom("chapter")
    .select(["idx", "title"])
    .where("practice_id", "=", practiceId)
    .execute();
}

/** Practice titles by id (a review's description names the practices its questions came from). */
export async function listPracticeTitles(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("practice")
    .select(["id", "title"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * For each of these revision ids, the live revision at the same position of the same practice
 * (itself when it is live); a position retired for good maps to nothing.
 */
export async function liveRevisionsAt(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("question as shown")
    .innerJoin("question as live", (join) =>
      join.onRef("live.practice_id", "=", "shown.practice_id").onRef("live.idx", "=", "shown.idx"),
    )
    .where("shown.id", "in", [...ids])
    .where("live.retired", "=", 0)
    .select(["shown.id as shown", "live.id as live"])
    .execute();
  return new Map(rows.map((row) => [row.shown, row.live]));
}
