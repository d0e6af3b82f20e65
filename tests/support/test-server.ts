import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Express } from "express";
import type { ServerBuild } from "react-router";
import { closeApp, createApp } from "#server/app.ts";
import { loadEnv, type Env } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import {
  createPostgresTestDatabase,
  createSqliteTestDatabase,
  type TestDatabase,
  type TestDialect,
} from "./databases.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface TestServer {
  base: string;
  database: TestDatabase;
  build: ServerBuild;
  /** The Express app and its configuration, for tests that list the routes it serves. */
  app: Express;
  env: Env;
  /** DATA_DIR of this server (outbox, avatars), unless the test chose its own. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real Express app over the real production build (built first when missing) on a fresh
 * database (SQLite unless `dialect` says PostgreSQL), listening on a free port. `env` adds
 * configuration to a production setup.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  {
    dialect = "sqlite",
    sharedDatabase,
  }: {
    dialect?: TestDialect;
    /** Another instance's database: a second instance of the app, closed without dropping it. */
    sharedDatabase?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const serverBuild = path.join(root, "build/server/index.js");
  const parseWorker = path.join(root, "build/host/parse-worker.js");
  if (!existsSync(serverBuild) || !existsSync(parseWorker))
    execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const build = (await import(serverBuild)) as ServerBuild;
  const database =
    sharedDatabase ??
    (dialect === "postgres"
      ? await createPostgresTestDatabase()
      : await createSqliteTestDatabase());
  // Its own data directory (outbox mails, avatars), gone with the server.
  const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-data-"));
  const config = loadEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "t".repeat(40),
    LOG_LEVEL: "silent",
    // A parse job's time counts its wait in the queue: beside a second suite on two cores, a
    // valid 30-question text waited past the 3 s default and was refused (fuzz.test.ts). Tests
    // of the limit set it themselves.
    PARSE_TIME_LIMIT_MS: "30000",
    // No roll-up of the answer shares on a timer: it marks attempts counted in the middle of a
    // test that compares a student's rows before and after (authorization.test.ts). Tests of
    // the shares run it themselves (services/attempts/answer-shares.test.ts).
    ANSWER_SHARES_SECONDS: "0",
    ...env,
  });
  const app = createApp({
    env: config,
    db: database.db,
    dialect: database.dialect,
    logger: createLogger(process.env.DEBUG_TEST_LOGS ? "debug" : "silent"),
    build,
    clientDir: path.join(root, "build/client"),
    // The threads run the built worker, as in production (ADR 0015).
    parseWorker: { workerFile: parseWorker },
  });
  const server: Server = app.listen(0, "127.0.0.1");
  // Idle connections stay open until the client drops them or the server closes. With Node's
  // 5 s default the server closed a connection that fetch's pool was about to reuse after a
  // long set-up (103 attempts saved into in-process PGlite, data-export.test.ts): the next
  // request failed with ECONNRESET in every clean-clone `npm test` without TEST_DATABASE_URL.
  // close() still ends idle connections at once.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    database,
    build,
    app,
    env: config,
    dataDir: config.DATA_DIR,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await closeApp(app);
      if (!sharedDatabase) await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A form POST as a browser without JavaScript sends it; redirects are not followed. */
export function postForm(
  base: string,
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The session cookie ("name=value") an answer set; throws when there is none. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(";")[0]!;
}

/**
 * Registers through the real /register form, as a browser without JavaScript does. Returns the
 * answer (callers check its status), so a refused sign-up can be asserted on too.
 */
export function postSignUp(
  base: string,
  { email, fullName = "Người Thử", password = "matkhau1" }: SignUpFields,
) {
  return postForm(base, "/register", { intent: "register", fullName, email, password });
}

interface SignUpFields {
  email: string;
  fullName?: string;
  password?: string;
}

/** A new signed-in user: the session cookie and the user's id. */
export async function signUp(
  server: Pick<TestServer, "base" | "database">,
  fields: SignUpFields,
): Promise<{ cookie: string; id: string }> {
  const cookie = sessionCookie(await postSignUp(server.base, fields));
  const { id } = await server.database.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", fields.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return { cookie, id };
}
