import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { readAvatar } from "#db/avatars.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { avatarFileName, moveAvatarFilesIntoDatabase, storeAvatar } from "./avatar-store.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeEachDatabase("avatar store", (database) => {
  const addUser = (id: string, image: string | null = null) =>
    insertUser(database(), id, { image });
  const imageOf = async (id: string) =>
    (
      await database()
        .db.selectFrom("user")
        .select("image")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).image;
  const setImageOf = (id: string) => async (image: string) => {
    // A little wait, so that uploads started together really overlap.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    await database().db.updateTable("user").set({ image }).where("id", "=", id).execute();
  };

  it("many uploads of one user at once: the picture the user ends up with is stored, and only it", async () => {
    const { db } = database();
    await addUser("dong-thoi");
    const pictures = Array.from({ length: 8 }, (_, i) => Buffer.from(`picture ${i}`));
    await Promise.all(
      pictures.map((webp) =>
        storeAvatar({ db, userId: "dong-thoi", webp, setImage: setImageOf("dong-thoi") }),
      ),
    );
    const image = await imageOf("dong-thoi");
    const stored = await db
      .selectFrom("avatar")
      .select("name")
      .where("user_id", "=", "dong-thoi")
      .execute();
    expect(stored.map((row) => `/avatars/${row.name}`)).toEqual([image]);
  });

  it("the picture files of an older version move into the database once, and the folder is kept aside", async () => {
    const { db } = database();
    const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-old-avatars-"));
    dirs.push(dataDir);
    const bytes = Buffer.from("an old picture");
    const name = avatarFileName("nguoi-cu", bytes);
    await addUser("nguoi-cu", `/avatars/${name}`);
    mkdirSync(path.join(dataDir, "avatars"));
    writeFileSync(path.join(dataDir, "avatars", name), bytes);
    writeFileSync(path.join(dataDir, "avatars", avatarFileName("khong-ai", bytes)), bytes);

    expect(await moveAvatarFilesIntoDatabase(db, dataDir)).toBe(1);
    expect(await readAvatar(db, name)).toEqual(bytes);
    expect(existsSync(path.join(dataDir, "avatars"))).toBe(false);
    expect(existsSync(path.join(dataDir, "avatars.moved-to-database", name))).toBe(true);
    expect(await moveAvatarFilesIntoDatabase(db, dataDir)).toBe(0);
  });
});
