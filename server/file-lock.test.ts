import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { withFileLock } from "./file-lock.ts";

// The avatar lock across processes (WEB_CONCURRENCY workers, instances sharing DATA_DIR).
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("lets one holder at a time run, whoever asks, and frees the lock after", async () => {
  const file = path.join(dir, ".lock-a");
  let inside = 0;
  let most = 0;
  const task = async () => {
    inside += 1;
    most = Math.max(most, inside);
    await new Promise((resolve) => setTimeout(resolve, 30));
    inside -= 1;
  };
  await Promise.all(Array.from({ length: 4 }, () => withFileLock(file, task)));
  expect(most).toBe(1);
  await expect(withFileLock(file, async () => "again")).resolves.toBe("again");
});

it("frees the lock when the task fails", async () => {
  const file = path.join(dir, ".lock-b");
  await expect(withFileLock(file, () => Promise.reject(new Error("hỏng")))).rejects.toThrow("hỏng");
  await expect(withFileLock(file, async () => 1)).resolves.toBe(1);
});

it("takes over a lock left by a process that died long ago", async () => {
  const file = path.join(dir, ".lock-c");
  writeFileSync(file, "");
  const old = new Date(Date.now() - 60_000);
  utimesSync(file, old, old);
  await expect(withFileLock(file, async () => "taken")).resolves.toBe("taken");
});
