import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PAGE_USER_HEADER, VISITOR_STAMP } from "#base/device-user.ts";
import { startAppProcess, type AppProcess } from "#tests/support/app-process.ts";
import { postForm, postSignUp, sessionCookie } from "#tests/support/test-server.ts";

/**
 * Each process keeps the sessions it read for SESSION_CACHE_SECONDS (5 s, server/session-cache.ts):
 * a session ended where a process cannot hear of it (another worker, without Redis; the user
 * CLI) must stop being accepted everywhere within that time. Two workers on one SQLite file, as
 * `WEB_CONCURRENCY=2` runs them, no Redis. (With Redis, tests/http/cluster-instances.test.ts.)
 */
const STATED_MS = 5000;
/** The pause between two requests meanwhile. */
const POLL_MS = 50;

let app: AppProcess;
let base: string;
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-revocation-"));
const databaseFile = path.join(dir, "db.sqlite");

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await startAppProcess("workers", {
    NODE_ENV: "production",
    PORT: String(port),
    WEB_CONCURRENCY: "2",
    DATA_DIR: dir,
    DATABASE_URL: databaseFile,
    BETTER_AUTH_SECRET: "r".repeat(40),
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT: "false",
  });
  // Both workers listen before the test starts.
  const started = Date.now();
  while ((app.output.join("").match(/is listening/g) ?? []).length < 2) {
    if (Date.now() - started > 60_000) throw new Error(app.output.join(""));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 90_000);

afterAll(async () => {
  await app?.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Whose page one request got (a new connection each time: both workers answer in turn). */
async function pageUser(cookie: string): Promise<string> {
  const page = await fetch(`${base}/about`, { headers: { cookie, connection: "close" } });
  await page.arrayBuffer();
  return page.headers.get(PAGE_USER_HEADER) ?? "?";
}

async function pageUsers(cookie: string, count: number): Promise<string[]> {
  const users: string[] = [];
  for (let i = 0; i < count; i += 1) users.push(await pageUser(cookie));
  return users;
}

/**
 * How long after `since` a worker last accepted `cookie`: the pages are asked for until 20
 * answers in a row are a visitor's (every worker refuses it), and the last request that was
 * still answered as the student's is the one that counts.
 */
async function lastAcceptedAfter(cookie: string, since: number): Promise<number> {
  let lastAccepted = since;
  let refusedInARow = 0;
  while (refusedInARow < 20 && Date.now() - since < 3 * STATED_MS) {
    const sent = Date.now();
    if ((await pageUser(cookie)) === VISITOR_STAMP) refusedInARow += 1;
    else {
      refusedInARow = 0;
      lastAccepted = sent;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  expect(refusedInARow).toBe(20);
  return lastAccepted - since;
}

it("a student signed out on one worker is refused by every worker within 5 s", async () => {
  const cookie = sessionCookie(await postSignUp(base, { email: "ra-ve@example.com" }));
  // Every worker has read (and keeps) the session.
  const before = await pageUsers(cookie, 10);
  expect(before.every((user) => user !== VISITOR_STAMP)).toBe(true);

  const signedOutAt = Date.now();
  const out = await postForm(base, "/logout", {}, { cookie, origin: base });
  expect(out.status).toBeLessThan(400);
  expect(await lastAcceptedAfter(cookie, signedOutAt)).toBeLessThanOrEqual(STATED_MS);
});

it("a session deleted outside the app (the user CLI) is refused by every worker within 5 s", async () => {
  const cookie = sessionCookie(await postSignUp(base, { email: "xoa-phien@example.com" }));
  const before = await pageUsers(cookie, 10);
  expect(before.every((user) => user !== VISITOR_STAMP)).toBe(true);

  const deletedAt = Date.now();
  const database = new Database(databaseFile);
  database
    .prepare(`delete from session where "userId" = (select id from "user" where email = ?)`)
    .run("xoa-phien@example.com");
  database.close();
  expect(await lastAcceptedAfter(cookie, deletedAt)).toBeLessThanOrEqual(STATED_MS);
});
