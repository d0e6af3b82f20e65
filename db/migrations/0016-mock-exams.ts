import type { Kysely } from "kysely";

/**
 * The mock exam ("Thi thử", issue 27). `mock_exam` is an exam in progress, kept on the server
 * because its clock is the server's: the page may be closed and opened again, and a late
 * submission must be answered with the sheet as it stood at the deadline, not with what the
 * browser sends afterwards.
 * - key (user_id, id): the browser's UUID, lower-case, unique per user as attempt ids are
 *   (migration 0006); the saved attempt takes the same id;
 * - `practice_code` is the address it was opened by (a shared link's `s_…`), checked again at
 *   every open and submission; `selection` and `config` are JSON (base/selection.ts,
 *   engine/room-config.ts);
 * - `minutes` null: no time limit ("Tắt");
 * - `sheet`: JSON of the answers as last received, in the order shown; set at the start with
 *   every question blank, so it also pins the question revisions the exam shows;
 * - `submitted_at`: when it was saved as an attempt.
 * `attempt` gains `exam_minutes` (null: not a mock exam; 0: a mock exam without a limit) and
 * `offline` (1: taken in the offline room).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mock_exam")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("id", "varchar(36)", (col) => col.notNull())
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("practice_code", "varchar(120)", (col) => col.notNull())
    .addColumn("selection", "text", (col) => col.notNull())
    .addColumn("config", "text", (col) => col.notNull())
    .addColumn("minutes", "integer")
    .addColumn("started_at", "varchar(32)", (col) => col.notNull())
    .addColumn("sheet", "text", (col) => col.notNull())
    .addColumn("sheet_at", "varchar(32)")
    .addColumn("submitted_at", "varchar(32)")
    .addPrimaryKeyConstraint("mock_exam_pk", ["user_id", "id"])
    .execute();
  await db.schema.alterTable("attempt").addColumn("exam_minutes", "integer").execute();
  await db.schema
    .alterTable("attempt")
    .addColumn("offline", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("attempt").dropColumn("offline").execute();
  await db.schema.alterTable("attempt").dropColumn("exam_minutes").execute();
  await db.schema.dropTable("mock_exam").execute();
}
