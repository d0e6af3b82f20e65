import type { Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * "Thảo luận" (issue 30): students' comments under a question, one level of replies, up-votes,
 * reports of a comment.
 * - `comment`: on a question's position (`practice_id`, `idx`), so a discussion goes on across its
 *   revisions; `question_id` is the revision the author had seen. `body` as written, `body_html`
 *   rendered once (our text format: maths, code; everything else escaped). `parent_id`: the
 *   comment it replies to (top-level ones only). `votes` counts `comment_vote`. A deleted
 *   comment keeps its row (its replies stay), `deleted_at` set and its text emptied; an operator's
 *   `hidden_at` takes it out of sight.
 * - `comment_vote`: one per user and comment.
 * - `comment_report`: one per user and comment, for the operators.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("comment")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("cascade"),
    )
    .addColumn("author_id", "text", (col) =>
      col.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("parent_id", "integer", (col) => col.references("comment.id").onDelete("cascade"))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("body_html", "text", (col) => col.notNull())
    .addColumn("votes", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("edited_at", "text")
    .addColumn("deleted_at", "text")
    .addColumn("hidden_at", "text")
    .execute();
  await db.schema
    .createIndex("comment_position")
    .on("comment")
    .columns(["practice_id", "idx"])
    .execute();
  await db.schema
    .createTable("comment_vote")
    .addColumn("comment_id", "integer", (col) =>
      col.notNull().references("comment.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("comment_vote_pk", ["comment_id", "user_id"])
    .execute();
  await db.schema
    .createTable("comment_report")
    .addColumn("comment_id", "integer", (col) =>
      col.notNull().references("comment.id").onDelete("cascade"),
    )
    .addColumn("reporter_id", "text", (col) =>
      col.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("resolved", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("comment_report_pk", ["comment_id", "reporter_id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("comment_report").execute();
  await db.schema.dropTable("comment_vote").execute();
  await db.schema.dropTable("comment").execute();
}
