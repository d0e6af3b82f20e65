import { sql, type Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * Pictures in questions (issue 26), in the database as avatars are (ADR 0010), so several
 * instances need nothing more. A picture is stored once by its content hash (`hash`: 32 hex of
 * the SHA-256 of `bytes`); `small_bytes` is its 640-px-wide variant for phones, when it is wider.
 * `question_picture` ties a picture to each question revision that shows it, so a revision that
 * drops a picture keeps it for the replays of old attempts. `picture_upload` records who brought a
 * picture in before any saved practice used it (a dropped Word file, a pasted picture), so the
 * editor's preview can show it to them and no one else.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const blob = dialectOf(db) === "postgres" ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("picture")
    .addColumn("hash", "varchar(32)", (col) => col.primaryKey())
    .addColumn("type", "varchar(8)", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull())
    .addColumn("bytes", blob, (col) => col.notNull())
    .addColumn("small_bytes", blob)
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("question_picture")
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("cascade"),
    )
    .addColumn("picture_hash", "varchar(32)", (col) => col.notNull().references("picture.hash"))
    .addPrimaryKeyConstraint("question_picture_pk", ["question_id", "picture_hash"])
    .execute();
  await db.schema
    .createIndex("question_picture_hash_idx")
    .on("question_picture")
    .column("picture_hash")
    .execute();
  await db.schema
    .createTable("picture_upload")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("picture_hash", "varchar(32)", (col) => col.notNull().references("picture.hash"))
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("picture_upload_pk", ["user_id", "picture_hash"])
    .execute();
  await db.schema
    .createIndex("picture_upload_hash_idx")
    .on("picture_upload")
    .column("picture_hash")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("picture_upload").execute();
  await db.schema.dropTable("question_picture").execute();
  await db.schema.dropTable("picture").execute();
}
