import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** Profile pictures (migration 0011): reads and writes only. When to write is server/avatar-store.ts. */

/** Stores the picture under its name; the same name again (the same bytes) changes nothing. */
export async function saveAvatar(
  db: Kysely<DB>,
  avatar: { name: string; userId: string; bytes: Uint8Array; createdAt: Date },
): Promise<void> {
  await db
    .insertInto("avatar")
    .values({
      name: avatar.name,
      user_id: avatar.userId,
      bytes: avatar.bytes,
      created_at: avatar.createdAt.toISOString(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

export async function readAvatar(db: Kysely<DB>, name: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom("avatar")
    .select("bytes")
    .where("name", "=", name)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/**
 * Deletes the user's pictures but the one their `image` points at now, in one statement: what
 * the user row says at that moment decides, however many uploads of theirs run at once.
 */
export async function deleteUnusedAvatars(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .deleteFrom("avatar")
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("user")
            .select(sql<number>`1`.as("one"))
            .where("user.id", "=", userId)
            .where("user.image", "=", sql<string>`${"/avatars/"} || ${eb.ref("avatar.name")}`),
        ),
      ),
    )
    .execute();
}

/** Users whose `image` is one of our pictures: for moving the pictures of an older version. */
export async function listUsersWithPictures(
  db: Kysely<DB>,
): Promise<{ id: string; image: string }[]> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "image"])
    .where("image", "like", "/avatars/%")
    .execute();
  return rows.map((row) => ({ id: row.id, image: row.image ?? "" }));
}
