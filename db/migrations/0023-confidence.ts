import type { Kysely } from "kysely";

/**
 * "Độ chắc chắn" (issue 30): a room may ask, before each answer is submitted, whether the student
 * is sure ("SURE") or guessing ("GUESS").
 * - `attempt_answer.confidence`: the mark given, null when none was (or the room did not ask);
 * - `attempt.confidence_marked`, `lucky_guesses`, `confident_mistakes`: per attempt, the answers
 *   marked, the right ones marked GUESS and the wrong ones marked SURE, counted by the save so
 *   the statistics sum attempts as they already do, never a student's every answer. Null when
 *   the room did not ask (every attempt before this migration).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt_answer").addColumn("confidence", "text").execute();
  await db.schema.alterTable("attempt").addColumn("confidence_marked", "integer").execute();
  await db.schema.alterTable("attempt").addColumn("lucky_guesses", "integer").execute();
  await db.schema.alterTable("attempt").addColumn("confident_mistakes", "integer").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt").dropColumn("confident_mistakes").execute();
  await db.schema.alterTable("attempt").dropColumn("lucky_guesses").execute();
  await db.schema.alterTable("attempt").dropColumn("confidence_marked").execute();
  await db.schema.alterTable("attempt_answer").dropColumn("confidence").execute();
}
