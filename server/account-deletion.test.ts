import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "kysely";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "#tests/setup/databases.ts";
import { createApp } from "./app.ts";
import { loadEnv } from "./env.ts";
import { createLogger } from "./logger.ts";

const root = path.resolve(import.meta.dirname, "..");
let database: TestDatabase;
let server: Server;
let base: string;

beforeAll(async () => {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!existsSync(serverBuild)) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
  const build = (await import(serverBuild)) as ServerBuild;
  database = await createSqliteTestDatabase();
  const env = loadEnv({
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "z".repeat(40),
    LOG_LEVEL: "silent",
  });
  server = createApp({
    env,
    db: database.db,
    dialect: "sqlite",
    logger: createLogger("silent"),
    build,
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
});

const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
  });

/** Every row of every table of the schema that mentions the value: found by walking the schema, so tables added later are covered. */
async function rowsMentioning(value: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await database.db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
      database.db,
    );
    for (const row of rows.rows) {
      if (Object.values(row).some((cell) => typeof cell === "string" && cell.includes(value)))
        found.push(table.name);
    }
  }
  return found;
}

it("deleting an account leaves no row of that user in any table, and needs the right password", async () => {
  const signUp = await post("/register", {
    intent: "register",
    fullName: "Mai Xoá",
    email: "xoa@example.com",
    password: "matkhau1",
  });
  const cookie = signUp.headers
    .getSetCookie()
    .find((c) => c.includes("session_token"))!
    .split(";")[0]!;
  const { id } = await database.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "xoa@example.com")
    .executeTakeFirstOrThrow();
  expect((await rowsMentioning(id)).sort()).toEqual(["account", "session", "user"]);

  const wrong = await post(
    "/profile",
    { intent: "delete", confirmEmail: "xoa@example.com", password: "sai" },
    cookie,
  );
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Mật khẩu hiện tại không đúng.");
  expect(await rowsMentioning(id)).not.toEqual([]);

  const deleted = await post(
    "/profile",
    { intent: "delete", confirmEmail: "XOA@example.com", password: "matkhau1" },
    cookie,
  );
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("location")).toContain("/?type=info&message=");
  expect(await rowsMentioning(id)).toEqual([]);
  expect(await rowsMentioning("xoa@example.com")).toEqual([]);
});
