import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { insertTinyPracticeRows } from "#tests/support/practice-fixture.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

/**
 * Migration 0012 (ADR 0012): a practice may have an owner, a share token, deleted and hidden
 * marks (own_practice), reports and operators. Ownership, reports and operators go with their
 * user and their practice; going down drops them and leaves the catalogue as it was.
 */
const BEFORE = "0011-avatar";
const AFTER = "0012-own-practices";

describeEachDatabase("migration 0012: own practices", (database) => {
  async function tables(): Promise<string[]> {
    // This suite's own schema only: on PostgreSQL the introspection lists every schema, and
    // another test may be migrating the server's public schema at the same moment.
    const { db, dialect } = database();
    const schema =
      dialect === "postgres"
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
        : undefined;
    return (await db.introspection.getTables())
      .filter((t) => schema === undefined || t.schema === schema)
      .map((t) => t.name);
  }

  async function indexesOfAttempt(): Promise<string[]> {
    const { db, dialect } = database();
    const rows =
      dialect === "postgres"
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'attempt' and schemaname = current_schema()`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'attempt'`.execute(db);
    return rows.rows.map((r) => r.name);
  }

  it("adds ownership, reports and operators that go with their user and practice", async () => {
    const { db } = database();
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await tables()).not.toContain("own_practice");
    await insertTinyPracticeRows(db, 1);
    const practice = await db.selectFrom("practice").select("id").executeTakeFirstOrThrow();
    await insertUser(database(), "chu");
    await insertUser(database(), "ban");

    const up = await migrator.migrateTo(AFTER);
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([[AFTER, "Success"]]);
    expect(await indexesOfAttempt()).toContain("attempt_practice_idx");
    const at = "2025-03-01T00:00:00.000Z";
    await db
      .insertInto("own_practice")
      .values({
        practice_id: practice.id,
        owner_id: "chu",
        subject_name: null,
        share_token: "t".repeat(24),
        deleted_at: null,
        blocked_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // One owner per practice, one practice per token.
    await expect(
      db
        .insertInto("own_practice")
        .values({ practice_id: practice.id, owner_id: "ban", created_at: at, updated_at: at })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto("practice_report")
      .values({
        practice_id: practice.id,
        reporter_id: "ban",
        reason: "Sai đáp án",
        created_at: at,
      })
      .execute();
    await db.insertInto("operator").values({ user_id: "ban", granted_at: at }).execute();

    await db.deleteFrom("user").where("id", "=", "ban").execute();
    expect(await db.selectFrom("practice_report").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("operator").selectAll().execute()).toEqual([]);
    await db.deleteFrom("user").where("id", "=", "chu").execute();
    expect(await db.selectFrom("own_practice").selectAll().execute()).toEqual([]);
    // The practice row itself is the account deletion's to purge (purgeOrphanPractices).
    expect(await db.selectFrom("practice").select("id").execute()).toEqual([{ id: practice.id }]);
  });

  it("goes down and up again", async () => {
    const { db } = database();
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const names = await tables();
    for (const table of ["own_practice", "practice_report", "operator"]) {
      expect(names).not.toContain(table);
    }
    expect(await indexesOfAttempt()).not.toContain("attempt_practice_idx");
    expect((await migrateToLatest(db)).error).toBeUndefined();
    expect(await tables()).toEqual(expect.arrayContaining(["own_practice", "operator"]));
  });
});
