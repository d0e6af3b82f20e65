import type { Kysely } from "kysely";

/**
 * The version an edit of a student's own practice starts from. "Sửa đề" sends back the version
 * its page was rendered at, and a save counts only when that is still the practice's version
 * (moved by one, in the same transaction as the questions); a save that started from an older
 * one — a second tab, a second device — is refused instead of silently replacing the other.
 * `practice.content_version` cannot serve: it moves only when questions change, not on a new
 * title or subject.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("own_practice")
    .addColumn("edit_version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("own_practice").dropColumn("edit_version").execute();
}
