import type { Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * "Báo đáp án sai" (issue 30): a student's report on a question, the fixes made from reports,
 * and an attempt rescored against a fixed key.
 * - `question_report`: one per student and question revision; `practice_id` and `idx` name the
 *   question's position, so a report stays on its question when the question gets a new revision.
 *   `status`: open, fixed, answered or dismissed; `reply` is what the owner or operator wrote back.
 * - `question_fix`: a revision made from reports replaced `old_question_id`; `keys_changed` says
 *   whether its keys moved (then attempts on the old one may be rescored).
 * - `attempt.original_right`: the score as first computed, kept once an attempt is rescored;
 *   `attempt.rescored_at`: when.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("question_report")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("cascade"),
    )
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("reporter_id", "text", (col) =>
      col.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
    .addColumn("reply", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("handled_at", "text")
    .execute();
  await db.schema
    .createIndex("question_report_once")
    .unique()
    .on("question_report")
    .columns(["question_id", "reporter_id"])
    .execute();
  await db.schema
    .createIndex("question_report_position")
    .on("question_report")
    .columns(["practice_id", "idx", "status"])
    .execute();
  await db.schema
    .createIndex("question_report_reporter")
    .on("question_report")
    .columns(["reporter_id", "practice_id"])
    .execute();
  await db.schema
    .createTable("question_fix")
    .addColumn("old_question_id", "integer", (col) =>
      col.primaryKey().references("question.id").onDelete("cascade"),
    )
    .addColumn("new_question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("cascade"),
    )
    .addColumn("keys_changed", "integer", (col) => col.notNull())
    .addColumn("fixed_at", "text", (col) => col.notNull())
    .addColumn("fixed_by", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("attempt").addColumn("original_right", "integer").execute();
  await db.schema.alterTable("attempt").addColumn("rescored_at", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt").dropColumn("rescored_at").execute();
  await db.schema.alterTable("attempt").dropColumn("original_right").execute();
  await db.schema.dropTable("question_fix").execute();
  await db.schema.dropTable("question_report").execute();
}
