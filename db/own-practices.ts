import type { Kysely, Transaction } from "kysely";
import type { DB } from "./schema.ts";

/**
 * Reads and writes of a student's own practices (migration 0012, ADR 0012). The access rules
 * (who may open which practice) are decided here, once, for every route that reads a practice
 * by its address: `resolvePractice`.
 */

/** The system subject every own practice belongs to: not a slug, so never a bank's, never listed. */
export const OWN_SUBJECT_CODE = "_cua-hoc-sinh";
export const OWN_SUBJECT_NAME = "Đề tự tạo";

/** An own practice's code: `u_` + random, not a slug, so a bank import can never take it over. */
export const OWN_CODE_PREFIX = "u_";
/**
 * A shared link's address in place of the code: `s_` + the share token. Every route takes it
 * where it takes a code (/practice-review/s_…, the room, the questions, the saves), so the link
 * needs no cookie and no extra parameter, and it stops working the moment the token changes.
 */
export const SHARE_PREFIX = "s_";

export interface OwnState {
  isOwner: boolean;
  /** The share token while shared (the owner only ever sees it). */
  shareToken: string | null;
  blocked: boolean;
  subjectName: string | null;
  /** Who made it (their display name), for a practice opened through its share link. */
  authorName?: string;
}

export interface ResolvedPractice {
  id: number;
  /** The stored code. */
  code: string;
  /** What the viewer addressed it by: the code, or `s_<token>` for a shared link. */
  address: string;
  own: OwnState | null;
  title: string;
  questionCount: number;
  /** Raised by every import that changes the practice's questions (the question cache's key). */
  contentVersion: number;
}

type Db = Kysely<DB> | Transaction<DB>;

/** What the access rule reads of a practice, one address or many (`resolvePractice`, `openablePractices`). */
const ACCESS_COLUMNS = [
  "practice.id",
  "practice.code",
  "practice.hidden",
  "own_practice.owner_id",
  "own_practice.share_token",
  "own_practice.deleted_at",
  "own_practice.blocked_at",
  "own_practice.subject_name",
] as const;

/** What one address resolves to besides the access rule: the practice's own facts, read with it. */
const FACT_COLUMNS = [
  "practice.title",
  "practice.question_count",
  "practice.content_version",
] as const;

/** What the access rule reads of a practice and its ownership row (none for a bank's). */
interface AccessRow {
  hidden: number;
  owner_id: string | null;
  deleted_at: string | null;
  blocked_at: string | null;
}

/**
 * The rule by the practice's code. A bank's practice: when not hidden. An own practice: for its
 * owner and an operator, never once deleted. `viewerIsOperator` is asked only when it matters.
 */
async function mayOpenByCode(
  row: AccessRow,
  viewerId: string | null,
  viewerIsOperator: () => Promise<boolean>,
): Promise<boolean> {
  if (!row.owner_id) return row.hidden === 0;
  if (row.deleted_at) return false;
  return (viewerId !== null && row.owner_id === viewerId) || (await viewerIsOperator());
}

/**
 * The rule by a share link that is the practice's current one (not deleted): for anybody
 * unless an operator hid it, then for its owner only.
 */
function mayOpenByLink(row: AccessRow, viewerId: string | null): boolean {
  if (!row.owner_id || row.deleted_at) return false;
  return !row.blocked_at || row.owner_id === viewerId;
}

/**
 * The practice an address names, when this viewer may open it; null otherwise (the not-found
 * screen). A bank's practice: when not hidden. An own practice by its code: for its owner
 * (deleted: never) and an operator. By a share link: for anybody while the link is the current
 * one and no operator hid it.
 */
export async function resolvePractice(
  db: Db,
  address: unknown,
  viewerId: string | null,
): Promise<ResolvedPractice | null> {
  if (typeof address !== "string" || address.length === 0 || address.length > 120) return null;
  if (address.startsWith(SHARE_PREFIX)) return resolveShared(db, address, viewerId);
  const row = await db
    .selectFrom("practice")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select([...ACCESS_COLUMNS, ...FACT_COLUMNS])
    .where("practice.code", "=", address)
    .executeTakeFirst();
  if (!row) return null;
  if (!(await mayOpenByCode(row, viewerId, () => isViewerOperator(db, viewerId)))) return null;
  const found = { id: row.id, code: row.code, address, ...factsOf(row) };
  if (!row.owner_id) return { ...found, own: null };
  const isOwner = viewerId !== null && row.owner_id === viewerId;
  return {
    ...found,
    own: {
      isOwner,
      shareToken: isOwner ? row.share_token : null,
      blocked: row.blocked_at !== null,
      subjectName: row.subject_name,
    },
  };
}

function factsOf(row: { title: string; question_count: number; content_version: number }) {
  return {
    title: row.title,
    questionCount: row.question_count,
    contentVersion: row.content_version,
  };
}

async function resolveShared(
  db: Db,
  address: string,
  viewerId: string | null,
): Promise<ResolvedPractice | null> {
  const token = address.slice(SHARE_PREFIX.length);
  if (token.length < 16) return null;
  const row = await db
    .selectFrom("own_practice")
    .innerJoin("practice", "practice.id", "own_practice.practice_id")
    .innerJoin("user", "user.id", "own_practice.owner_id")
    .select([
      "practice.id",
      "practice.code",
      "practice.hidden",
      "own_practice.owner_id",
      "own_practice.deleted_at",
      "own_practice.blocked_at",
      "own_practice.subject_name",
      "user.name as author_name",
      ...FACT_COLUMNS,
    ])
    .where("own_practice.share_token", "=", token)
    .executeTakeFirst();
  if (!row || !mayOpenByLink(row, viewerId)) return null;
  const isOwner = viewerId !== null && row.owner_id === viewerId;
  return {
    id: row.id,
    code: row.code,
    address,
    ...factsOf(row),
    own: {
      isOwner,
      shareToken: isOwner ? token : null,
      blocked: row.blocked_at !== null,
      subjectName: row.subject_name,
      authorName: row.author_name,
    },
  };
}

/**
 * Of these practices (by id), those the viewer may open now, each with the address to open it
 * by: its code when the viewer may open it by its code, else its current share link when the
 * viewer holds that link, i.e. saved an attempt through it (a revoked link is never current
 * again). The rule of `resolvePractice`, for many practices in three reads: what "Ôn lỗi sai"
 * and the data export ask of every practice a student has cards or answers on.
 */
export async function openablePractices(
  db: Db,
  viewerId: string,
  practiceIds: readonly number[],
): Promise<Map<number, string>> {
  const open = new Map<number, string>();
  if (practiceIds.length === 0) return open;
  const rows = await db
    .selectFrom("practice")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select(ACCESS_COLUMNS)
    .where("practice.id", "in", [...new Set(practiceIds)])
    .execute();
  let operator: Promise<boolean> | undefined;
  const viewerIsOperator = () => (operator ??= isOperator(db, viewerId));
  const byLink = new Map<string, number>();
  for (const row of rows) {
    if (await mayOpenByCode(row, viewerId, viewerIsOperator)) open.set(row.id, row.code);
    else if (row.share_token && mayOpenByLink(row, viewerId)) {
      byLink.set(`${SHARE_PREFIX}${row.share_token}`, row.id);
    }
  }
  if (byLink.size === 0) return open;
  const held = await db
    .selectFrom("attempt")
    .select(["practice_code", "practice_id"])
    .distinct()
    .where("user_id", "=", viewerId)
    .where("practice_id", "in", [...byLink.values()])
    .where("practice_code", "in", [...byLink.keys()])
    .execute();
  for (const { practice_code: address, practice_id: id } of held) {
    if (id !== null && byLink.get(address) === id) open.set(id, address);
  }
  return open;
}

/**
 * How the viewer may name each of these practices (by id, with its title now), for what shows
 * them a practice they once answered (a review's replay, the data export): one they may open,
 * by that address and its title now; one they may no longer open (a revoked link, hidden,
 * deleted), by the address and title of their latest attempt of it, as they saw it then (empty
 * when they have none). Never the private code nor the current title of a practice closed to
 * them.
 */
export async function namePracticesFor(
  db: Db,
  viewerId: string,
  titlesNow: ReadonlyMap<number, string>,
): Promise<Map<number, { code: string; title: string }>> {
  const names = new Map<number, { code: string; title: string }>();
  if (titlesNow.size === 0) return names;
  const open = await openablePractices(db, viewerId, [...titlesNow.keys()]);
  for (const [id, address] of open)
    names.set(id, { code: address, title: titlesNow.get(id) ?? "" });
  const closed = [...titlesNow.keys()].filter((id) => !open.has(id));
  if (closed.length === 0) return names;
  const seen = await db
    .selectFrom("attempt")
    .select(["practice_id", "practice_code", "practice_title"])
    .where("user_id", "=", viewerId)
    .where("practice_id", "in", closed)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const row of seen) {
    if (row.practice_id === null || names.has(row.practice_id)) continue;
    names.set(row.practice_id, { code: row.practice_code, title: row.practice_title });
  }
  for (const id of closed) if (!names.has(id)) names.set(id, { code: "", title: "" });
  return names;
}

function isViewerOperator(db: Db, viewerId: string | null): Promise<boolean> {
  return viewerId === null ? Promise.resolve(false) : isOperator(db, viewerId);
}

export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("operator")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface OwnPracticeRow {
  id: number;
  code: string;
  title: string;
  subjectName: string | null;
  questionCount: number;
  /** Attempts of every user. */
  attemptCount: number;
  /** This user's latest attempt (ISO), null when never. */
  lastPractisedAt: string | null;
  shareToken: string | null;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
}

/** "Đề của tôi": the user's practices not deleted, newest first. */
export async function listOwnPracticeRows(db: Db, userId: string): Promise<OwnPracticeRow[]> {
  const rows = await db
    .selectFrom("own_practice")
    .innerJoin("practice", "practice.id", "own_practice.practice_id")
    .select((eb) => [
      "practice.id",
      "practice.code",
      "practice.title",
      "practice.question_count",
      "practice.attempt_count",
      "own_practice.subject_name",
      "own_practice.share_token",
      "own_practice.blocked_at",
      "own_practice.created_at",
      "own_practice.updated_at",
      eb
        .selectFrom("attempt")
        .select((inner) => inner.fn.max("attempt.created_at").as("at"))
        .where("attempt.user_id", "=", userId)
        .whereRef("attempt.practice_id", "=", "practice.id")
        .as("last_practised_at"),
    ])
    .where("own_practice.owner_id", "=", userId)
    .where("own_practice.deleted_at", "is", null)
    .orderBy("own_practice.created_at", "desc")
    .orderBy("practice.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    subjectName: row.subject_name,
    questionCount: row.question_count,
    attemptCount: row.attempt_count,
    lastPractisedAt: (row.last_practised_at as string | null) ?? null,
    shareToken: row.share_token,
    blocked: row.blocked_at !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** The user's own practice by its code (not deleted), for the owner's changes. */
export function findOwnedPractice(db: Db, userId: string, code: string) {
  return db
    .selectFrom("own_practice")
    .innerJoin("practice", "practice.id", "own_practice.practice_id")
    .select([
      "practice.id",
      "practice.code",
      "practice.title",
      "practice.attempt_count",
      "own_practice.subject_name",
      "own_practice.share_token",
      "own_practice.edit_version",
    ])
    .where("own_practice.owner_id", "=", userId)
    .where("practice.code", "=", code)
    .where("own_practice.deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * Moves an own practice's edit version from `startedFrom` to the next one, with its new subject
 * label; false when the version is no longer `startedFrom` (another edit was saved since) or the
 * practice was deleted meanwhile. Run inside the edit's transaction, so two saves from one
 * version cannot both pass.
 */
export async function claimEditVersion(
  db: Db,
  practiceId: number,
  startedFrom: number,
  values: { subjectName: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("own_practice")
    .set((eb) => ({
      edit_version: eb("edit_version", "+", 1),
      subject_name: values.subjectName,
      updated_at: values.now,
    }))
    .where("practice_id", "=", practiceId)
    .where("edit_version", "=", startedFrom)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves an own practice's edit version on without a full edit (a question fixed from reports):
 * an editor opened before then saves as stale, so it never silently undoes the fix.
 */
export async function bumpEditVersion(db: Db, practiceId: number, now: string): Promise<void> {
  await db
    .updateTable("own_practice")
    .set((eb) => ({ edit_version: eb("edit_version", "+", 1), updated_at: now }))
    .where("practice_id", "=", practiceId)
    .execute();
}

export async function countOwnPractices(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("own_practice")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("owner_id", "=", userId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether any attempt (of anybody) names the practice: then it can only be marked deleted. */
export async function practiceWasAttempted(db: Db, practiceId: number): Promise<boolean> {
  const row = await db
    .selectFrom("attempt")
    .select("id")
    .where("practice_id", "=", practiceId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes a practice and everything of it (nobody attempted it: no attempt, answer or review
 * card points at its revisions). Its ownership, chapters and reports cascade.
 */
export async function purgePractice(trx: Transaction<DB>, practiceId: number): Promise<void> {
  await trx.deleteFrom("question").where("practice_id", "=", practiceId).execute();
  await trx.deleteFrom("practice").where("id", "=", practiceId).execute();
}

/**
 * Practices of the own subject left without an owner (their account was deleted) that nobody
 * attempted: deleted outright. Those somebody attempted stay for their replays, unreachable.
 */
export async function purgeOrphanPractices(db: Kysely<DB>): Promise<number> {
  const orphans = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select("practice.id")
    .where("subject.code", "=", OWN_SUBJECT_CODE)
    .where("own_practice.practice_id", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("attempt")
            .select("attempt.id")
            .whereRef("attempt.practice_id", "=", "practice.id"),
        ),
      ),
    )
    .execute();
  for (const { id } of orphans) {
    await db.transaction().execute((trx) => purgePractice(trx, id));
  }
  return orphans.length;
}

/**
 * Whether each practice (by id) is an own practice that is gone for good: deleted by its owner,
 * or left by a deleted account. A replay of it is marked "Đề đã bị xóa".
 */
async function deletedPracticeIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select(["practice.id", "own_practice.practice_id as owned", "own_practice.deleted_at"])
    .where("practice.id", "in", [...ids])
    .where("subject.code", "=", OWN_SUBJECT_CODE)
    .execute();
  return new Set(
    rows.filter((row) => row.owned === null || row.deleted_at !== null).map((row) => row.id),
  );
}

/** Whether the practice a question revision belongs to is an own practice gone for good. */
export async function practiceOfQuestionIsDeleted(db: Db, questionId: number): Promise<boolean> {
  const row = await db
    .selectFrom("question")
    .select("practice_id")
    .where("id", "=", questionId)
    .executeTakeFirst();
  if (!row) return false;
  return (await deletedPracticeIds(db, [row.practice_id])).has(row.practice_id);
}
