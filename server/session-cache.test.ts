import { randomBytes } from "node:crypto";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { findTestRedis } from "#tests/support/test-env.ts";
import type { Auth } from "./auth.ts";
import { createLogger } from "./logger.ts";
import { createSharedStore } from "./redis.ts";
import {
  createSessionCache,
  forgetChangedSessions,
  mayChangeSession,
  type SessionCache,
} from "./session-cache.ts";

const redisUrl = await findTestRedis("the session cache's forgetting on every instance");

/** A better-auth that knows the sessions in `live` (token → user id) and counts its reads. */
function fakeAuth(live: Map<string, string>) {
  const auth = {
    reads: 0,
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        auth.reads += 1;
        const token = /session_token=([^;]*)/.exec(headers.get("cookie") ?? "")?.[1] ?? "";
        const userId = live.get(token);
        if (!userId) return null;
        return {
          session: { token, userId, expiresAt: new Date(Date.now() + 86_400_000) },
          user: { id: userId, name: "Lan", email: "lan@example.com" },
        };
      },
    },
  };
  return auth;
}

const cookieOf = (token: string) => `theme=dark; better-auth.session_token=${token}`;
const headersOf = (token: string) => new Headers({ cookie: cookieOf(token) });

const caches: SessionCache[] = [];
afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});

function cacheFor(auth: ReturnType<typeof fakeAuth>, options: Record<string, unknown> = {}) {
  const cache = createSessionCache({ auth: auth as unknown as Auth, seconds: 5, ...options });
  caches.push(cache);
  return cache;
}

describe("the session cache", () => {
  it("reads a session once for every page of the next seconds, then again", async () => {
    let now = 1_000_000;
    const auth = fakeAuth(new Map([["t1", "u1"]]));
    const cache = cacheFor(auth, { now: () => now });
    const reads = await Promise.all([1, 2, 3].map(() => cache.get(headersOf("t1"))));
    expect(reads.map((read) => read?.user.id)).toEqual(["u1", "u1", "u1"]);
    expect(auth.reads).toBe(1);
    now += 4_900;
    await cache.get(headersOf("t1"));
    expect(auth.reads).toBe(1);
    now += 200;
    await cache.get(headersOf("t1"));
    expect(auth.reads).toBe(2);
  });

  it("a session ended elsewhere stops being accepted within its seconds", async () => {
    let now = 1_000_000;
    const live = new Map([["t1", "u1"]]);
    const auth = fakeAuth(live);
    const cache = cacheFor(auth, { now: () => now });
    expect(await cache.get(headersOf("t1"))).not.toBeNull();
    live.delete("t1");
    now += 5_001;
    expect(await cache.get(headersOf("t1"))).toBeNull();
  });

  it("forgets every session of the user of a request that may change them, at once", async () => {
    const live = new Map([
      ["phone", "u1"],
      ["laptop", "u1"],
      ["other", "u2"],
    ]);
    const auth = fakeAuth(live);
    const cache = cacheFor(auth);
    for (const token of live.keys()) await cache.get(headersOf(token));
    expect(auth.reads).toBe(3);
    live.delete("phone");
    live.delete("laptop");
    cache.forget(cookieOf("phone"));
    expect(await cache.get(headersOf("phone"))).toBeNull();
    expect(await cache.get(headersOf("laptop"))).toBeNull();
    expect((await cache.get(headersOf("other")))?.user.id).toBe("u2");
    expect(auth.reads).toBe(5);
  });

  it("forgets every session after a change whose user the request does not name", async () => {
    const auth = fakeAuth(
      new Map([
        ["t1", "u1"],
        ["t2", "u2"],
      ]),
    );
    const cache = cacheFor(auth);
    await cache.get(headersOf("t1"));
    await cache.get(headersOf("t2"));
    cache.forgetEveryone();
    await cache.get(headersOf("t1"));
    await cache.get(headersOf("t2"));
    expect(auth.reads).toBe(4);
  });

  it("asks nothing without a session cookie, and keeps no answer with 0 seconds", async () => {
    const auth = fakeAuth(new Map([["t1", "u1"]]));
    expect(await cacheFor(auth).get(new Headers({ cookie: "theme=dark" }))).toBeNull();
    expect(auth.reads).toBe(0);
    const uncached = cacheFor(auth, { seconds: 0 });
    await uncached.get(headersOf("t1"));
    await uncached.get(headersOf("t1"));
    expect(auth.reads).toBe(2);
  });

  it("forgets around requests that may change a session, never around page reads", () => {
    expect(mayChangeSession("POST", "/profile")).toBe(true);
    expect(mayChangeSession("POST", "/api/auth/sign-out")).toBe(true);
    expect(mayChangeSession("GET", "/api/auth/verify-email")).toBe(true);
    expect(mayChangeSession("GET", "/api/auth/get-session")).toBe(false);
    expect(mayChangeSession("GET", "/practice-history")).toBe(false);
    expect(mayChangeSession("HEAD", "/")).toBe(false);
  });

  it("keeps the session cached around the saves of a student's work (issue 29, ADR 0038)", () => {
    for (const path of [
      "/api/attempts",
      "/api/mock-exams/0b6a3c8e-9a4f-4c1e-8f7a-2d5b6c7e8f90/sheet",
      "/api/mock-exams/0b6a3c8e-9a4f-4c1e-8f7a-2d5b6c7e8f90/submit",
    ]) {
      expect(mayChangeSession("POST", path), path).toBe(false);
    }
    // Anything else that is not a read still may: the profile, a sign-out, a page's own form,
    // and the rarer writes (a claim of guest attempts, a new mock exam, a report, a comment).
    for (const path of [
      "/api/attempts/claim",
      "/logout",
      "/profile.data",
      "/api/auth/sign-out",
      "/api/attempts/other",
      "/api/mock-exams",
      "/api/mock-exams/x/sheet/y",
      "/api/question-reports",
      "/api/questions/42/comments",
    ]) {
      expect(mayChangeSession("POST", path), path).toBe(true);
    }
  });
});

describe.runIf(redisUrl)("the session cache on two instances sharing Redis", () => {
  it("a session forgotten on one instance is forgotten on the other at once", async () => {
    const prefix = `on-tap-test-${randomBytes(6).toString("hex")}:`;
    const stores = [1, 2].map(() =>
      createSharedStore({
        url: redisUrl!,
        keyPrefix: prefix,
        commandTimeoutMs: 500,
        logger: createLogger("silent"),
      }),
    );
    try {
      await Promise.all(stores.map((store) => store.whenAvailable(5000)));
      const live = new Map([["t1", "u1"]]);
      const [authA, authB] = [fakeAuth(live), fakeAuth(live)];
      const a = cacheFor(authA, { shared: stores[0] });
      const b = cacheFor(authB, { shared: stores[1] });
      // The subscriptions connect in the background.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.get(headersOf("t1"));
      await b.get(headersOf("t1"));
      live.delete("t1");
      a.forget(cookieOf("t1"));
      const started = Date.now();
      while ((await b.get(headersOf("t1"))) !== null) {
        expect(Date.now() - started).toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(authB.reads).toBe(2);
    } finally {
      await Promise.all(caches.splice(0).map((cache) => cache.close()));
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

describe("forgetChangedSessions", () => {
  it("renamed, the header showed the old name: a change's answer is written only after its sessions are forgotten", async () => {
    const events: string[] = [];
    const app = express();
    app.use(forgetChangedSessions({ forget: () => void events.push("forget") }));
    app.post("/profile", (_req, res) => {
      // The action read the session (the old user, cached), then changed the user.
      events.push("changed");
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        const written = writeHead.apply(this, args);
        events.push("answer written");
        return written;
      } as typeof res.writeHead;
      res.status(200).send("ok");
    });
    app.get("/", (_req, res) => void res.send("page"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as { port: number };
      const base = `http://127.0.0.1:${port}`;
      const answer = await fetch(`${base}/profile`, {
        method: "POST",
        headers: { cookie: "on-tap.session_token=abc" },
      });
      expect(await answer.text()).toBe("ok");
      // The browser's next page may come before the answer's "finish": forgotten before it.
      const changed = events.indexOf("changed");
      const written = events.indexOf("answer written");
      expect(events.slice(changed, written)).toContain("forget");
      // A page read changes nothing, and a request without a session has nothing to forget.
      events.length = 0;
      await (await fetch(`${base}/`, { headers: { cookie: "on-tap.session_token=abc" } })).text();
      await (await fetch(`${base}/profile`, { method: "POST" })).text();
      expect(events.filter((e) => e === "forget")).toEqual([]);
    } finally {
      server.close();
    }
  });
});
