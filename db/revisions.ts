import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from "kysely";
import { CharBoundedCache } from "#base/char-bounded-cache.ts";
import { deepFreeze } from "#base/deep-freeze.ts";
import type { Selection } from "#base/selection.ts";
import { selectionBounds } from "#engine/selection.ts";
import type { RevisionToCheck } from "#engine/submission.ts";
import type { QuestionKind } from "#engine/types.ts";
import { resolvePractice } from "./own-practices.ts";
import type { DB, QuestionTable, StoredAnswer } from "./schema.ts";

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

const REVISION_COLUMNS = [
  "id",
  "practice_id",
  "idx",
  "chapter_idx",
  "answers",
  "any_key",
  "kind",
] as const;

type RevisionRow = Pick<Selectable<QuestionTable>, (typeof REVISION_COLUMNS)[number]>;

function toRevision(row: RevisionRow): StoredRevision {
  const answers = JSON.parse(row.answers) as StoredAnswer[];
  return {
    id: row.id,
    practiceId: row.practice_id,
    idx: row.idx,
    chapterIdx: row.chapter_idx,
    answers: row.kind === "short_answer" ? answers.map((a) => ({ ...a, value: a.text })) : answers,
    anyKey: row.any_key === 1,
    kind: row.kind,
  };
}

/** Question revisions by row id (at least one), retired ones included, in no particular order. */
export async function listRevisions(db: Kysely<DB>, ids: number[]): Promise<StoredRevision[]> {
  const rows = await db
    .selectFrom("question")
    .select(REVISION_COLUMNS)
    .where("id", "in", ids)
    .execute();
  return rows.map(toRevision);
}

/** A practice with more live questions than this is read per save, never kept whole. */
const LIVE_REVISIONS_MAX_QUESTIONS = 5_000;
/** The most characters of stored answers (JSON) kept per database, about 2 bytes each. */
const LIVE_REVISIONS_CHARS = 4_000_000;

interface LiveRevisions {
  /** Every live revision of the practice, by row id, frozen: shared by every save. */
  byId: ReadonlyMap<number, StoredRevision>;
  chars: number;
}

interface LiveRevisionCache {
  kept: CharBoundedCache<ReadonlyMap<number, StoredRevision>>;
  /** Being read: the saves of a whole class arriving together read the rows once. */
  reading: Map<string, Promise<LiveRevisions>>;
}

/** Per database (tests open many, whose practices share ids). */
const liveRevisionCaches = new WeakMap<Kysely<DB>, LiveRevisionCache>();

/**
 * Every live revision of a practice at its current content version, read once and kept (issue
 * 29: each save of a room checked its answers against the same rows, read and parsed again).
 * Every change to a practice's questions (retired, moved, added) goes through the bank store,
 * which raises its content version, so an entry is never stale: a new version is a new key and
 * the old one ages out. Null for a practice too large to keep: read it per save. Access is not
 * cached: the caller has resolved `practice` for its user first.
 */
export async function liveRevisionsOfVersion(
  db: Kysely<DB>,
  practice: { id: number; contentVersion: number; questionCount: number },
): Promise<ReadonlyMap<number, StoredRevision> | null> {
  if (practice.questionCount > LIVE_REVISIONS_MAX_QUESTIONS) return null;
  let cache = liveRevisionCaches.get(db);
  if (!cache) {
    const kept = new CharBoundedCache<ReadonlyMap<number, StoredRevision>>(LIVE_REVISIONS_CHARS);
    liveRevisionCaches.set(db, (cache = { kept, reading: new Map() }));
  }
  const { kept, reading } = cache;
  const key = `${practice.id}:${practice.contentVersion}`;
  const hit = kept.get(key);
  if (hit) return hit;
  let read = reading.get(key);
  if (!read) {
    read = readLiveRevisions(db, practice.id).finally(() => reading.delete(key));
    reading.set(key, read);
    const { byId, chars } = await read;
    kept.set(key, byId, chars);
    return byId;
  }
  return (await read).byId;
}

async function readLiveRevisions(db: Kysely<DB>, practiceId: number): Promise<LiveRevisions> {
  const rows = await db
    .selectFrom("question")
    .select(REVISION_COLUMNS)
    .where("practice_id", "=", practiceId)
    .where("retired", "=", 0)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, deepFreeze(toRevision(row))]));
  return { byId, chars: rows.reduce((sum, row) => sum + row.answers.length, 0) };
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
