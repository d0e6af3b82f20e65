import type { Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * A student's own practices (ADR 0012). A practice stays one `practice` row with its chapters
 * and question revisions, written by the importer exactly as a bank's, so the room, history,
 * review of mistakes and statistics read it unchanged. What makes it a student's lives in
 * `own_practice`, one row beside it:
 * - `owner_id`: the student (cascade: deleting an account deletes its ownership; the account
 *   deletion then purges its practices that nobody attempted, see db/own-practices.ts);
 * - `subject_name`: the student's free-text subject, a label only. Every own practice belongs
 *   to one system subject (code `_cua-hoc-sinh`, never a slug, so never a bank's) that the
 *   catalogue never lists: `practice.subject_id` stays NOT NULL and every join keeps working,
 *   without one catalogue subject per student;
 * - `share_token`: null while private; a link's unguessable token while shared. "Ngừng chia
 *   sẻ" clears it and a new share draws a new one, so a revoked link never works again;
 * - `deleted_at`: "Xóa đề" on a practice somebody attempted keeps its revisions (replays point
 *   at them) and marks it; one nobody attempted is deleted outright;
 * - `blocked_at`: hidden by an operator after a report.
 * The practice row itself has `hidden = 1`, so no public read (catalogue, subject pages,
 * suggestions, search) ever sees it.
 *
 * Side tables rather than columns on `practice`: SQLite cannot drop a column that holds a
 * foreign key, and rebuilding `practice` under its chapters, questions and attempts would be a
 * large migration for a small feature; a table is added and dropped cleanly on both dialects.
 * `practice_report` holds reports ("Báo cáo"); `operator` the users allowed to act on them
 * (set by `npm run user -- grant-admin EMAIL`). An index on `attempt(practice_id)` answers
 * "did anybody attempt this practice?" when one is deleted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("own_practice")
    .addColumn("practice_id", "integer", (col) =>
      col.primaryKey().references("practice.id").onDelete("cascade"),
    )
    .addColumn("owner_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("subject_name", "varchar(200)")
    .addColumn("share_token", "varchar(64)", (col) => col.unique())
    .addColumn("deleted_at", "varchar(32)")
    .addColumn("blocked_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("own_practice_owner_idx")
    .on("own_practice")
    .columns(["owner_id", "created_at"])
    .execute();

  await db.schema
    .createTable("practice_report")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("reporter_id", "text", (col) =>
      col.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("resolved", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("practice_report_open_idx")
    .on("practice_report")
    .columns(["resolved", "created_at"])
    .execute();

  await db.schema
    .createTable("operator")
    .addColumn("user_id", "text", (col) =>
      col.primaryKey().references("user.id").onDelete("cascade"),
    )
    .addColumn("granted_at", "varchar(32)", (col) => col.notNull())
    .execute();

  await db.schema.createIndex("attempt_practice_idx").on("attempt").column("practice_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("attempt_practice_idx").execute();
  await db.schema.dropTable("operator").execute();
  await db.schema.dropTable("practice_report").execute();
  await db.schema.dropTable("own_practice").execute();
}
