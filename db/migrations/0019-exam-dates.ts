import type { Kysely } from "kysely";

/**
 * "Ngày thi" (issue 30): the day of a student's exam in a subject, at most one per subject.
 * - `exam_day`: the Vietnamese calendar day, "2026-12-15" (engine/review.ts, ExamDay);
 * - `updated_at`: when the student last set it (ISO instant).
 * The row goes with the student (account deleted) and with the subject.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exam_date")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("subject_id", "integer", (col) =>
      col.notNull().references("subject.id").onDelete("cascade"),
    )
    .addColumn("exam_day", "varchar(10)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("exam_date_pk", ["user_id", "subject_id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exam_date").execute();
}
