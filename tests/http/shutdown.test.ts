import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { shutDownGracefully } from "#server/shutdown.ts";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe("graceful shutdown", () => {
  it("lets an in-flight request finish, refuses new ones, then cleans up", async () => {
    const server = createServer((_req, res) => {
      setTimeout(() => res.end("xong"), 400);
    });
    const base = await listen(server);
    const inFlight = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    let cleaned = false;
    const done = shutDownGracefully(server, {
      timeoutMs: 5000,
      logger: createLogger("silent"),
      cleanup: async () => {
        cleaned = true;
      },
    });
    await expect(fetch(`${base}/new`)).rejects.toThrow();
    expect(await inFlight).toBe("xong");
    await done;
    expect(cleaned).toBe(true);
  });

  it("cuts a request that outlives the timeout", async () => {
    const server = createServer(() => {
      // never answers
    });
    const base = await listen(server);
    const stuck = fetch(`${base}/stuck`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutDownGracefully(server, {
      timeoutMs: 200,
      logger: createLogger("silent"),
      cleanup: async () => {},
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stuck).toBeInstanceOf(Error);
  });

  it("the server `npm start` runs exits cleanly on SIGTERM", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    // The entry comes from package.json's start script, so the README's command is what runs.
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const entry = /&& node (\S+)$/.exec(scripts.start ?? "")?.[1];
    expect(entry).toBe("build/host/index.js");
    const dir = mkdtempSync(path.join(tmpdir(), "on-tap-sigterm-"));
    const child = spawn(process.execPath, [entry!], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        DATABASE_URL: path.join(dir, "db.sqlite"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 15_000);
        child.stdout.on("data", () => {
          if (output.includes("is listening")) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const exit = new Promise<string>((resolve) =>
        child.once("exit", (code, signal) => resolve(`${code}/${signal}`)),
      );
      child.kill("SIGTERM");
      expect(await exit, output).toBe("0/null");
      expect(output).toContain("shutdown complete");
    } finally {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
