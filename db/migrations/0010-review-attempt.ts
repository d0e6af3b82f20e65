import { sql, type Kysely } from "kysely";

/**
 * "Ôn lỗi sai" attempts: a review run asks questions of several practices, so its
 * attempt has no practice. `attempt.practice_id` becomes nullable and the type may be MISTAKES,
 * exactly one of the two: a MISTAKES attempt has no practice, every other kind has one.
 *
 * SQLite cannot drop a NOT NULL or change a check in place, so both tables are rebuilt as 0006
 * rebuilt them (attempt_answer too: dropping the attempt table under it would cascade its rows
 * away), rows copied as they are, on both dialects alike so one path is tested everywhere. The
 * indexes of 0006 and 0009 are made again on the new table. Key constraints get names of their
 * own while the old tables still hold theirs (PostgreSQL's index namespace); `down` gives 0006's
 * names back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const COLUMNS = sql.raw(`id, user_id, practice_id, practice_code, practice_title, description,
  type, chapter_idx, range_start, range_end, practice_type, config, answer_orders,
  number_of_right, number_of_wrong, question_count, total_time, content_version, created_at`);
const ANSWER_COLUMNS = sql.raw(
  "user_id, attempt_id, position, question_id, selected, right_answer",
);

const PRACTICE_TYPES = sql`type in ('PRACTICE_TIME_ALL', 'PRACTICE_TIME_RANGE',
  'PRACTICE_TIME_CHAPTER')`;

interface Shape {
  /** Whether MISTAKES attempts (no practice) may be stored. */
  mistakes: boolean;
  names: { attemptKey: string; answerKey: string; answerFk: string };
}

async function rebuild(db: AnyDb, { mistakes, names }: Shape): Promise<void> {
  await db.schema
    .createTable("attempt_next")
    .addColumn("id", "varchar(36)", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("practice_id", "integer", (col) => {
      const fk = col.references("practice.id").onDelete("restrict");
      return mistakes ? fk : fk.notNull();
    })
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
    .addPrimaryKeyConstraint(names.attemptKey, ["user_id", "id"])
    .addCheckConstraint(
      "attempt_counts_valid",
      sql`number_of_right >= 0 and number_of_wrong >= 0 and total_time >= 0
        and number_of_right + number_of_wrong = question_count`,
    )
    .addCheckConstraint(
      "attempt_type_valid",
      mistakes
        ? sql`((type = 'MISTAKES' and practice_id is null)
            or (${PRACTICE_TYPES} and practice_id is not null))
          and practice_type in ('SEQUENCE', 'FLAT')`
        : sql`${PRACTICE_TYPES} and practice_type in ('SEQUENCE', 'FLAT')`,
    )
    .execute();
  await sql`insert into attempt_next (${COLUMNS}) select ${COLUMNS} from attempt`.execute(db);

  await db.schema
    .createTable("attempt_answer_next")
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("attempt_id", "varchar(36)", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("question_id", "integer", (col) =>
      col.notNull().references("question.id").onDelete("restrict"),
    )
    .addColumn("selected", "text", (col) => col.notNull())
    .addColumn("right_answer", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint(names.answerKey, ["user_id", "attempt_id", "position"])
    .addForeignKeyConstraint(
      names.answerFk,
      ["user_id", "attempt_id"],
      "attempt_next",
      ["user_id", "id"],
      (fk) => fk.onDelete("cascade"),
    )
    .addCheckConstraint("attempt_answer_valid", sql`position >= 0 and right_answer in (0, 1)`)
    .execute();
  await sql`insert into attempt_answer_next (${ANSWER_COLUMNS})
    select ${ANSWER_COLUMNS} from attempt_answer`.execute(db);

  await db.schema.dropTable("attempt_answer").execute();
  await db.schema.dropTable("attempt").execute();
  await db.schema.alterTable("attempt_next").renameTo("attempt").execute();
  await db.schema.alterTable("attempt_answer_next").renameTo("attempt_answer").execute();
  // 0006's "my attempts on this practice, newest first" and 0009's history pages.
  await db.schema
    .createIndex("attempt_user_practice_idx")
    .on("attempt")
    .columns(["user_id", "practice_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("attempt_user_created_idx")
    .on("attempt")
    .columns(["user_id", "created_at", "id"])
    .execute();
}

/**
 * Kysely runs PostgreSQL's migrations in a transaction but not SQLite's (its adapter declares
 * no transactional DDL, though SQLite has it): without one here, a rebuild failing halfway (a
 * `down` refused by NOT NULL) would leave its new tables behind.
 */
async function atomically(db: AnyDb, work: (db: AnyDb) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}

export async function up(db: AnyDb): Promise<void> {
  await atomically(db, (trx) =>
    rebuild(trx, {
      mistakes: true,
      names: {
        attemptKey: "attempt_key",
        answerKey: "attempt_answer_key",
        answerFk: "attempt_answer_attempt_key_fk",
      },
    }),
  );
}

/** Back to 0009's shape; fails, changing nothing, while any MISTAKES attempt is stored. */
export async function down(db: AnyDb): Promise<void> {
  await atomically(db, (trx) =>
    rebuild(trx, {
      mistakes: false,
      names: {
        attemptKey: "attempt_user_id_pk",
        answerKey: "attempt_answer_user_pk",
        answerFk: "attempt_answer_attempt_fk",
      },
    }),
  );
}
