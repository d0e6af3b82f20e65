import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import {
  QUESTION_REPORT_LIMIT,
  QUESTION_REPORT_NOTE_MAX,
  QUESTION_REPORT_REPLY_MAX,
} from "#base/limits.ts";
import { isReportReason } from "#base/question-reports.ts";
import { isOperator, openablePractices, resolvePractice } from "#db/own-practices.ts";
import {
  closeReportsAt,
  findReportedQuestion,
  insertQuestionReport,
  listOpenQuestionReports,
  reportsSeenBy,
  userAnsweredQuestion,
  type OpenQuestionReport,
  type ReportedQuestion,
  type ReportsSeen,
} from "#db/question-reports.ts";
import { createDatabaseRateLimitStore, type RateLimitStore } from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";

/**
 * "Báo đáp án sai" (issue 30): a signed-in student reports a question they may open (or have
 * answered) with a reason and a note; the report goes to the practice's owner (an own practice)
 * or to the operators (a practice of the catalogue), who fix the question (fix.ts), answer or
 * dismiss. While a report is open, everybody sees "Đang được xem lại" on the question.
 */

const errors = sharedVi.questionReports.errors;

export type QuestionReportErrorCode =
  | "NOT_FOUND"
  | "OWN_PRACTICE"
  | "BAD_REASON"
  | "NOTE_TOO_LONG"
  | "ALREADY"
  | "RATE_LIMITED"
  | "NOT_HANDLER"
  | "STALE"
  | "INVALID"
  | "NO_OPEN_REPORT"
  | "RESCORE"
  | "BUSY";

/** A refusal with its Vietnamese message and the HTTP status a route answers with. */
export class QuestionReportError extends Error {
  constructor(
    readonly code: QuestionReportErrorCode,
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = "QuestionReportError";
  }
}

/** By name, not `instanceof`: route modules are bundled apart from the host (see isOwnPracticeError). */
export function isQuestionReportError(error: unknown): error is QuestionReportError {
  const candidate = error as { name?: unknown; code?: unknown } | null;
  return candidate?.name === "QuestionReportError" && typeof candidate.code === "string";
}

const notFound = () => new QuestionReportError("NOT_FOUND", errors.NOT_FOUND, 404);

export interface ReportInput {
  questionId: number;
  reason: unknown;
  note: unknown;
  /** The address the student opened the practice by (a share link's `s_…` included), if any. */
  address?: string;
}

/**
 * Files a student's report. Who may report a question: one who may open its practice by the
 * address they came by, or by its code or a link they saved an attempt through, or who saved an
 * attempt that answered it. Never its owner, never twice the same revision, at most
 * QUESTION_REPORT_LIMIT an hour.
 */
export async function reportQuestion(
  db: Kysely<DB>,
  userId: string,
  input: ReportInput,
  options: { limits?: RateLimitStore | null; now?: Date } = {},
): Promise<void> {
  if (!isReportReason(input.reason)) throw new QuestionReportError("BAD_REASON", errors.BAD_REASON);
  const note = typeof input.note === "string" ? input.note.trim() : "";
  if (note.length > QUESTION_REPORT_NOTE_MAX) {
    throw new QuestionReportError("NOTE_TOO_LONG", errors.NOTE_TOO_LONG(QUESTION_REPORT_NOTE_MAX));
  }
  const question = await findReportedQuestion(db, input.questionId);
  if (!question || question.deleted || !(await mayReport(db, userId, question, input.address))) {
    throw notFound();
  }
  if (question.ownerId === userId) {
    throw new QuestionReportError("OWN_PRACTICE", errors.OWN_PRACTICE, 400);
  }
  const limits = options.limits === undefined ? createDatabaseRateLimitStore(db) : options.limits;
  if (limits) {
    const decision = await limits.consume(`question-report:${userId}`, QUESTION_REPORT_LIMIT);
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil((decision.retryAfter ?? 60) / 60));
      throw new QuestionReportError("RATE_LIMITED", errors.RATE_LIMITED(minutes), 429);
    }
  }
  const inserted = await insertQuestionReport(db, {
    question,
    reporterId: userId,
    reason: input.reason,
    note,
    createdAt: (options.now ?? new Date()).toISOString(),
  });
  if (!inserted) throw new QuestionReportError("ALREADY", errors.ALREADY, 409);
}

async function mayReport(
  db: Kysely<DB>,
  userId: string,
  question: ReportedQuestion,
  address: string | undefined,
): Promise<boolean> {
  return (
    (await mayOpenQuestion(db, userId, question, address)) ||
    userAnsweredQuestion(db, userId, question.id)
  );
}

/**
 * Whether the viewer may open the question's practice now: by the address they came by (a share
 * link's `s_…` included), by its code (the catalogue's, or their own), or by a link they saved an
 * attempt through while it is still the practice's (db/own-practices.ts decides each). A revoked
 * link or a practice an operator hid is closed again at once.
 */
export async function mayOpenQuestion(
  db: Kysely<DB>,
  viewerId: string | null,
  question: ReportedQuestion,
  address: string | undefined,
): Promise<boolean> {
  if (question.deleted) return false;
  const byAddress = address ?? question.practiceCode;
  if ((await resolvePractice(db, byAddress, viewerId))?.id === question.practiceId) return true;
  if (viewerId === null) return false;
  return (await openablePractices(db, viewerId, [question.practiceId])).has(question.practiceId);
}

/** What a question shows of its reports: "Đang được xem lại", and the viewer's own report. */
export type QuestionReportsView = ReportsSeen;

/**
 * These questions, each with what it shows of its reports (`reports`), for the screens that show
 * results: the room, the review room, the replay.
 */
export async function withReportsSeen<Q extends { id: number }>(
  db: Kysely<DB>,
  viewerId: string | null,
  questions: readonly Q[],
): Promise<(Q & { reports?: QuestionReportsView })[]> {
  const seen = await reportsSeenBy(
    db,
    viewerId,
    questions.map((question) => question.id),
  );
  if (seen.size === 0) return [...questions];
  return questions.map((question) => {
    const reports = seen.get(question.id);
    return reports ? { ...question, reports } : question;
  });
}

/** Open reports grouped by question, as the queue shows them. */
export interface ReportedPosition {
  /** The latest revision reported: the fix page's address. */
  questionId: number;
  practiceCode: string;
  practiceTitle: string;
  /** 1-based, as people count. */
  number: number;
  reports: Pick<OpenQuestionReport, "id" | "reason" | "note" | "reporterName" | "createdAt">[];
}

function groupByPosition(reports: readonly OpenQuestionReport[]): ReportedPosition[] {
  const groups = new Map<string, ReportedPosition>();
  for (const report of reports) {
    const key = `${report.practiceId}:${report.idx}`;
    const group = groups.get(key) ?? {
      questionId: report.questionId,
      practiceCode: report.practiceCode,
      practiceTitle: report.practiceTitle,
      number: report.idx + 1,
      reports: [],
    };
    group.questionId = Math.max(group.questionId, report.questionId);
    const { id, reason, note, reporterName, createdAt } = report;
    group.reports.push({ id, reason, note, reporterName, createdAt });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The open reports on this owner's own practices ("Đề của tôi"). */
export async function ownerQuestionReports(
  db: Kysely<DB>,
  ownerId: string,
): Promise<ReportedPosition[]> {
  return groupByPosition(await listOpenQuestionReports(db, { owner: ownerId }));
}

/** The open reports on the catalogue's practices, for an operator (/admin/reports); else none. */
export async function catalogueQuestionReports(
  db: Kysely<DB>,
  userId: string,
): Promise<ReportedPosition[]> {
  if (!(await isOperator(db, userId))) return [];
  return groupByPosition(await listOpenQuestionReports(db, { owner: null }));
}

/**
 * The question a handler may act on: its practice's owner for an own practice (not deleted), an
 * operator for a practice of the catalogue. Anybody else: not found.
 */
export async function questionToHandle(
  db: Kysely<DB>,
  userId: string,
  questionId: number,
): Promise<ReportedQuestion> {
  const question = await findReportedQuestion(db, questionId);
  if (!question || question.deleted) throw notHandler();
  const handles =
    question.ownerId === null ? await isOperator(db, userId) : question.ownerId === userId;
  if (!handles) throw notHandler();
  return question;
}

const notHandler = () => new QuestionReportError("NOT_FOUND", errors.NOT_HANDLER, 404);

/** The open reports on the question at this revision's position, for its handler. */
export async function openReportsOf(
  db: Kysely<DB>,
  question: ReportedQuestion,
): Promise<OpenQuestionReport[]> {
  return listOpenQuestionReports(db, {
    owner: question.ownerId,
    position: { practiceId: question.practiceId, idx: question.idx },
  });
}

/** A reply checked: trimmed, at most QUESTION_REPORT_REPLY_MAX; null when empty. */
export function checkedReply(value: unknown): string | null {
  const reply = typeof value === "string" ? value.trim() : "";
  if (reply.length > QUESTION_REPORT_REPLY_MAX) {
    throw new QuestionReportError("INVALID", errors.REPLY_TOO_LONG(QUESTION_REPORT_REPLY_MAX));
  }
  return reply === "" ? null : reply;
}

/**
 * "Trả lời" (the key stands, with a reply to the reporters) or "Bỏ qua" (closed, an optional
 * reply): every open report on the question closes.
 */
export async function closeQuestionReports(
  db: Kysely<DB>,
  userId: string,
  questionId: number,
  action: "answered" | "dismissed",
  replyValue: unknown,
  now: Date = new Date(),
): Promise<void> {
  const question = await questionToHandle(db, userId, questionId);
  const reply = checkedReply(replyValue);
  if (action === "answered" && reply === null) {
    throw new QuestionReportError("INVALID", errors.REPLY_REQUIRED);
  }
  const closed = await closeReportsAt(
    db,
    { practiceId: question.practiceId, idx: question.idx },
    { status: action, reply, now: now.toISOString() },
  );
  if (closed === 0) throw new QuestionReportError("NO_OPEN_REPORT", errors.NO_OPEN_REPORT, 409);
}

/** Whether this user owns the practice of this question revision (then they fix, not report). */
export async function ownsQuestion(
  db: Kysely<DB>,
  userId: string,
  questionId: number,
): Promise<boolean> {
  return (await findReportedQuestion(db, questionId))?.ownerId === userId;
}
