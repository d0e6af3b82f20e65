import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { findTestRedis } from "#tests/support/test-env.ts";
import {
  postForm,
  postSignUp,
  startTestServer,
  type TestServer,
} from "#tests/support/test-server.ts";
import { createDatabaseRateLimitStore } from "#db/rate-limits.ts";
import { signInLimitKey } from "#server/rate-limit.ts";

const LIMITED = /Bạn đã thử quá nhiều lần\. Vui lòng thử lại sau (\d+) giây\./;

function signIn(
  server: TestServer,
  email: string,
  password = "sai-mat-khau",
  headers: Record<string, string> = {},
) {
  return postForm(server.base, "/login", { intent: "login", email, password }, headers);
}

function signInApi(server: TestServer, email: string, password = "sai-mat-khau") {
  return fetch(`${server.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ email, password }),
  });
}

async function register(server: TestServer, email: string, fullName = "Trần An") {
  const response = await postSignUp(server.base, { email, fullName });
  expect(response.status).toBe(302);
  return response;
}

/** Seconds the refusal asks to wait, or null when the page carries no refusal. */
async function waitAsked(response: Response): Promise<number | null> {
  const match = LIMITED.exec(await response.text());
  return match ? Number(match[1]) : null;
}

describe("sign-in limits per address and per address + account", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_SIGN_IN_PER_IP_PER_MINUTE: "10" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the 6th sign-in for one email within a minute, even with the right password, and says when to retry", async () => {
    await register(server, "an@example.com");
    for (let i = 0; i < 5; i += 1) {
      const response = await signIn(server, "an@example.com");
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Email hoặc mật khẩu không đúng.");
    }
    const limited = await signIn(server, "An@Example.com", "matkhau1");
    expect(limited.status).toBe(429);
    expect(limited.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    const seconds = await waitAsked(limited);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);

    // The JSON API answers the same, in Vietnamese, with the wait in X-Retry-After too.
    const api = await signInApi(server, "an@example.com", "matkhau1");
    expect(api.status).toBe(429);
    const retryAfter = Number(api.headers.get("x-retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await api.json()).toEqual({
      code: "TOO_MANY_SIGN_IN_ATTEMPTS",
      message: `Bạn đã thử quá nhiều lần. Vui lòng thử lại sau ${retryAfter} giây.`,
    });

    // A forwarded-for header is not believed without TRUST_PROXY: same address, same refusal.
    const forged = await signIn(server, "an@example.com", "matkhau1", {
      "x-forwarded-for": "10.9.9.9",
    });
    expect(forged.status).toBe(429);
  });

  it("lets another email from the same address through until the limit per address", async () => {
    // 8 sign-in requests came from this address in the test above; the limit is 10.
    for (let i = 0; i < 2; i += 1) {
      const response = await signIn(server, "binh@example.com");
      expect(response.status).toBe(401);
    }
    const limited = await signIn(server, "chi@example.com");
    expect(limited.status).toBe(429);
    expect(await waitAsked(limited)).toBeGreaterThan(0);
    // better-auth's own refusal, in Vietnamese too.
    const api = await signInApi(server, "dung@example.com");
    expect(api.status).toBe(429);
    const body = (await api.json()) as { code: string; message: string };
    expect(body.code).toBe("TOO_MANY_REQUESTS");
    expect(body.message).toMatch(LIMITED);
  });
});

describe("the client address behind a proxy", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1" });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("comes from X-Forwarded-For only when TRUST_PROXY says so", async () => {
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(server, "em@example.com", "x", from("10.0.0.1"))).status).toBe(401);
    }
    expect((await signIn(server, "em@example.com", "x", from("10.0.0.1"))).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signIn(server, "em@example.com", "x", from("10.0.0.2"))).status).toBe(401);
  });
});

describe("with Redis configured but unreachable", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      // Nothing listens on port 1: every connection is refused at once.
      REDIS_URL: "redis://127.0.0.1:1",
      REDIS_COMMAND_TIMEOUT_MS: "200",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("still signs in, from the database, and still counts the limits there", async () => {
    const started = Date.now();
    const registered = await register(server, "giang@example.com", "Lê Giang");
    const cookie = registered.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))!
      .split(";")[0]!;
    expect(await (await fetch(`${server.base}/`, { headers: { cookie } })).text()).toContain(
      "Lê Giang",
    );
    const signedIn = await signIn(server, "giang@example.com", "matkhau1");
    expect(signedIn.status).toBe(302);
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(server, "giang@example.com")).status).toBe(401);
    }
    expect((await signIn(server, "giang@example.com")).status).toBe(429);
    const rows = await server.database.db.selectFrom("rateLimit").select("key").execute();
    expect(rows.map((r) => r.key)).toContain(signInLimitKey("127.0.0.1", "giang@example.com"));
    // No request waited for Redis.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

const redisUrl = await findTestRedis("rate limits shared by two app instances through Redis");

describe.runIf(redisUrl)("two app instances on one Redis", () => {
  const prefix = `on-tap-test-${randomBytes(6).toString("hex")}:`;
  let first: TestServer;
  let second: TestServer;
  let redis: Redis;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
    [first, second] = await Promise.all([startTestServer(env), startTestServer(env)]);
    redis = new Redis(redisUrl!);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("share the count: 5 attempts split across both, the 6th refused on either", async () => {
    for (const instance of [first, second, first, second, first]) {
      expect((await signIn(instance, "hoa@example.com")).status).toBe(401);
    }
    const onFirst = await signIn(first, "hoa@example.com");
    expect(onFirst.status).toBe(429);
    const onSecond = await signIn(second, "hoa@example.com");
    expect(onSecond.status).toBe(429);
    expect(await waitAsked(onSecond)).toBeGreaterThan(0);
    // Counted in Redis, not in either database.
    expect(
      await redis.exists(`${prefix}rate:${signInLimitKey("127.0.0.1", "hoa@example.com")}`),
    ).toBe(1);
    expect(await first.database.db.selectFrom("rateLimit").select("key").execute()).toEqual([]);
  });

  it("keep sessions in the database and cache them in Redis", async () => {
    const registered = await register(first, "khanh@example.com", "Phạm Khánh");
    const token = registered.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))!
      .split(";")[0]!;
    const home = await fetch(`${first.base}/`, { headers: { cookie: token } });
    expect(await home.text()).toContain("Phạm Khánh");
    const rows = await first.database.db.selectFrom("session").select("token").execute();
    expect(rows).toHaveLength(1);
    expect(await redis.exists(`${prefix}${rows[0]!.token}`)).toBe(1);

    const out = await postForm(first.base, "/logout", {}, { cookie: token });
    expect(out.status).toBe(302);
    expect(await redis.exists(`${prefix}${rows[0]!.token}`)).toBe(0);
    expect(await first.database.db.selectFrom("session").select("token").execute()).toEqual([]);
  });
});

describeEachDatabase("the database rate-limit store", (database) => {
  it("allows `max` hits per window, then says how long is left, then starts a new window", async () => {
    let now = 1_000_000;
    const store = createDatabaseRateLimitStore(database().db, { now: () => now });
    const rule = { window: 60, max: 3 };
    for (let i = 0; i < 3; i += 1) {
      expect(await store.consume("k1", rule)).toEqual({ allowed: true, retryAfter: null });
      now += 1000;
    }
    now += 17_000; // 20 s into the window
    expect(await store.consume("k1", rule)).toEqual({ allowed: false, retryAfter: 40 });
    // Another key has its own count.
    expect(await store.consume("k2", rule)).toEqual({ allowed: true, retryAfter: null });
    now += 40_000; // the window of k1 is over
    expect(await store.consume("k1", rule)).toEqual({ allowed: true, retryAfter: null });
    const row = await database()
      .db.selectFrom("rateLimit")
      .select(["count", "lastRequest"])
      .where("key", "=", "k1")
      .executeTakeFirstOrThrow();
    expect({ count: Number(row.count), lastRequest: Number(row.lastRequest) }).toEqual({
      count: 1,
      lastRequest: now,
    });
  });

  it("counts every one of many simultaneous hits", async () => {
    const store = createDatabaseRateLimitStore(database().db);
    const rule = { window: 60, max: 10 };
    const decisions = await Promise.all(
      Array.from({ length: 25 }, () => store.consume("busy", rule)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it("prunes rows of windows long over", async () => {
    let now = 5_000_000_000;
    const store = createDatabaseRateLimitStore(database().db, { now: () => now });
    await store.consume("old", { window: 60, max: 5 });
    now += 2 * 60 * 60 * 1000;
    await store.consume("new", { window: 60, max: 5 });
    const keys = await database().db.selectFrom("rateLimit").select("key").execute();
    expect(keys.map((k) => k.key)).not.toContain("old");
  });
});
