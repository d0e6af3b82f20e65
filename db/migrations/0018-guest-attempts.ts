import type { Kysely } from "kysely";

/**
 * Practice as a guest (issue 28): a visitor's finished room, scored by the server and kept until
 * its device claims it at sign-up or sign-in.
 * - `id`: the browser's attempt UUID, lower-case; the attempt saved at the claim takes it too;
 * - `secret_hash`: SHA-256 (base64url) of a secret only the device holds, so only that device
 *   can claim it, and a retried save is known from a forged one;
 * - `submission`: the checked submission as JSON, saved again (and checked again) at the claim;
 * - `claimed_by` / `claimed_at`: who claimed it, once; a second claim by the same user answers
 *   with the same attempt, anyone else's is refused.
 * Unclaimed rows are removed after GUEST_ATTEMPT_DAYS (services/attempts/guest-attempts.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guest_attempt")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("secret_hash", "varchar(64)", (col) => col.notNull())
    .addColumn("practice_id", "integer", (col) =>
      col.notNull().references("practice.id").onDelete("cascade"),
    )
    .addColumn("submission", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("claimed_by", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("claimed_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("guest_attempt_created_at")
    .on("guest_attempt")
    .column("created_at")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("guest_attempt").execute();
}
