import { sql, type Kysely } from "kysely";

/**
 * "How others answered" (issue 30): for each question revision, how many saved attempts answered
 * it and how many picked each answer, rolled up off the save's path.
 * - `answer_share.answered`: attempts that picked at least one answer of this revision;
 * - `answer_share.picks`: JSON array, the count of picks of each answer by original idx;
 * - `answer_share.strong_answered` / `strong_right`: the same question in strong attempts (80% or
 *   more right), and how many of them got it right: a key most strong students miss may be wrong;
 * - `attempt.tallied`: 1 once the roll-up counted the attempt (services/attempts/answer-shares.ts).
 *   Attempts saved before this migration start at 0, so the first roll-up counts them too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("answer_share")
    .addColumn("question_id", "integer", (col) =>
      col.primaryKey().references("question.id").onDelete("cascade"),
    )
    .addColumn("answered", "integer", (col) => col.notNull())
    .addColumn("picks", "text", (col) => col.notNull())
    .addColumn("strong_answered", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("strong_right", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("attempt")
    .addColumn("tallied", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Only the attempts still to count: the index stays as small as the roll-up's backlog.
  await db.schema
    .createIndex("attempt_untallied")
    .on("attempt")
    .columns(["created_at", "user_id", "id"])
    .where(sql.ref("tallied"), "=", 0)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("attempt_untallied").execute();
  await db.schema.alterTable("attempt").dropColumn("tallied").execute();
  await db.schema.dropTable("answer_share").execute();
}
