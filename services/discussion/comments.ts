import type { Kysely } from "kysely";
import { formatDateTime } from "#base/dates.ts";
import { sharedVi } from "#base/i18n/vi.ts";
import {
  COMMENT_LIMIT,
  COMMENT_MAX,
  COMMENT_REPORT_LIMIT,
  COMMENT_VOTE_LIMIT,
} from "#base/limits.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import {
  deleteComment,
  dismissCommentReports,
  findComment,
  hideComment,
  insertComment,
  insertCommentReport,
  listComments,
  listReportedComments,
  setVote,
  updateComment,
  type CommentRef,
  type ReportedComment,
} from "#db/comments.ts";
import { isOperator } from "#db/own-practices.ts";
import { findReportedQuestion, type ReportedQuestion } from "#db/question-reports.ts";
import type { RateLimitRule, RateLimitStore } from "#db/rate-limits.ts";
import { createDatabaseRateLimitStore } from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";
import { mayOpenQuestion } from "#services/question-reports/reports.ts";

/**
 * "Thảo luận" (issue 30): comments under a question, for whoever may open its practice (a
 * private practice's never reach anyone else; a revoked link or a hidden practice closes its
 * discussion at once). Signed-in students write, reply one level deep, up-vote, edit and delete
 * their own, report others'; operators hide. A comment is our text format (maths `$…$`, code),
 * rendered in the parse pool (ADR 0015) and escaped: no HTML, no link, nothing that runs.
 */

const errors = sharedVi.discussion.errors;

export type DiscussionErrorCode =
  "NOT_FOUND" | "SIGN_IN" | "INVALID" | "FORBIDDEN" | "RATE_LIMITED" | "CONFLICT" | "BUSY";

export class DiscussionError extends Error {
  constructor(
    readonly code: DiscussionErrorCode,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = "DiscussionError";
  }
}

/** By name, not `instanceof`: route modules are bundled apart from the host. */
export function isDiscussionError(error: unknown): error is DiscussionError {
  const candidate = error as { name?: unknown; code?: unknown } | null;
  return candidate?.name === "DiscussionError" && typeof candidate.code === "string";
}

const notFound = () => new DiscussionError("NOT_FOUND", errors.NOT_FOUND, 404);
const commentNotFound = () => new DiscussionError("NOT_FOUND", errors.COMMENT_NOT_FOUND, 404);

export interface DiscussionDeps {
  db: Kysely<DB>;
  parse: ParsePool;
  /** Where the limits are counted (default: the database); null: none (tests). */
  limits?: RateLimitStore | null;
  now?: Date;
}

/** A comment as the discussion panel shows it. */
export interface CommentView {
  id: number;
  authorName: string;
  authorImage: string | null;
  html: string;
  votes: number;
  voted: boolean;
  /** dd/MM/yyyy HH:mm, Vietnam's time. */
  createdAt: string;
  edited: boolean;
  deleted: boolean;
  mine: boolean;
  /** The viewer's own comment as written, for its edit. */
  source?: string;
  replies: CommentView[];
}

export interface Discussion {
  comments: CommentView[];
  /** A signed-in viewer may write; a visitor reads. */
  canWrite: boolean;
  /** An operator may hide any comment. */
  canHide: boolean;
}

/** The question a viewer may open, or not found. */
async function openQuestion(
  db: Kysely<DB>,
  viewerId: string | null,
  questionId: number,
  address: string | undefined,
): Promise<ReportedQuestion> {
  const question = await findReportedQuestion(db, questionId);
  if (!question || !(await mayOpenQuestion(db, viewerId, question, address))) throw notFound();
  return question;
}

/**
 * The discussion of a question: top-level comments by votes (ties: oldest first), each with its
 * replies oldest first. A deleted comment shows only when replies hang under it.
 */
export async function readDiscussion(
  db: Kysely<DB>,
  viewerId: string | null,
  questionId: number,
  address?: string,
): Promise<Discussion> {
  const question = await openQuestion(db, viewerId, questionId, address);
  const rows = await listComments(db, question, viewerId);
  const view = (row: (typeof rows)[number]): CommentView => {
    const mine = viewerId !== null && row.authorId === viewerId && !row.deleted;
    return {
      id: row.id,
      authorName: row.deleted ? "" : row.authorName,
      authorImage: row.deleted ? null : row.authorImage,
      html: row.bodyHtml,
      votes: row.votes,
      voted: row.voted,
      createdAt: formatDateTime(row.createdAt),
      edited: row.edited,
      deleted: row.deleted,
      mine,
      ...(mine ? { source: row.body } : {}),
      replies: [],
    };
  };
  const top = new Map<number, CommentView>();
  for (const row of rows) if (row.parentId === null) top.set(row.id, view(row));
  for (const row of rows) {
    if (row.parentId === null || row.deleted) continue;
    top.get(row.parentId)?.replies.push(view(row));
  }
  const comments = [...top.values()]
    .filter((comment) => !comment.deleted || comment.replies.length > 0)
    .sort((a, b) => b.votes - a.votes || a.id - b.id);
  return {
    comments,
    canWrite: viewerId !== null,
    canHide: viewerId !== null && (await isOperator(db, viewerId)),
  };
}

async function consume(
  limits: RateLimitStore | null,
  key: string,
  rule: RateLimitRule,
  message: (minutes: number) => string,
): Promise<void> {
  if (!limits) return;
  const decision = await limits.consume(key, rule);
  if (decision.allowed) return;
  const minutes = Math.max(1, Math.ceil((decision.retryAfter ?? 60) / 60));
  throw new DiscussionError("RATE_LIMITED", message(minutes), 429);
}

function limitsOf(deps: DiscussionDeps): RateLimitStore | null {
  return deps.limits === undefined ? createDatabaseRateLimitStore(deps.db) : deps.limits;
}

/** A comment's text checked and rendered off the request path: its HTML. */
async function rendered(parse: ParsePool, value: unknown): Promise<{ body: string; html: string }> {
  const body = typeof value === "string" ? value.trim() : "";
  if (body === "") throw new DiscussionError("INVALID", errors.EMPTY);
  if (body.length > COMMENT_MAX) throw new DiscussionError("INVALID", errors.TOO_LONG(COMMENT_MAX));
  try {
    const html = await parse.run("renderTexts", { texts: [body], pictures: [] });
    return { body, html: html.get(body) ?? "" };
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    throw error.reason === "busy"
      ? new DiscussionError("BUSY", errors.BUSY, 503)
      : new DiscussionError("INVALID", errors.TOO_COSTLY, 422);
  }
}

/** A new comment, or a reply to a top-level comment of the same question; its id. */
export async function postComment(
  deps: DiscussionDeps,
  userId: string,
  input: { questionId: number; address?: string; body: unknown; parentId?: number },
): Promise<number> {
  const { db } = deps;
  const question = await openQuestion(db, userId, input.questionId, input.address);
  let parentId: number | null = null;
  if (input.parentId !== undefined) {
    const parent = await findComment(db, input.parentId);
    const samePlace =
      parent && parent.practiceId === question.practiceId && parent.idx === question.idx;
    if (!parent || !samePlace || parent.hidden) throw commentNotFound();
    if (parent.parentId !== null) throw new DiscussionError("INVALID", errors.REPLY_DEPTH);
    parentId = parent.id;
  }
  const { body, html } = await rendered(deps.parse, input.body);
  await consume(limitsOf(deps), `comment:${userId}`, COMMENT_LIMIT, errors.RATE_LIMITED);
  return insertComment(db, {
    practiceId: question.practiceId,
    idx: question.idx,
    questionId: question.id,
    authorId: userId,
    parentId,
    body,
    bodyHtml: html,
    createdAt: (deps.now ?? new Date()).toISOString(),
  });
}

/** A comment the viewer may still see (its question open to them, not hidden). */
async function visibleComment(
  db: Kysely<DB>,
  userId: string,
  commentId: number,
  address: string | undefined,
): Promise<CommentRef> {
  const comment = await findComment(db, commentId);
  if (!comment || comment.hidden) throw commentNotFound();
  const question = await findReportedQuestion(db, comment.questionId);
  if (!question || !(await mayOpenQuestion(db, userId, question, address))) {
    throw commentNotFound();
  }
  return comment;
}

export async function editComment(
  deps: DiscussionDeps,
  userId: string,
  input: { commentId: number; address?: string; body: unknown },
): Promise<void> {
  const comment = await visibleComment(deps.db, userId, input.commentId, input.address);
  if (comment.authorId !== userId || comment.deleted) {
    throw new DiscussionError("FORBIDDEN", errors.NOT_YOURS, 403);
  }
  const { body, html } = await rendered(deps.parse, input.body);
  await consume(limitsOf(deps), `comment:${userId}`, COMMENT_LIMIT, errors.RATE_LIMITED);
  const now = (deps.now ?? new Date()).toISOString();
  if (
    !(await updateComment(deps.db, comment.id, userId, { body, bodyHtml: html, editedAt: now }))
  ) {
    throw new DiscussionError("FORBIDDEN", errors.NOT_YOURS, 403);
  }
}

export async function removeComment(
  deps: DiscussionDeps,
  userId: string,
  input: { commentId: number; address?: string },
): Promise<void> {
  const comment = await visibleComment(deps.db, userId, input.commentId, input.address);
  const now = (deps.now ?? new Date()).toISOString();
  if (comment.authorId !== userId || !(await deleteComment(deps.db, comment.id, userId, now))) {
    throw new DiscussionError("FORBIDDEN", errors.NOT_YOURS, 403);
  }
}

/** Up-votes a comment (or takes the vote back); its votes now. */
export async function voteComment(
  deps: DiscussionDeps,
  userId: string,
  input: { commentId: number; address?: string; up: boolean },
): Promise<number> {
  const comment = await visibleComment(deps.db, userId, input.commentId, input.address);
  if (comment.deleted) throw commentNotFound();
  await consume(limitsOf(deps), `comment-vote:${userId}`, COMMENT_VOTE_LIMIT, errors.VOTE_LIMITED);
  return setVote(deps.db, comment.id, userId, input.up);
}

export async function reportComment(
  deps: DiscussionDeps,
  userId: string,
  input: { commentId: number; address?: string },
): Promise<void> {
  const comment = await visibleComment(deps.db, userId, input.commentId, input.address);
  if (comment.deleted) throw commentNotFound();
  if (comment.authorId === userId) throw new DiscussionError("INVALID", errors.OWN_COMMENT);
  await consume(
    limitsOf(deps),
    `comment-report:${userId}`,
    COMMENT_REPORT_LIMIT,
    errors.REPORT_LIMITED,
  );
  const now = (deps.now ?? new Date()).toISOString();
  if (!(await insertCommentReport(deps.db, comment.id, userId, now))) {
    throw new DiscussionError("CONFLICT", errors.ALREADY_REPORTED, 409);
  }
}

async function requireOperator(db: Kysely<DB>, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) {
    throw new DiscussionError("FORBIDDEN", errors.NOT_OPERATOR, 403);
  }
}

/** An operator hides a comment everywhere, or keeps a reported one (its reports closed). */
export async function moderateComment(
  deps: DiscussionDeps,
  userId: string,
  commentId: number,
  action: "hide" | "keep",
): Promise<void> {
  await requireOperator(deps.db, userId);
  const done =
    action === "hide"
      ? await hideComment(deps.db, commentId, (deps.now ?? new Date()).toISOString())
      : await dismissCommentReports(deps.db, commentId);
  if (!done) throw commentNotFound();
}

/** Reported comments for /admin/reports; none for anybody but an operator. */
export async function reportedComments(db: Kysely<DB>, userId: string): Promise<ReportedComment[]> {
  if (!(await isOperator(db, userId))) return [];
  return listReportedComments(db);
}
