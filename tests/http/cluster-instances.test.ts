import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#db/schema.ts";
import { PAGE_USER_HEADER, VISITOR_STAMP } from "#base/device-user.ts";
import { createPostgresSchemaClient } from "#tests/support/databases.ts";
import { findTestRedis, hasService, testEnv } from "#tests/support/test-env.ts";
import { postForm, postSignUp, sessionCookie } from "#tests/support/test-server.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { startRoundRobinProxy, type RoundRobinProxy } from "#tests/support/round-robin-proxy.ts";

/**
 * The cluster test (ADR 0011): two real instances (`node build/host/index.js`, as production runs
 * them, each with a DATA_DIR of its own, as on two machines) on one PostgreSQL schema and one
 * Redis, started together on an empty database, behind a round-robin proxy.
 */

const WHY = "the cluster test (two instances on one PostgreSQL and one Redis)";
const databaseUrl = hasService("TEST_DATABASE_URL", WHY) ? testEnv.TEST_DATABASE_URL : undefined;
const redisUrl = await findTestRedis(WHY);

describe.runIf(databaseUrl && redisUrl)("two instances behind a load balancer", () => {
  const schema = `cluster_${randomBytes(6).toString("hex")}`;
  const prefix = `on-tap-cluster-${randomBytes(6).toString("hex")}:`;
  const ports: number[] = [];
  let proxy: RoundRobinProxy;
  let a: AppProcess;
  let b: AppProcess;
  const dataDirs = ["a", "b"].map((name) => mkdtempSync(path.join(tmpdir(), `on-tap-${name}-`)));
  let db: Kysely<DB>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = createPostgresSchemaClient(databaseUrl!, schema);
    proxy = await startRoundRobinProxy(ports);
    const env = {
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
      BETTER_AUTH_SECRET: "c".repeat(40),
      PUBLIC_URL: proxy.base,
    };
    // Together, on an empty database: both migrate and look for the sample banks at once.
    [a, b] = await Promise.all([
      startAppProcess("a", { ...env, DATA_DIR: dataDirs[0]! }),
      startAppProcess("b", { ...env, DATA_DIR: dataDirs[1]! }),
    ]);
    ports.push(a.port, b.port);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await proxy?.close();
    if (db) {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it("started together on an empty database, they import the sample banks exactly once", async () => {
    const logs = [a, b].map((instance) => instance.output.join(""));
    expect(logs.filter((log) => log.includes("sample banks loaded"))).toHaveLength(1);
    const subjects = await db.selectFrom("subject").select("code").execute();
    expect(subjects.length).toBeGreaterThan(0);
  });

  it("a student signed up through one instance is signed in on both", async () => {
    const cookie = sessionCookie(
      await postSignUp(proxy.base, { email: "hai-noi@example.com", fullName: "Lê Hai Nơi" }),
    );
    for (const instance of [a, b]) {
      const home = await fetch(`${instance.base}/`, { headers: { cookie } });
      expect([instance.name, await home.text()]).toEqual([
        instance.name,
        expect.stringContaining("Lê Hai Nơi"),
      ]);
    }
  });

  it("a student signed out on A is refused by B at once: Redis tells every instance", async () => {
    const cookie = sessionCookie(
      await postSignUp(proxy.base, { email: "dang-xuat@example.com", fullName: "Hồ Đăng Xuất" }),
    );
    const pageUser = async () =>
      (await fetch(`${b.base}/about`, { headers: { cookie } })).headers.get(PAGE_USER_HEADER);
    // B has read the session and keeps it for SESSION_CACHE_SECONDS (5 s) …
    expect(await pageUser()).not.toBe(VISITOR_STAMP);
    const signedOutAt = Date.now();
    const out = await postForm(a.base, "/logout", {}, { cookie, origin: proxy.base });
    expect(out.status).toBeLessThan(400);
    // … unless it is told: well before those 5 s, B answers as to a visitor.
    while ((await pageUser()) !== VISITOR_STAMP) {
      expect(Date.now() - signedOutAt).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("an attempt saved on B is in the history on A, and an avatar uploaded on A is served by B", async () => {
    await importTinyPractice(db);
    // The fixture lists every live question; the database also holds the sample banks.
    const questionIds = (
      await db
        .selectFrom("question")
        .innerJoin("practice", "practice.id", "question.practice_id")
        .select("question.id")
        .where("practice.code", "=", "de-thu")
        .where("question.retired", "=", 0)
        .orderBy("question.idx")
        .execute()
    ).map((row) => row.id);
    const cookie = sessionCookie(
      await postSignUp(proxy.base, { email: "luu-bai@example.com", fullName: "Vũ Lưu Bài" }),
    );
    const saved = await fetch(`${b.base}/api/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: proxy.base, cookie },
      body: JSON.stringify(attemptSubmission(randomUUID(), questionIds)),
    });
    expect(saved.status).toBe(201);
    const history = await (
      await fetch(`${a.base}/practice-history`, { headers: { cookie } })
    ).text();
    expect(history).toContain("Đề thử");

    const picture = await sharp({
      create: { width: 48, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const uploaded = await fetch(`${a.base}/api/avatar`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", cookie, origin: proxy.base },
      body: new Uint8Array(picture),
    });
    expect(uploaded.status).toBe(200);
    const { image } = (await uploaded.json()) as { image: string };
    const served = await fetch(`${b.base}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("the sign-in limit counts the attempts on both instances together", async () => {
    const from = proxy.served.length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await postForm(proxy.base, "/login", {
        intent: "login",
        email: "gioi-han@example.com",
        password: "sai-mat-khau",
      });
      expect(refused.status).toBe(401);
    }
    // Half on each instance.
    expect(new Set(proxy.served.slice(from))).toEqual(new Set([0, 1]));
    const limited = await postForm(proxy.base, "/login", {
      intent: "login",
      email: "gioi-han@example.com",
      password: "sai-mat-khau",
    });
    expect(limited.status).toBe(429);
  });

  it("one instance killed mid-run: the other serves on, and not one request fails", async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 30; request += 1) {
      if (request === 10) {
        await a.kill();
      }
      statuses.push((await fetch(`${proxy.base}/healthz`)).status);
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 200));
    expect(proxy.served.slice(-15)).toEqual(Array.from({ length: 15 }, () => 1));
  });
});
