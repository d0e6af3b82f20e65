import { sql, type Kysely } from "kysely";
import { up as createAttemptTables } from "./0004-attempts.ts";

/**
 * Attempt ids belong to their user. The id is made by the browser and
 * travels in the room's URL; with `id` alone as the key, whoever saved an id first owned it, so
 * another user who saw a room URL could save it first and the real owner got 409 for good. The
 * key is now (user_id, id): the same id saved by two users is two attempts, neither touching
 * the other. Answers carry user_id to reference their attempt.
 *
 * Both tables are rebuilt (SQLite cannot change a primary key in place); rows are copied as they
 * are. The new constraints get names of their own because PostgreSQL's key indexes share one
 * namespace with the old tables' until those are dropped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("attempt_v2")
    .addColumn("id", "varchar(36)", (col) => col.notNull())
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
    .addColumn("config", "text", (col) => col.notNull())
    .addColumn("answer_orders", "text")
    .addColumn("number_of_right", "integer", (col) => col.notNull())
    .addColumn("number_of_wrong", "integer", (col) => col.notNull())
    .addColumn("question_count", "integer", (col) => col.notNull())
    .addColumn("total_time", "integer", (col) => col.notNull())
    .addColumn("content_version", "integer", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("attempt_user_id_pk", ["user_id", "id"])
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
  await sql`insert into attempt_v2 (id, user_id, practice_id, practice_code, practice_title,
      description, type, chapter_idx, range_start, range_end, practice_type, config,
      answer_orders, number_of_right, number_of_wrong, question_count, total_time,
      content_version, created_at)
    select id, user_id, practice_id, practice_code, practice_title, description, type,
      chapter_idx, range_start, range_end, practice_type, config, answer_orders,
      number_of_right, number_of_wrong, question_count, total_time, content_version, created_at
    from attempt`.execute(db);

  await db.schema
    .createTable("attempt_answer_v2")
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("attempt_id", "varchar(36)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("restrict"),
    )
    .addColumn("selected", "text", (col) => col.notNull())
    .addColumn("right_answer", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("attempt_answer_user_pk", ["user_id", "attempt_id", "position"])
    .addForeignKeyConstraint(
      "attempt_answer_attempt_fk",
      ["user_id", "attempt_id"],
      "attempt_v2",
      ["user_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addCheckConstraint("attempt_answer_valid", sql`position >= 0 and right_answer in (0, 1)`)
    .execute();
  await sql`insert into attempt_answer_v2 (user_id, attempt_id, position, question_id, selected,
      right_answer)
    select attempt.user_id, attempt_answer.attempt_id, attempt_answer.position,
      attempt_answer.question_id, attempt_answer.selected, attempt_answer.right_answer
    from attempt_answer join attempt on attempt.id = attempt_answer.attempt_id`.execute(db);

  await db.schema.dropTable("attempt_answer").execute();
  await db.schema.dropTable("attempt").execute();
  await db.schema.alterTable("attempt_v2").renameTo("attempt").execute();
  await db.schema.alterTable("attempt_answer_v2").renameTo("attempt_answer").execute();
  // "My attempts on this practice, newest first" (see 0004); user_id also leads the key, so a
  // user's deletion cascades through it.
  await db.schema
    .createIndex("attempt_user_practice_idx")
    .on("attempt")
    .columns(["user_id", "practice_id", "created_at"])
    .execute();
}

/**
 * Back to one key per id (0004's shape). It fails, changing nothing, when two users hold the
 * same id, which 0004's tables cannot store.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt_answer").renameTo("attempt_answer_v2").execute();
  await db.schema.alterTable("attempt").renameTo("attempt_v2").execute();
  await db.schema.dropIndex("attempt_user_practice_idx").execute();
  // 0004 creates the tables (and the index) as they were.
  await createAttemptTables(db);
  await sql`insert into attempt select id, user_id, practice_id, practice_code, practice_title,
      description, type, chapter_idx, range_start, range_end, practice_type, config,
      answer_orders, number_of_right, number_of_wrong, question_count, total_time,
      content_version, created_at from attempt_v2`.execute(db);
  await sql`insert into attempt_answer select attempt_id, position, question_id, selected,
      right_answer from attempt_answer_v2`.execute(db);
  await db.schema.dropTable("attempt_answer_v2").execute();
  await db.schema.dropTable("attempt_v2").execute();
}
