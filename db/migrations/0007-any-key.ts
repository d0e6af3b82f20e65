import type { Kysely } from "kysely";

/**
 * Single-choice questions with several accepted keys (Moodle's single-choice question with more
 * than one 100% answer): `any_key` = 1 means one pick is asked for and any one key is right.
 * Every existing row keeps 0, the meaning it was imported with (all keys must be picked).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("question")
    .addColumn("any_key", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("question").dropColumn("any_key").execute();
}
