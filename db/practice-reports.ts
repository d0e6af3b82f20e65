import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** Reports on shared practices ("Báo cáo") and the operators who read them (migration 0012). */

export interface OpenReport {
  id: number;
  practiceId: number;
  practiceTitle: string;
  /** The practice's code: an operator opens any own practice not deleted by it. */
  practiceCode: string;
  reporterName: string;
  reason: string;
  createdAt: string;
  blocked: boolean;
}

export async function insertReport(
  db: Kysely<DB>,
  values: { practiceId: number; reporterId: string; reason: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto("practice_report")
    .values({
      practice_id: values.practiceId,
      reporter_id: values.reporterId,
      reason: values.reason,
      created_at: values.createdAt,
    })
    .execute();
}

/** Reports not yet resolved, oldest first (at most `limit`). */
export async function listOpenReports(db: Kysely<DB>, limit = 200): Promise<OpenReport[]> {
  const rows = await db
    .selectFrom("practice_report")
    .innerJoin("practice", "practice.id", "practice_report.practice_id")
    .innerJoin("user", "user.id", "practice_report.reporter_id")
    .leftJoin("own_practice", "own_practice.practice_id", "practice.id")
    .select([
      "practice_report.id",
      "practice_report.practice_id",
      "practice_report.reason",
      "practice_report.created_at",
      "practice.title",
      "practice.code",
      "user.name",
      "own_practice.blocked_at",
    ])
    .where("practice_report.resolved", "=", 0)
    .orderBy("practice_report.created_at")
    .orderBy("practice_report.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    practiceId: row.practice_id,
    practiceTitle: row.title,
    practiceCode: row.code,
    reporterName: row.name,
    reason: row.reason,
    createdAt: row.created_at,
    blocked: row.blocked_at !== null,
  }));
}

/** Hides (or shows again) an own practice; false when it is not one. */
export async function setPracticeBlocked(
  db: Kysely<DB>,
  practiceId: number,
  blockedAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("own_practice")
    .set({ blocked_at: blockedAt })
    .where("practice_id", "=", practiceId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function resolveReport(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("practice_report")
    .set({ resolved: 1 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes the user with this email an operator (or not); false when no user has it. */
export async function setOperator(
  db: Kysely<DB>,
  email: string,
  operator: boolean,
  now: Date = new Date(),
): Promise<boolean> {
  const user = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) return false;
  if (!operator) {
    await db.deleteFrom("operator").where("user_id", "=", user.id).execute();
    return true;
  }
  await db
    .insertInto("operator")
    .values({ user_id: user.id, granted_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  return true;
}
