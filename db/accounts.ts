import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** How a user can sign in: "credential" (email + password), or a provider's id. */
export async function listSignInMethods(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("account")
    .select("providerId")
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.providerId);
}

/** Whether the user turned "Xác minh hai bước" on (better-auth keeps 0/1 on SQLite). */
export async function isTwoFactorEnabled(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(Number(row?.twoFactorEnabled ?? 0));
}

/** Whether the account still exists: a session read seconds ago may name one deleted since. */
export async function userExists(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  return row !== undefined;
}
