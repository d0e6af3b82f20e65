import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTestRedis } from "#tests/support/test-env.ts";
import { postForm, postSignUp, sessionCookie } from "#tests/support/test-server.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { startTcpCutProxy, type TcpCutProxy } from "#tests/support/tcp-cut-proxy.ts";

/**
 * Redis cut mid-run (a loopback proxy, never the shared server). ADR 0005: sessions
 * come from the database, rate limits are counted there (nothing fails open), one warning is
 * logged for the outage, however many requests meet it.
 */

const redisUrl = await findTestRedis("the Redis outage test (Redis behind a proxy the test cuts)");

describe.runIf(redisUrl)("Redis cut while the app runs", () => {
  const prefix = `on-tap-outage-${randomBytes(6).toString("hex")}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-redis-outage-"));
  let link: TcpCutProxy;
  let server: AppProcess;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    link = await startTcpCutProxy(Number(target.port || 6379), target.hostname);
    server = await startAppProcess("redis-outage", {
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      DATABASE_URL: path.join(dataDir, "on-tap.sqlite"),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "r".repeat(40),
      REDIS_URL: `redis://127.0.0.1:${link.port}`,
      REDIS_KEY_PREFIX: prefix,
      REDIS_COMMAND_TIMEOUT_MS: "300",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await link?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const signIn = (email: string, password: string) =>
    postForm(server.base, "/login", { intent: "login", email, password });
  const outageWarnings = () =>
    server.output.join("").match(/"msg":"Redis unavailable[^"]*"/g) ?? [];

  for (const mode of ["refuse", "blackhole"] as const) {
    it(`cut (${mode}): a signed-in student stays signed in, sign-in works, the limit still holds, one warning`, async () => {
      const email = `redis-${mode}@example.com`;
      const cookie = sessionCookie(await postSignUp(server.base, { email, fullName: "Đỗ Bền Bỉ" }));
      const before = outageWarnings().length;
      const backAt = server.output.join("").length;
      link.cut(mode);
      try {
        const home = await fetch(`${server.base}/`, { headers: { cookie } });
        expect(await home.text()).toContain("Đỗ Bền Bỉ");
        expect((await signIn(email, "matkhau1")).status).toBe(302);
        for (let attempt = 0; attempt < 4; attempt += 1) {
          expect((await signIn(email, "sai-mat-khau")).status).toBe(401);
        }
        // The 6th sign-in of this email within the minute: refused, Redis or not.
        expect((await signIn(email, "matkhau1")).status).toBe(429);
        expect(outageWarnings().length - before).toBe(1);
      } finally {
        link.restore();
      }
      // And once Redis answers again, the app says so and uses it again.
      const started = Date.now();
      while (!server.output.join("").includes("sessions and rate limits use it again", backAt)) {
        if (Date.now() - started > 20_000) throw new Error("Redis never came back in the log");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, 60_000);
  }
});
