import type { Kysely } from "kysely";

/**
 * The 2025 exam's question kinds (issue 27, ADR 0022): `question.kind` is "choice" (every
 * existing row, the meaning it was imported with), "true_false" or "short_answer"; an answered
 * question of the new kinds keeps what was given in `attempt_answer.response` (the marks
 * "TF-T" or the typed answer, engine/responses.ts), null for multiple choice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("question")
    .addColumn("kind", "text", (col) => col.notNull().defaultTo("choice"))
    .execute();
  await db.schema.alterTable("attempt_answer").addColumn("response", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt_answer").dropColumn("response").execute();
  await db.schema.alterTable("question").dropColumn("kind").execute();
}
