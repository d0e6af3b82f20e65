import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteDialect } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import type { DB } from "#db/schema.ts";
import { createPostgresSchemaClient } from "#tests/support/databases.ts";
import { hasService, testEnv } from "#tests/support/test-env.ts";
import { postSignUp, sessionCookie, signUp, startTestServer } from "#tests/support/test-server.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { startRoundRobinProxy } from "#tests/support/round-robin-proxy.ts";

/**
 * Faults (ADR 0011), each bounded and on 127.0.0.1. Here: the server killed (kill -9) while
 * students' browsers are saving attempts, retrying each with the same id as the room does.
 */

const ATTEMPTS = 1000;
const CLIENTS = 20;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  // Every step runs, whatever an earlier one threw: a server left running would outlive the test.
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch(() => {});
});

interface Target {
  dialect: "sqlite" | "postgres";
  db: Kysely<DB>;
  databaseUrl: string;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-fault-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "on-tap.sqlite");
  const db = new Kysely<DB>({ dialect: createSqliteDialect(file) });
  cleanups.push(() => db.destroy());
  return { dialect: "sqlite", db, databaseUrl: file };
}

async function postgresTarget(): Promise<Target | null> {
  if (!hasService("TEST_DATABASE_URL", "the kill -9 fault test on PostgreSQL")) return null;
  const url = testEnv.TEST_DATABASE_URL!;
  const schema = `fault_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createPostgresSchemaClient(url, schema);
  cleanups.push(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });
  const databaseUrl = `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return { dialect: "postgres", db, databaseUrl };
}

/** Sends one attempt until the server says it is stored (201, or 200 for "already stored"). */
async function saveUntilStored(base: () => string, cookie: string, body: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${base()}/api/attempts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.status === 200 || response.status === 201) return;
      // Only "the server is not there" may be retried; any other answer is a defect.
      if (response.status !== 502 && response.status !== 503) {
        throw new Error(`unexpected ${response.status}: ${text}`);
      }
    } catch (error) {
      if ((error as Error).message.startsWith("unexpected")) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const make of [sqliteTarget, postgresTarget]) {
  describe(`kill -9 while attempts are saved [${make === sqliteTarget ? "sqlite" : "postgres"}]`, () => {
    it(`${ATTEMPTS} attempts saved by retrying clients through a kill -9 and a restart: exactly ${ATTEMPTS} stored, counters equal, every answer there`, async () => {
      const target = await make();
      if (!target) return;
      const { db } = target;
      await migrateToLatest(db);
      const questionIds = await importTinyPractice(db, 3);

      const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-fault-data-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        NODE_ENV: "production",
        WEB_CONCURRENCY: "1",
        DATABASE_URL: target.databaseUrl,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "k".repeat(40),
      };
      let server: AppProcess = await startAppProcess("before", env);
      const first = server;
      cleanups.push(() => first.kill());
      const ports = [server.port];
      const proxy = await startRoundRobinProxy(ports);
      cleanups.push(() => proxy.close());
      const cookie = sessionCookie(await postSignUp(proxy.base, { email: "luu@example.com" }));

      const bodies = Array.from({ length: ATTEMPTS }, () =>
        JSON.stringify(attemptSubmission(randomUUID(), questionIds)),
      );
      let nextBody = 0;
      let stored = 0;
      const clients = Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (nextBody < bodies.length) {
            const body = bodies[nextBody++]!;
            await saveUntilStored(() => proxy.base, cookie, body);
            stored += 1;
          }
        }),
      );
      // Mid-run: a few hundred stored, the rest in flight or waiting (a client's failure ends the wait).
      const quarter = (async () => {
        while (stored < ATTEMPTS / 4) await new Promise((resolve) => setTimeout(resolve, 10));
      })();
      await Promise.race([clients, quarter]);
      await server.kill();
      expect(stored).toBeLessThan(ATTEMPTS);
      server = await startAppProcess("after", env);
      const second = server;
      cleanups.push(() => second.kill());
      ports[0] = server.port;
      await clients;

      const attempts = await db.selectFrom("attempt").select(["id", "question_count"]).execute();
      expect(attempts).toHaveLength(ATTEMPTS);
      expect(new Set(attempts.map((attempt) => attempt.id))).toEqual(
        new Set(bodies.map((body) => (JSON.parse(body) as { id: string }).id)),
      );
      const practice = await db
        .selectFrom("practice")
        .select("attempt_count")
        .where("code", "=", "de-thu")
        .executeTakeFirstOrThrow();
      expect(Number(practice.attempt_count)).toBe(ATTEMPTS);
      const answers = await db
        .selectFrom("attempt_answer")
        .select(["attempt_id", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("attempt_id")
        .execute();
      expect(answers).toHaveLength(ATTEMPTS);
      expect(answers.filter((row) => Number(row.count) !== questionIds.length)).toEqual([]);
    }, 240_000);
  });
}

describe("the SQLite file cannot take a write (read-only, disk full)", () => {
  it("an attempt save answers a retryable 503 with a Vietnamese message, writes nothing, and saves once there is room", async () => {
    const server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
    cleanups.push(() => server.close());
    const { db } = server.database;
    const questionIds = await importTinyPractice(db, 3);
    const { cookie } = await signUp(server, { email: "day-dia@example.com" });
    const save = (id: string) =>
      fetch(`${server.base}/api/attempts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(attemptSubmission(id, questionIds)),
      });
    const counter = async () =>
      Number(
        (
          await db
            .selectFrom("practice")
            .select("attempt_count")
            .where("code", "=", "de-thu")
            .executeTakeFirstOrThrow()
        ).attempt_count,
      );

    // The server's connection may not write: SQLite answers SQLITE_READONLY, as for a file made
    // read-only; a full disk (SQLITE_FULL) takes the same path (server/database-outage.ts).
    await sql.raw("pragma query_only = on").execute(db);
    const id = randomUUID();
    const refused = await save(id);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({
      code: "UNAVAILABLE",
      message: expect.stringContaining("Vui lòng thử lại"),
    });
    expect(await db.selectFrom("attempt").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("attempt_answer").select("attempt_id").execute()).toEqual([]);
    expect(await counter()).toBe(0);

    await sql.raw("pragma query_only = off").execute(db);
    expect((await save(id)).status).toBe(201);
    expect(await counter()).toBe(1);
  });
});
