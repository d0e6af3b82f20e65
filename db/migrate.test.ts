import { randomBytes } from "node:crypto";
import { NO_MIGRATIONS, sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresSchemaClient, describeEachDatabase } from "#tests/support/databases.ts";
import { hasService, testEnv } from "#tests/support/test-env.ts";
import { checkDatabase } from "./health.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";
import { migrations } from "./migrations/index.ts";

describeEachDatabase("migrations", (database) => {
  it("are all applied and a second run changes nothing", async () => {
    const { db } = database();
    const again = await migrateToLatest(db);
    expect(again.results).toEqual([]);
    const applied = await (await createMigrator(db)).getMigrations();
    expect(applied.map((m) => [m.name, m.executedAt !== undefined])).toEqual(
      Object.keys(migrations).map((name) => [name, true]),
    );
  });

  it("go down and up again cleanly", async () => {
    const { db } = database();
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const up = await migrateToLatest(db);
    expect(up.results?.every((r) => r.status === "Success")).toBe(true);
  });

  it("leave a database that answers the health check", async () => {
    expect(await checkDatabase(database().db)).toBe(true);
  });
});

describe.runIf(
  hasService("TEST_DATABASE_URL", "several instances migrating one PostgreSQL at once"),
)("migrations on a real PostgreSQL server", () => {
  it("are applied exactly once when three instances start together", async () => {
    const url = testEnv.TEST_DATABASE_URL!;
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const instances = [1, 2, 3].map(() => createPostgresSchemaClient(url, schema, 2));
    try {
      const results = await Promise.all(instances.map((db) => migrateToLatest(db)));
      const applied = results.flatMap((r) => r.results ?? []);
      expect(applied.map((r) => r.migrationName).sort()).toEqual(Object.keys(migrations).sort());
      const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(
        instances[0]!,
      );
      expect(Number(rows[0]!.n)).toBe(Object.keys(migrations).length);
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });

  it("report an unreachable server as unhealthy instead of hanging", async () => {
    const db = createPostgresSchemaClient("postgres://nobody@127.0.0.1:1/none", "public", 1);
    try {
      expect(await checkDatabase(db, 1500)).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
