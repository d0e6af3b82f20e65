import type { Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * Two-factor sign-in (better-auth's twoFactor plugin): a flag on the user and one row per user
 * with the authenticator secret and the recovery codes (both encrypted with the auth secret),
 * in the column names and types better-auth 1.7 expects (camelCase). `verified` is false while
 * the setup waits for its first code; the failure count and lock guard against guessing codes.
 * Checked against better-auth's own schema by tests/http/two-factor.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const time = postgres ? "timestamptz" : "date";
  const flag = postgres ? "boolean" : "integer";
  const no = postgres ? false : 0;
  const yes = postgres ? true : 1;

  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", flag, (col) => col.defaultTo(no))
    .execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("backupCodes", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", flag, (col) => col.defaultTo(yes))
    .addColumn("failedVerificationCount", "integer", (col) => col.defaultTo(0))
    .addColumn("lockedUntil", time)
    .execute();

  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("twoFactor").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
