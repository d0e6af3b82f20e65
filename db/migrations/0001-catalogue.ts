import { sql, type Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

// Migrations take Kysely<any>: they describe the schema as it was then, not as it is now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("subject")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("code", "varchar(120)", (col) => col.notNull().unique())
    .addColumn("name", "varchar(200)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("keywords", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("practice")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("code", "varchar(120)", (col) => col.notNull().unique())
    .addColumn("subject_id", "integer", (col) =>
      col.notNull().references("subject.id").onDelete("restrict"),
    )
    .addColumn("title", "varchar(300)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("source", "text")
    .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("question_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("attempt_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("content_version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addCheckConstraint(
      "practice_counts_non_negative",
      sql`question_count >= 0 and attempt_count >= 0`,
    )
    .execute();

  await db.schema
    .createIndex("practice_subject_idx")
    .on("practice")
    .columns(["subject_id", "sort_order"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("practice").execute();
  await db.schema.dropTable("subject").execute();
}
