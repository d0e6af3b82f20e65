import type { Kysely } from "kysely";

/**
 * "Ngày thi" of an own practice (issue 30): every own practice sits in the one system subject,
 * so a day per subject cannot say when the exam a student built their own bank for is. One day
 * per student and own practice, beside the days per subject (migration 0019):
 * - `exam_day`: the Vietnamese calendar day, "2026-12-15" (engine/review.ts, ExamDay);
 * - `updated_at`: when the student last set it (ISO instant).
 * The row goes with the student (account deleted) and with the practice (purged).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("practice_exam_date")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("exam_day", "varchar(10)", (col) => col.notNull())
    .addColumn("updated_at", "varchar(32)", (col) => col.notNull())
    .addPrimaryKeyConstraint("practice_exam_date_pk", ["user_id", "practice_id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("practice_exam_date").execute();
}
