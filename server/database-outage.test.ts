import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "#db/migrate.ts";
import type { DB } from "#db/schema.ts";
import { createPostgresSchemaClient } from "#tests/support/databases.ts";
import { hasService, testEnv } from "#tests/support/test-env.ts";
import { postSignUp, sessionCookie } from "#tests/support/test-server.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { startTcpCutProxy, type TcpCutProxy } from "#tests/support/tcp-cut-proxy.ts";

/**
 * PostgreSQL unreachable for 10 s, cut by a loopback TCP proxy (never by stopping
 * the server other tests share). Pages answer a Vietnamese error page, the API a retryable
 * error, /healthz unhealthy, each at once or within the connect timeout; afterwards
 * everything works again and an attempt sent again is saved.
 */

const WHY = "the database outage test (PostgreSQL behind a proxy the test cuts)";
const databaseUrl = hasService("TEST_DATABASE_URL", WHY) ? testEnv.TEST_DATABASE_URL : undefined;

describe.runIf(databaseUrl)("PostgreSQL unreachable", () => {
  const schema = `outage_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-outage-"));
  let db: Kysely<DB>;
  let link: TcpCutProxy;
  let server: AppProcess;
  let cookie: string;
  let questionIds: number[];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = createPostgresSchemaClient(databaseUrl!, schema);
    await migrateToLatest(db);
    questionIds = await importTinyPractice(db);
    const target = new URL(databaseUrl!);
    link = await startTcpCutProxy(Number(target.port || 5432), target.hostname);
    target.host = `127.0.0.1:${link.port}`;
    target.searchParams.set("options", `-c search_path=${schema}`);
    server = await startAppProcess("outage", {
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      DATABASE_URL: target.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_QUERY_TIMEOUT_MS: "1500",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "o".repeat(40),
    });
    cookie = sessionCookie(await postSignUp(server.base, { email: "mat-ket-noi@example.com" }));
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await link?.close();
    if (db) {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const saveAttempt = (id: string) =>
    fetch(`${server.base}/api/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(attemptSubmission(id, questionIds)),
      signal: AbortSignal.timeout(15_000),
    });

  for (const mode of ["refuse", "blackhole"] as const) {
    it(`cut (${mode}): a Vietnamese error page, a retryable API error, /healthz unhealthy; then all works again`, async () => {
      link.cut(mode);
      const cutAt = Date.now();
      try {
        const page = await fetch(`${server.base}/practice-review/de-thu`, {
          headers: { cookie },
          signal: AbortSignal.timeout(15_000),
        });
        expect(page.status).toBe(503);
        expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(page.headers.get("content-type")).toContain("text/html");
        expect(await page.text()).toContain("Vui lòng thử lại sau ít phút");

        const id = randomUUID();
        const api = await saveAttempt(id);
        expect(api.status).toBe(503);
        expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await api.json()).toEqual({
          code: "UNAVAILABLE",
          message: expect.stringContaining("thử lại"),
        });

        // better-auth's own endpoints too (it catches the error itself and answered 500).
        const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "mat-ket-noi@example.com", password: "matkhau1" }),
          signal: AbortSignal.timeout(15_000),
        });
        expect(signIn.status).toBe(503);
        expect(signIn.headers.get("retry-after")).toMatch(/^\d+$/);
        const session = await fetch(`${server.base}/api/auth/list-sessions`, {
          headers: { cookie },
          signal: AbortSignal.timeout(15_000),
        });
        expect(session.status).toBe(503);

        const health = await fetch(`${server.base}/healthz`, {
          signal: AbortSignal.timeout(15_000),
        });
        expect(health.status).toBe(503);
        // The outage lasts 10 s: the instance must come back from a long one, not a blip.
        await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() - cutAt)));
      } finally {
        link.restore();
      }

      // The room sends the same attempt again, as it does after a failed save.
      const id = randomUUID();
      let saved = await saveAttempt(id);
      for (let tries = 0; saved.status === 503 && tries < 20; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        saved = await saveAttempt(id);
      }
      expect(saved.status).toBe(201);
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      const page = await fetch(`${server.base}/practice-review/de-thu`, { headers: { cookie } });
      expect(page.status).toBe(200);
    }, 90_000);
  }
});
