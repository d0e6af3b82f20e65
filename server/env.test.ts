import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PARSE_LIMITS } from "#content/parse-limits.ts";
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

  it("mails through SMTP_URL when given, from MAIL_FROM, with the accounts' limits", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults).toMatchObject({
      MAIL_FROM: "Ôn Tập <no-reply@localhost>",
      AUTH_PASSWORD_RESET_PER_HOUR: 5,
      AUTH_VERIFY_MAIL_PER_HOUR: 3,
    });
    const env = loadEnv({
      DATA_DIR: dataDir(),
      SMTP_URL: "smtps://user:pass@mail.example.edu.vn:465",
      MAIL_FROM: "no-reply@ontap.edu.vn",
      AUTH_PASSWORD_RESET_PER_HOUR: "10",
    });
    expect(env.SMTP_URL).toBe("smtps://user:pass@mail.example.edu.vn:465");
    expect(env.MAIL_FROM).toBe("no-reply@ontap.edu.vn");
    expect(env.AUTH_PASSWORD_RESET_PER_HOUR).toBe(10);
    try {
      loadEnv({
        DATA_DIR: dataDir(),
        SMTP_URL: "http://mail.example",
        MAIL_FROM: "Ôn Tập",
        AUTH_VERIFY_MAIL_PER_HOUR: "0",
      });
      expect.unreachable();
    } catch (error) {
      const keys = (error as EnvError).problems.map((p) => p.split(":")[0]);
      expect(keys.sort()).toEqual(["AUTH_VERIFY_MAIL_PER_HOUR", "MAIL_FROM", "SMTP_URL"]);
    }
  });

  it("has ADR 0005's sign-in limits and the Redis settings by default, each configurable", () => {
    expect(loadEnv({ DATA_DIR: dataDir() })).toMatchObject({
      AUTH_SIGN_IN_PER_MINUTE: 5,
      AUTH_SIGN_IN_PER_IP_PER_MINUTE: 30,
      AUTH_SIGN_UP_PER_HOUR: 5,
      AUTH_PASSWORD_RESET_PER_HOUR: 5,
      REDIS_KEY_PREFIX: "on-tap:",
      REDIS_COMMAND_TIMEOUT_MS: 500,
    });
    const env = loadEnv({
      DATA_DIR: dataDir(),
      AUTH_SIGN_IN_PER_IP_PER_MINUTE: "100",
      REDIS_KEY_PREFIX: "ontap-prod:",
      REDIS_COMMAND_TIMEOUT_MS: "250",
    });
    expect(env).toMatchObject({
      AUTH_SIGN_IN_PER_IP_PER_MINUTE: 100,
      REDIS_KEY_PREFIX: "ontap-prod:",
      REDIS_COMMAND_TIMEOUT_MS: 250,
    });
  });

  it("bounds the parse pool by content/parse-limits.ts by default, each configurable, nonsense refused", () => {
    expect(loadEnv({ DATA_DIR: dataDir() })).toMatchObject({
      PARSE_THREADS: PARSE_LIMITS.threads,
      PARSE_QUEUE: PARSE_LIMITS.queue,
      PARSE_TIME_LIMIT_MS: PARSE_LIMITS.timeLimitMs,
      PARSE_MEMORY_MB: PARSE_LIMITS.memoryMb,
    });
    expect(
      loadEnv({ DATA_DIR: dataDir(), PARSE_THREADS: "4", PARSE_TIME_LIMIT_MS: "10000" }),
    ).toMatchObject({ PARSE_THREADS: 4, PARSE_TIME_LIMIT_MS: 10_000 });
    try {
      loadEnv({ DATA_DIR: dataDir(), PARSE_THREADS: "0", PARSE_MEMORY_MB: "beaucoup" });
      expect.unreachable();
    } catch (error) {
      const keys = (error as EnvError).problems.map((p) => p.split(":")[0]);
      expect(keys).toEqual(["PARSE_THREADS", "PARSE_MEMORY_MB"]);
    }
  });

  it("gives the browser only whitelisted values", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), BETTER_AUTH_SECRET: "s".repeat(40) });
    const exposed = JSON.stringify(selectPublicEnv(env));
    expect(exposed).not.toContain("s".repeat(40));
    expect(exposed).not.toContain("DATABASE");
  });
});
