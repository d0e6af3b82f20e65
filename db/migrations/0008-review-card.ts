import { sql, type Kysely } from "kysely";

/**
 * "Ôn lỗi sai": one FSRS review card per user and question. `question_id` is the
 * revision the card is on now; it moves to a newer revision of the same question when only the
 * wording changed (services/review). Dates are ISO strings like the attempts' created_at, so
 * they sort as text on both dialects. A card whose stability passed 30 days stays (its history
 * is what FSRS schedules from, should the question be missed again) but leaves the due list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("review_card")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("cascade"),
    )
    .addColumn("due", "varchar(32)", (col) => col.notNull())
    .addColumn("stability", "double precision", (col) => col.notNull())
    .addColumn("difficulty", "double precision", (col) => col.notNull())
    .addColumn("scheduled_days", "integer", (col) => col.notNull())
    .addColumn("learning_steps", "integer", (col) => col.notNull())
    .addColumn("reps", "integer", (col) => col.notNull())
    .addColumn("lapses", "integer", (col) => col.notNull())
    .addColumn("state", "integer", (col) => col.notNull())
    .addColumn("last_review", "varchar(32)")
    .addPrimaryKeyConstraint("review_card_pk", ["user_id", "question_id"])
    .addCheckConstraint("review_card_valid", sql`state between 0 and 3 and stability >= 0`)
    .execute();
  // The due list: a user's cards by due date.
  await db.schema
    .createIndex("review_card_user_due_idx")
    .on("review_card")
    .columns(["user_id", "due"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("review_card").execute();
}
