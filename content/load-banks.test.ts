import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { loadBanksIntoEmptyDatabase } from "./load-banks.ts";

const FOLDER = "tests/fixtures/banks";

describeEachDatabase("the first-start import", (database) => {
  // Before the fix, two production instances started at once on an empty PostgreSQL database both
  // imported, and one crashed on "duplicate key value violates unique constraint subject_code_key".
  it("two instances started together on an empty database: the sample banks are imported once, neither fails", async () => {
    const { db } = database();
    const results = await Promise.allSettled([
      loadBanksIntoEmptyDatabase(db, FOLDER),
      loadBanksIntoEmptyDatabase(db, FOLDER),
      loadBanksIntoEmptyDatabase(db, FOLDER),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const imported = results.filter(
      (result) => result.status === "fulfilled" && result.value !== null,
    );
    expect(imported).toHaveLength(1);
    const subjects = await db.selectFrom("subject").select("code").execute();
    expect(subjects).toHaveLength(1);
    const practices = await db.selectFrom("practice").select("code").execute();
    expect(new Set(practices.map((p) => p.code)).size).toBe(practices.length);
  });

  it("a database that already has subjects is left alone", async () => {
    const { db } = database();
    expect(await loadBanksIntoEmptyDatabase(db, FOLDER)).toBeNull();
  });
});
