import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createApp } from "#server/app.ts";
import { loadEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createSqliteTestDatabase, type TestDatabase } from "./databases.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface TestServer {
  base: string;
  database: TestDatabase;
  build: ServerBuild;
  close(): Promise<void>;
}

/**
 * The real Express app over the real production build (built first when missing) on a fresh
 * SQLite database, listening on a free port. `env` adds configuration to a production setup.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!existsSync(serverBuild)) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const build = (await import(serverBuild)) as ServerBuild;
  const database = await createSqliteTestDatabase();
  const config = loadEnv({
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "t".repeat(40),
    LOG_LEVEL: "silent",
    ...env,
  });
  const app = createApp({
    env: config,
    db: database.db,
    dialect: "sqlite",
    logger: createLogger(process.env.DEBUG_TEST_LOGS ? "debug" : "silent"),
    build,
    clientDir: path.join(root, "build/client"),
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    database,
    build,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await database.destroy();
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
