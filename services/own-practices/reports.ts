import { serverVi } from "#base/i18n/vi-server.ts";
import type { Kysely } from "kysely";
import { REPORT_LIMIT, REPORT_REASON_MAX } from "#base/limits.ts";
import { isOperator, resolvePractice, SHARE_PREFIX } from "#db/own-practices.ts";
import {
  insertReport,
  listOpenReports,
  resolveReport,
  setPracticeBlocked,
  type OpenReport,
} from "#db/practice-reports.ts";
import type { DB } from "#db/schema.ts";
import { OwnPracticeError } from "./manage.ts";
import { createDatabaseRateLimitStore, type RateLimitStore } from "#db/rate-limits.ts";

/**
 * "Báo cáo" on a shared practice, by a signed-in user who is not its owner, and what an
 * operator does with reports: hide the practice (the not-found screen for all but its owner),
 * show it again, mark a report resolved. Refusals are OwnPracticeErrors (Vietnamese messages).
 */

const errors = serverVi.ownPractices.errors;

export async function reportPractice(
  db: Kysely<DB>,
  userId: string,
  address: string,
  reason: string,
  options: { limits?: RateLimitStore | null; now?: Date } = {},
): Promise<void> {
  const practice = address.startsWith(SHARE_PREFIX)
    ? await resolvePractice(db, address, userId)
    : null;
  if (!practice?.own) throw new OwnPracticeError("NOT_FOUND", errors.NOT_FOUND, 404);
  if (practice.own.isOwner) throw new OwnPracticeError("INVALID", errors.REPORT_OWN, 400);
  const text = reason.trim();
  if (text === "") throw new OwnPracticeError("INVALID", errors.REPORT_REASON_REQUIRED);
  if (text.length > REPORT_REASON_MAX) {
    throw new OwnPracticeError("INVALID", errors.REPORT_REASON_TOO_LONG(REPORT_REASON_MAX));
  }
  const limits = options.limits === undefined ? createDatabaseRateLimitStore(db) : options.limits;
  if (limits) {
    const decision = await limits.consume(`practice-report:${userId}`, REPORT_LIMIT);
    if (!decision.allowed) {
      const minutes = Math.max(1, Math.ceil((decision.retryAfter ?? 60) / 60));
      throw new OwnPracticeError("RATE_LIMITED", errors.REPORT_RATE_LIMITED(minutes), 429);
    }
  }
  await insertReport(db, {
    practiceId: practice.id,
    reporterId: userId,
    reason: text,
    createdAt: (options.now ?? new Date()).toISOString(),
  });
}

async function requireOperator(db: Kysely<DB>, userId: string): Promise<void> {
  if (!(await isOperator(db, userId))) {
    throw new OwnPracticeError("NOT_FOUND", errors.NOT_OPERATOR, 404);
  }
}

export async function listReports(db: Kysely<DB>, operatorId: string): Promise<OpenReport[]> {
  await requireOperator(db, operatorId);
  return listOpenReports(db);
}

export type ReportAction = "hide" | "unhide" | "resolve";

/** An operator's action on a report: hide or show its practice again, or resolve it. */
export async function actOnReport(
  db: Kysely<DB>,
  operatorId: string,
  action: ReportAction,
  target: { practiceId?: number; reportId?: number },
  now: Date = new Date(),
): Promise<void> {
  await requireOperator(db, operatorId);
  const done =
    action === "resolve"
      ? target.reportId !== undefined && (await resolveReport(db, target.reportId))
      : target.practiceId !== undefined &&
        (await setPracticeBlocked(
          db,
          target.practiceId,
          action === "hide" ? now.toISOString() : null,
        ));
  if (!done) throw new OwnPracticeError("NOT_FOUND", errors.NOT_FOUND, 404);
}
