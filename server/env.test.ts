import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv, selectPublicEnv } from "./env.ts";

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadEnv", () => {
  it("starts with no configuration at all, on SQLite, port 3000", () => {
    const env = loadEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATABASE_URL: "data/on-tap.sqlite",
    });
  });

  it("generates a development secret once into the data folder and reuses it", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "secrets/better-auth-secret"), "utf8").trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(first);
  });

  it("requires the secret in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(
      /BETTER_AUTH_SECRET: required in production/,
    );
  });

  it("lists every bad key at once", () => {
    try {
      loadEnv({
        PORT: "tám mươi",
        DATABASE_URL: "mysql://x",
        SNOW_SEASON: "December",
        FEEDBACK_EMAIL: "khong-phai-email",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const keys = (error as EnvError).problems.map((p) => p.split(":")[0]);
      expect(keys.sort()).toEqual(["DATABASE_URL", "FEEDBACK_EMAIL", "PORT", "SNOW_SEASON"]);
    }
  });

  it("accepts a PostgreSQL URL and a Redis URL", () => {
    const env = loadEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u@h:5432/d",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(env.DATABASE_URL).toBe("postgres://u@h:5432/d");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
  });

  it("gives the browser only whitelisted values", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), BETTER_AUTH_SECRET: "s".repeat(40) });
    const exposed = JSON.stringify(selectPublicEnv(env));
    expect(exposed).not.toContain("s".repeat(40));
    expect(exposed).not.toContain("DATABASE");
  });
});
