import { serverVi } from "#base/i18n/vi-server.ts";
import type { PictureMeta } from "#base/pictures.ts";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  OWN_PRACTICE_CREATE_LIMIT,
  OWN_PRACTICE_MAX_BYTES,
  OWN_PRACTICE_MAX_QUESTIONS,
  OWN_PRACTICE_SUBJECT_MAX,
  OWN_PRACTICE_TITLE_MAX,
  OWN_PRACTICES_PER_USER,
} from "#base/limits.ts";
import { readPracticeAsBank } from "#content/export-bank.ts";
import type { Bank, BankQuestion, ParsedQuestions } from "#content/formats/types.ts";
import { checkBankData } from "#content/formats/json.ts";
import { importBanks } from "#content/import-bank.ts";
import {
  claimEditVersion,
  countOwnPractices,
  findOwnedPractice,
  listOwnPracticeRows,
  OWN_CODE_PREFIX,
  OWN_SUBJECT_CODE,
  OWN_SUBJECT_NAME,
  practiceWasAttempted,
  purgePractice,
  SHARE_PREFIX,
  type OwnPracticeRow,
} from "#db/own-practices.ts";
import type { DB } from "#db/schema.ts";
import { createDatabaseRateLimitStore, type RateLimitStore } from "#db/rate-limits.ts";
import { paths } from "#base/paths.ts";

/**
 * A student's own practices (ADR 0012): created, edited, shared and deleted by their owner.
 * Questions are checked by the importer's own validation (content/formats/json.ts, the bank
 * schema and validateQuestions) and written by the importer (content/import-bank.ts), so an
 * edit makes new revisions exactly as a re-import does and past attempts replay as answered.
 * Who may open a practice is decided in db/own-practices.ts (resolvePractice).
 */

const errors = serverVi.ownPractices.errors;

export type OwnPracticeErrorCode =
  | "NOT_FOUND"
  | "TITLE_REQUIRED"
  | "TITLE_TOO_LONG"
  | "SUBJECT_TOO_LONG"
  | "NO_QUESTIONS"
  | "TOO_MANY_QUESTIONS"
  | "TOO_LARGE"
  | "TOO_MANY_PRACTICES"
  | "RATE_LIMITED"
  | "STALE_EDIT"
  | "INVALID";

/** A refusal with its Vietnamese message; `status` is the HTTP status a route answers with. */
export class OwnPracticeError extends Error {
  constructor(
    readonly code: OwnPracticeErrorCode,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = "OwnPracticeError";
  }
}

/**
 * How callers tell a refusal of this service from a failure: by its name and code, not
 * `instanceof`, which fails when the thrower and the caller were bundled with separate copies of
 * the class (the route modules are bundled apart from the host, as for isParseRefusal).
 */
export function isOwnPracticeError(error: unknown): error is OwnPracticeError {
  const candidate = error as { name?: unknown; code?: unknown } | null;
  return candidate?.name === "OwnPracticeError" && typeof candidate.code === "string";
}

export interface OwnPracticeInput {
  title: string;
  subjectName?: string;
  parsed: ParsedQuestions;
  /** Its texts' HTML, rendered by the parse pool (content/parse-jobs.ts); else rendered here. */
  renderedHtml?: ReadonlyMap<string, string>;
  /** The stored pictures its texts show, brought in by its owner (services/own-practices/pictures.ts). */
  pictures?: readonly PictureMeta[];
}

export interface OwnPracticeOptions {
  /** Where creations are counted (default: the database's rate-limit table); null: no limit. */
  limits?: RateLimitStore | null;
  now?: Date;
}

/** Creates a private practice of the user's; its code. */
export async function createOwnPractice(
  db: Kysely<DB>,
  userId: string,
  input: OwnPracticeInput,
  options: OwnPracticeOptions = {},
): Promise<{ code: string }> {
  const code = `${OWN_CODE_PREFIX}${randomBytes(9).toString("base64url")}`;
  const bank = checkedBank(code, input);
  if ((await countOwnPractices(db, userId)) >= OWN_PRACTICES_PER_USER) {
    throw new OwnPracticeError(
      "TOO_MANY_PRACTICES",
      errors.TOO_MANY_PRACTICES(OWN_PRACTICES_PER_USER),
      409,
    );
  }
  const limits = options.limits === undefined ? createDatabaseRateLimitStore(db) : options.limits;
  if (limits) {
    const decision = await limits.consume(
      `own-practice:create:${userId}`,
      OWN_PRACTICE_CREATE_LIMIT,
    );
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil((decision.retryAfter ?? 60) / 60));
      throw new OwnPracticeError("RATE_LIMITED", errors.RATE_LIMITED(minutes), 429);
    }
  }
  const now = (options.now ?? new Date()).toISOString();
  await importBanks(db, [bank], {
    now: options.now,
    renderedHtml: input.renderedHtml,
    pictures: pictureCatalog(input),
  });
  const practice = await db
    .selectFrom("practice")
    .select("id")
    .where("code", "=", code)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("own_practice")
    .values({
      practice_id: practice.id,
      owner_id: userId,
      subject_name: cleanSubject(input.subjectName),
      share_token: null,
      deleted_at: null,
      blocked_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { code };
}

/**
 * Replaces the practice's title, subject and questions; changed questions get new revisions.
 * `startedFrom` is the edit version the editor was opened at: when another edit was saved since,
 * nothing is written and the save is refused (409), so neither edit is silently lost.
 */
export async function updateOwnPractice(
  db: Kysely<DB>,
  userId: string,
  code: string,
  input: OwnPracticeInput,
  startedFrom: number,
  options: Pick<OwnPracticeOptions, "now"> = {},
): Promise<void> {
  const owned = await findOwnedPractice(db, userId, code);
  if (!owned) throw notFound();
  if (owned.edit_version !== startedFrom) throw staleEdit();
  const bank = checkedBank(owned.code, input);
  const now = (options.now ?? new Date()).toISOString();
  await importBanks(db, [bank], {
    now: options.now,
    allowRetire: true,
    renderedHtml: input.renderedHtml,
    pictures: pictureCatalog(input),
    beforeWrite: async (trx) => {
      const values = { subjectName: cleanSubject(input.subjectName), now };
      if (!(await claimEditVersion(trx, owned.id, startedFrom, values))) throw staleEdit();
    },
  });
}

function pictureCatalog(input: OwnPracticeInput): Map<string, PictureMeta> {
  return new Map((input.pictures ?? []).map((picture) => [picture.hash, picture]));
}

/** The practice as its editor shows it; null when it is not this user's (or deleted). */
export async function readOwnPracticeForEdit(
  db: Kysely<DB>,
  userId: string,
  code: string,
): Promise<{
  title: string;
  subjectName?: string;
  parsed: ParsedQuestions;
  /** The edit version this text is; a save sends it back (see updateOwnPractice). */
  version: number;
} | null> {
  const owned = await findOwnedPractice(db, userId, code);
  if (!owned) return null;
  const practice = (await readPracticeAsBank(db, owned.code))?.practices[0];
  if (!practice) return null;
  return {
    title: practice.title,
    ...(owned.subject_name ? { subjectName: owned.subject_name } : {}),
    parsed: { chapters: practice.chapters ?? [], questions: practice.questions },
    version: owned.edit_version,
  };
}

/**
 * "Xóa đề": a practice nobody attempted is deleted with its questions; one somebody attempted
 * (its owner included) is marked deleted and unshared, its revisions kept for their replays.
 */
export async function deleteOwnPractice(
  db: Kysely<DB>,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  const owned = await findOwnedPractice(db, userId, code);
  if (!owned) throw notFound();
  const markDeleted = () =>
    db
      .updateTable("own_practice")
      .set({ deleted_at: now.toISOString(), share_token: null, updated_at: now.toISOString() })
      .where("practice_id", "=", owned.id)
      .execute();
  if (await practiceWasAttempted(db, owned.id)) {
    await markDeleted();
    return;
  }
  try {
    await db.transaction().execute((trx) => purgePractice(trx, owned.id));
  } catch {
    // An attempt saved meanwhile now points at it (the foreign key refused): keep it, marked.
    await markDeleted();
  }
}

/** The path of a share link: /practice-review/s_<token>. */
function sharePath(token: string): string {
  return paths.practiceSetup(`${SHARE_PREFIX}${token}`);
}

/** "Chia sẻ": a new unguessable token (a revoked link never works again); the link's path. */
export async function shareOwnPractice(
  db: Kysely<DB>,
  userId: string,
  code: string,
): Promise<{ token: string; path: string }> {
  const owned = await findOwnedPractice(db, userId, code);
  if (!owned) throw notFound();
  if (owned.share_token) return { token: owned.share_token, path: sharePath(owned.share_token) };
  const token = randomBytes(18).toString("base64url");
  await db
    .updateTable("own_practice")
    .set({ share_token: token })
    .where("practice_id", "=", owned.id)
    .execute();
  return { token, path: sharePath(token) };
}

/** "Ngừng chia sẻ": the link stops working at once. */
export async function unshareOwnPractice(
  db: Kysely<DB>,
  userId: string,
  code: string,
): Promise<void> {
  const owned = await findOwnedPractice(db, userId, code);
  if (!owned) throw notFound();
  await db
    .updateTable("own_practice")
    .set({ share_token: null })
    .where("practice_id", "=", owned.id)
    .execute();
}

export interface OwnPracticeListItem extends OwnPracticeRow {
  /** The share link's path while shared. */
  sharePath: string | null;
}

/** "Đề của tôi". */
export async function listOwnPractices(
  db: Kysely<DB>,
  userId: string,
): Promise<OwnPracticeListItem[]> {
  const rows = await listOwnPracticeRows(db, userId);
  return rows.map((row) => ({
    ...row,
    sharePath: row.shareToken ? sharePath(row.shareToken) : null,
  }));
}

/** A logged URL with any share token masked: a link in the logs would open the practice. */
export function redactShareTokens(url: string): string {
  return url.replace(/(^|[/=]|%2F)s_[A-Za-z0-9_-]+/gi, "$1s_…");
}

function staleEdit(): OwnPracticeError {
  return new OwnPracticeError("STALE_EDIT", errors.STALE_EDIT, 409);
}

function notFound(): OwnPracticeError {
  return new OwnPracticeError("NOT_FOUND", errors.NOT_FOUND, 404);
}

function cleanSubject(subjectName: string | undefined): string | null {
  const trimmed = subjectName?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/**
 * The input as one bank of one practice, checked by the importer's own validation: limits
 * first (cheap), then the bank schema and every question rule. Any error refuses it.
 */
function checkedBank(code: string, input: OwnPracticeInput): Bank {
  const title = typeof input?.title === "string" ? input.title.trim() : "";
  if (title === "") throw new OwnPracticeError("TITLE_REQUIRED", errors.TITLE_REQUIRED);
  if (title.length > OWN_PRACTICE_TITLE_MAX) {
    throw new OwnPracticeError("TITLE_TOO_LONG", errors.TITLE_TOO_LONG(OWN_PRACTICE_TITLE_MAX));
  }
  const subject = cleanSubject(typeof input.subjectName === "string" ? input.subjectName : "");
  if (subject && subject.length > OWN_PRACTICE_SUBJECT_MAX) {
    throw new OwnPracticeError(
      "SUBJECT_TOO_LONG",
      errors.SUBJECT_TOO_LONG(OWN_PRACTICE_SUBJECT_MAX),
    );
  }
  const questions = Array.isArray(input.parsed?.questions) ? input.parsed.questions : [];
  const chapters = Array.isArray(input.parsed?.chapters) ? input.parsed.chapters : [];
  if (questions.length === 0) throw new OwnPracticeError("NO_QUESTIONS", errors.NO_QUESTIONS);
  if (questions.length > OWN_PRACTICE_MAX_QUESTIONS) {
    throw new OwnPracticeError(
      "TOO_MANY_QUESTIONS",
      errors.TOO_MANY_QUESTIONS(OWN_PRACTICE_MAX_QUESTIONS),
      413,
    );
  }
  const practice = { title, description: "", chapters, questions: questions.map(withoutLine) };
  const text = JSON.stringify({ subject, ...practice });
  if (Buffer.byteLength(text, "utf8") > OWN_PRACTICE_MAX_BYTES) {
    throw new OwnPracticeError(
      "TOO_LARGE",
      errors.TOO_LARGE(OWN_PRACTICE_MAX_BYTES / 1024 / 1024),
      413,
    );
  }
  // The importer's checks want a slug code; the real code is not one (a bank can never take it).
  const asFile = {
    subject: { code: "de-rieng", name: OWN_SUBJECT_NAME, description: "", keywords: [] },
    practices: [
      { ...practice, code: "de-rieng", ...(chapters.length ? {} : { chapters: undefined }) },
    ],
  };
  // Checked as it is: the text was parsed once, by the parse pool, before it came here.
  const { value, problems } = checkBankData(asFile, "de-cua-toi.json");
  const first = problems.find((problem) => problem.severity === "error");
  if (!value || first) {
    const where = first?.question ? `câu ${first.question}: ` : "";
    const message = (first?.message ?? "").replace(/^Đề “de-rieng”: /u, "");
    throw new OwnPracticeError("INVALID", errors.INVALID(`${where}${message}`));
  }
  const [checked] = value.practices;
  return {
    subject: { code: OWN_SUBJECT_CODE, name: OWN_SUBJECT_NAME, description: "", keywords: [] },
    practices: [{ ...checked!, code, hidden: true }],
  };
}

/** The parser's source line is for its preview, not part of a question (the schema is strict). */
function withoutLine(question: BankQuestion): Omit<BankQuestion, "line"> {
  if (!question || typeof question !== "object") return question;
  const { line: _line, ...rest } = question;
  return rest;
}
