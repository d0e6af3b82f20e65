import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * Chapters and questions. A question row is an immutable revision: an import that changes a
 * question retires its row and inserts the next revision, so an attempt that points at a row
 * can always be replayed exactly. Answers live in a JSON column (one row per question keeps a
 * 100-question range a single index scan); the HTML rendered at import time (KaTeX, code) is
 * stored beside the source text so reads do no rendering.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey() : col.primaryKey().autoIncrement();

  await db.schema
    .alterTable("practice")
    .addColumn("chapter_count", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("chapter")
    .addColumn("id", postgres ? "serial" : "integer", id)
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("title", "varchar(300)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("question_count", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("chapter_practice_idx_unique", ["practice_id", "idx"])
    .execute();

  await db.schema
    .createTable("question")
    .addColumn("id", postgres ? "serial" : "integer", id)
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("restrict"),
    )
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("chapter_idx", "integer")
    .addColumn("external_id", "varchar(200)")
    .addColumn("revision", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("retired", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("content_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("text_html", "text", (col) => col.notNull())
    .addColumn("explanation", "text")
    .addColumn("explanation_html", "text")
    .addColumn("reference_url", "text")
    /** JSON: [{ idx, text, html, isKey }] in source order. */
    .addColumn("answers", "text", (col) => col.notNull())
    .addColumn("key_count", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();

  // The two reads of the room: a range of positions, and one chapter, of the live revisions.
  await db.schema
    .createIndex("question_practice_live_idx")
    .on("question")
    .columns(["practice_id", "retired", "idx"])
    .execute();
  await db.schema
    .createIndex("question_practice_chapter_idx")
    .on("question")
    .columns(["practice_id", "retired", "chapter_idx", "idx"])
    .execute();
  // One live revision per position.
  await sql`create unique index question_live_position_unique on question (practice_id, idx) where retired = 0`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("question").execute();
  await db.schema.dropTable("chapter").execute();
  await db.schema.alterTable("practice").dropColumn("chapter_count").execute();
}
