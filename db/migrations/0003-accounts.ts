import type { Kysely } from "kysely";
import { dialectOf } from "#db/dialect-of.ts";

/**
 * better-auth's tables (user, session, account, verification, rateLimit), in the column names
 * and types it expects (camelCase), written here so one set of migrations owns the whole schema
 * on both dialects. Checked against better-auth's own schema by accounts.test.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const time = postgres ? "timestamptz" : "date";
  const flag = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("emailVerified", flag, (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expiresAt", time, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // How the user signed in: password, google or oidc (the spec's authType).
    .addColumn("authType", "text")
    .execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", time, (col) => col.notNull())
    .addColumn("createdAt", time, (col) => col.notNull())
    .addColumn("updatedAt", time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("key", "text", (col) => col.notNull().unique())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("lastRequest", "bigint", (col) => col.notNull())
    .execute();

  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rateLimit", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
