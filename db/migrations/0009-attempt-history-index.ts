import type { Kysely } from "kysely";

/**
 * The history's pages: a user's attempts newest first, across practices, by keyset
 * on (created_at, id). 0006's index leads with the practice, so without this one a user with
 * thousands of attempts is sorted in full for every page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("attempt_user_created_idx")
    .on("attempt")
    .columns(["user_id", "created_at", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("attempt_user_created_idx").execute();
}
