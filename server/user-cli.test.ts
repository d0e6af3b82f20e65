import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-user-cli-"));
const env = { PATH: process.env.PATH, DATABASE_URL: path.join(dir, "cli.sqlite"), DATA_DIR: dir };

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "server/user-cli.ts", ...args],
      { cwd: root, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function operators(): string[] {
  const db = new Database(env.DATABASE_URL, { readonly: true });
  try {
    return (db.prepare("select user_id from operator").all() as { user_id: string }[]).map(
      (row) => row.user_id,
    );
  } finally {
    db.close();
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("npm run user -- grant-admin / revoke-admin EMAIL makes an account an operator and back", async () => {
  // The first run migrates the empty database; nobody has that email yet.
  const missing = await cli("grant-admin", "qt@example.com");
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("Không có tài khoản nào dùng email qt@example.com.");

  const db = new Database(env.DATABASE_URL);
  const at = new Date().toISOString();
  db.prepare(
    `insert into "user" (id, name, email, emailVerified, image, createdAt, updatedAt)
     values ('qt', 'Quản trị', 'qt@example.com', 1, null, ?, ?)`,
  ).run(at, at);
  db.close();

  const granted = await cli("grant-admin", "QT@example.com");
  expect(granted).toMatchObject({ code: 0, stdout: expect.stringContaining("Đã cấp quyền") });
  expect(operators()).toEqual(["qt"]);
  // Twice is the same as once.
  expect((await cli("grant-admin", "qt@example.com")).code).toBe(0);
  expect(operators()).toEqual(["qt"]);

  const revoked = await cli("revoke-admin", "qt@example.com");
  expect(revoked).toMatchObject({ code: 0, stdout: expect.stringContaining("Đã bỏ quyền") });
  expect(operators()).toEqual([]);

  const usage = await cli("make-admin");
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain("Cách dùng: npm run user -- grant-admin EMAIL");
}, 60_000);
