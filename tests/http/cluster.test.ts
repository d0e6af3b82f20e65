import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

// `node build/host/index.js` with WEB_CONCURRENCY=2: a primary and two workers on one port,
// one database prepared once, and SIGTERM still a graceful stop of every worker.
it("starts WEB_CONCURRENCY workers that serve requests, and stops them all on SIGTERM", async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-cluster-"));
  const child = spawn(process.execPath, ["build/host/index.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, "db.sqlite"),
      WEB_CONCURRENCY: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    const port = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 60_000);
      child.stdout.on("data", () => {
        const lines = output.match(/is listening on http:\/\/localhost:(\d+)/g) ?? [];
        if (lines.length === 2) {
          clearTimeout(timer);
          resolve(/(\d+)$/.exec(lines[0]!)![1]!);
        }
      });
    });
    const workers = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/);
    expect(workers).toHaveLength(2);
    const ids = new Set<number>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(response.status).toBe(200);
    }
    // Each worker says which it is on its lines: both have started and listen.
    for (const line of output.split("\n").filter((l) => l.includes("is listening"))) {
      ids.add((JSON.parse(line) as { worker: number }).worker);
    }
    expect([...ids].sort()).toEqual([1, 2]);
    // The banks were loaded once, by the primary, before any worker started.
    expect(output.match(/sample banks loaded/g)).toHaveLength(1);

    const exit = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) => resolve(`${code}/${signal}`)),
    );
    child.kill("SIGTERM");
    expect(await exit, output).toBe("0/null");
    expect(output.match(/shutdown complete/g), output).toHaveLength(2);
  } finally {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
