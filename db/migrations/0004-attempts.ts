import { sql, type Kysely } from "kysely";

/**
 * Saved practice attempts. The id is a UUID made by the browser before the first save, so a
 * retried save (a lost response, a double click, a second tab) is recognised and stored once.
 * The practice's code and title and the selection's label are copied at save time: the history
 * must read as it did when the attempt was made, whatever the catalogue becomes. Each answer
 * points at the question REVISION that was shown (revisions are immutable and never deleted,
 * hence `restrict`), so an attempt can always be replayed exactly.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("attempt")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    // Forgetting a user forgets their attempts.
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("restrict"),
    )
    .addColumn("practice_code", "varchar(120)", (col) => col.notNull())
    .addColumn("practice_title", "varchar(300)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("type", "varchar(32)", (col) => col.notNull())
    .addColumn("chapter_idx", "integer")
    .addColumn("range_start", "integer")
    .addColumn("range_end", "integer")
    .addColumn("practice_type", "varchar(16)", (col) => col.notNull())
    /** JSON of the room config without practiceType (which has its own column). */
    .addColumn("config", "text", (col) => col.notNull())
    /** JSON number[][]: per shown question, its original answer idxs in display order; null when not shuffled. */
    .addColumn("answer_orders", "text")
    .addColumn("number_of_right", "integer", (col) => col.notNull())
    .addColumn("number_of_wrong", "integer", (col) => col.notNull())
    .addColumn("question_count", "integer", (col) => col.notNull())
    .addColumn("total_time", "integer", (col) => col.notNull())
    .addColumn("content_version", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint(
      "attempt_counts_valid",
      sql`number_of_right >= 0 and number_of_wrong >= 0 and total_time >= 0
        and number_of_right + number_of_wrong = question_count`,
    )
    .addCheckConstraint(
      "attempt_type_valid",
      sql`type in ('PRACTICE_TIME_ALL', 'PRACTICE_TIME_RANGE', 'PRACTICE_TIME_CHAPTER')
        and practice_type in ('SEQUENCE', 'FLAT')`,
    )
    .execute();

  // "My attempts on this practice, newest first": one index range scan, read backwards.
  await db.schema
    .createIndex("attempt_user_practice_idx")
    .on("attempt")
    .columns(["user_id", "practice_id", "created_at"])
    .execute();

  await db.schema
    .createTable("attempt_answer")
    .addColumn("attempt_id", "varchar(36)", (col) =>
      col.notNull().references("attempt.id").onDelete("cascade"),
    )
    /** 0-based position in the order the questions were shown. */
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("restrict"),
    )
    /** JSON of the picked original answer idxs, ascending. */
    .addColumn("selected", "text", (col) => col.notNull())
    .addColumn("right_answer", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("attempt_answer_pk", ["attempt_id", "position"])
    .addCheckConstraint("attempt_answer_valid", sql`position >= 0 and right_answer in (0, 1)`)
    .execute();

  // No index on attempt_answer.question_id (nor attempt.practice_id): questions and practices are
  // never deleted (an import retires them), so the restrict checks such an index would speed up
  // never run, and every save would pay for it. User deletion cascades through the indexes
  // above (user_id leads attempt_user_practice_idx, attempt_id leads the primary key).
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("attempt_answer").execute();
  await db.schema.dropTable("attempt").execute();
}
