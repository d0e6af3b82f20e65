import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { createSqliteDialect } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { postgresDialect } from "#db/postgres-dialect.ts";
import type { DB } from "#db/schema.ts";
import { testEnv } from "./test-env.ts";

export type TestDialect = "sqlite" | "postgres";

export interface TestDatabase {
  db: Kysely<DB>;
  dialect: TestDialect;
  /** What the PostgreSQL side runs on, for test names and skip messages. */
  engine: "sqlite" | "pglite" | "postgres-server";
  destroy(): Promise<void>;
}

/** A fresh, migrated SQLite file of its own, deleted afterwards. */
export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-test-"));
  const db = new Kysely<DB>({ dialect: createSqliteDialect(path.join(dir, "test.sqlite")) });
  await migrateToLatest(db);
  return {
    db,
    dialect: "sqlite",
    engine: "sqlite",
    async destroy() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated PostgreSQL database: a schema of its own on TEST_DATABASE_URL when set
 * (unreachable = the test fails, loudly), otherwise an in-process PGlite, so the PostgreSQL SQL
 * is proven even on a laptop with no server.
 */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const url = testEnv.TEST_DATABASE_URL;
  if (!url) {
    const pglite = new PGlite();
    const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    return {
      db,
      dialect: "postgres",
      engine: "pglite",
      async destroy() {
        await db.destroy();
      },
    };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable at ${url}`, {
      cause: error,
    });
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createPostgresSchemaClient(url, schema);
  await migrateToLatest(db);
  return {
    db,
    dialect: "postgres",
    engine: "postgres-server",
    async destroy() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

/** A Kysely client whose every connection works inside `schema`. */
export function createPostgresSchemaClient(url: string, schema: string, max = 5): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: url, max, options: `-c search_path=${schema}` });
  return new Kysely<DB>({ dialect: postgresDialect(pool) });
}

/**
 * Runs the same suite once on SQLite and once on PostgreSQL, each with a fresh migrated
 * database. Repository tests use this so every query is proven on both dialects.
 */
export function describeEachDatabase(
  name: string,
  suite: (database: () => TestDatabase) => void,
): void {
  for (const create of [createSqliteTestDatabase, createPostgresTestDatabase]) {
    const label = create === createSqliteTestDatabase ? "sqlite" : "postgres";
    describe(`${name} [${label}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await create();
      });
      afterAll(async () => {
        await current?.destroy();
      });
      suite(() => {
        if (!current) throw new Error("database not ready");
        return current;
      });
    });
  }
}

/** A user row as better-auth writes it, for tests that need an owner for attempts or cards. */
export async function insertUser(
  { db, dialect }: TestDatabase,
  id: string,
  {
    image = null,
    at = new Date("2025-03-01T00:00:00.000Z"),
  }: { image?: string | null; at?: Date } = {},
): Promise<void> {
  const stamp = at.toISOString();
  await db
    .insertInto("user")
    .values({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: dialect === "postgres" ? true : 1,
      image,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .execute();
}
