import { sql, type Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * Profile pictures in the database (ADR 0010), so every instance serves every picture: they were
 * files in one instance's DATA_DIR. `name` is the public file name, `<userId>-<16 hex of the
 * SHA-256>.webp`, which the user's `image` points at as `/avatars/<name>`; `bytes` is the
 * 256×256 WebP (10–20 KB). The rows go with their user (cascade).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("avatar")
    .addColumn("name", "varchar(120)", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("bytes", postgres ? sql`bytea` : sql`blob`, (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("avatar_user_idx").on("avatar").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("avatar").execute();
}
