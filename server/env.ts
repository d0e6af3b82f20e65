import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { PARSE_LIMITS } from "#content/parse-limits.ts";

/**
 * The only module that reads `process.env`. Everything is validated once, at boot; a bad
 * configuration stops the server with one message that lists every bad key.
 */

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** "MM-DD/MM-DD", e.g. "12-01/01-15": the snow season, which may wrap over the new year. */
const seasonPattern =
  /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** An OpenID issuer: https (plain http only on this machine), no query, no fragment. */
function isIssuerUrl(value: string): boolean {
  if (/[?#]/.test(value)) return false;
  try {
    const { protocol, hostname } = new URL(value);
    return (
      protocol === "https:" ||
      (protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname))
    );
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("data/on-tap.sqlite")
    .refine(
      (url) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^postgres(ql)?:\/\//i.test(url),
      "must be a SQLite file path or a postgres:// URL",
    ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** A new PostgreSQL connection not made by then fails the request with a 503 (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** A PostgreSQL query with no answer by then fails the request with a 503 (ms). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Start of every key the app writes to Redis, so several apps (or test runs) can share one. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default("on-tap:"),
  /** A Redis command slower than this counts as an outage: sign-in then works from the database. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  DATA_DIR: z.string().min(1).default("data"),
  BANKS_DIR: z.string().min(1).default("content/banks"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value) => {
      if (value === "true") return true;
      if (value === "false") return false;
      const hops = Number(value);
      return Number.isInteger(hops) && hops >= 0 ? hops : value;
    }),
  FEEDBACK_EMAIL: z.email().default("gopy@ontap.edu.vn"),
  CONTACT_EMAIL: z.email().default("lienhe@ontap.edu.vn"),
  CONTACT_FACEBOOK_URL: z.url().optional(),
  CONTACT_GITHUB_URL: z.url().optional(),
  SNOW_SEASON: z
    .string()
    .regex(seasonPattern, "must look like 12-01/01-15 (MM-DD/MM-DD)")
    .default("12-01/01-15"),
  AUTH_RATE_LIMIT: booleanFromString.default(true),
  /** Sign-in attempts per minute for one account (email) from one client address. */
  AUTH_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** Sign-in attempts per minute from one client address, whatever the accounts. */
  AUTH_SIGN_IN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  AUTH_SIGN_UP_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** "Quên mật khẩu" requests per client address per hour. */
  AUTH_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Verification mails per account per hour, the one sent at sign-up included. */
  AUTH_VERIFY_MAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /**
   * Where mail goes: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465.
   * nodemailer reads options from the query too, e.g. ?ignoreTLS=true. Unset: mails are written
   * to ${DATA_DIR}/outbox/ and their links logged, so a laptop needs no mail server.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#\s]+/i, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
      "must be an address, optionally with a name: Ôn Tập <no-reply@example.com>",
    )
    .default("Ôn Tập <no-reply@localhost>"),
  COUNTS_CACHE_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  /** How long each process may answer visitors with a catalogue page it rendered (0: never). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How long each process may trust a session it read (server/session-cache.ts): a session ended
   * where it cannot hear of it stops working within this time. At most 5 (0: read every time).
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(5).default(5),
  /**
   * How often each process counts the attempts saved since into "how others answered" (issue 30,
   * services/attempts/answer-shares.ts); the shares on screen are at most this old. 0: never.
   */
  ANSWER_SHARES_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Worker processes of the production server (`node build/host/index.js`): one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * The threads that read students' files and texts off the event loop, per process (ADR 0015,
   * content/parse-limits.ts): how many, how many jobs may wait for one, a job's time from its
   * arrival, and each thread's heap.
   */
  PARSE_THREADS: z.coerce.number().int().min(1).max(64).default(PARSE_LIMITS.threads),
  PARSE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(PARSE_LIMITS.queue),
  PARSE_TIME_LIMIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(PARSE_LIMITS.timeLimitMs),
  PARSE_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(PARSE_LIMITS.memoryMb),
  COMPRESSION: booleanFromString.default(true),
  /**
   * "Đăng nhập bằng Google": an OAuth client (type "Web application") from the Google Cloud
   * console, with `${PUBLIC_URL}/api/auth/callback/google` as its redirect URI. Both or neither.
   */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /**
   * Any other OpenID Connect provider (a university's SSO, Keycloak, Microsoft Entra, …), found
   * through discovery at `${OIDC_ISSUER}/.well-known/openid-configuration`; its redirect URI is
   * `${PUBLIC_URL}/api/auth/callback/oidc`. OIDC_NAME is shown on the button ("Đăng nhập bằng
   * {OIDC_NAME}"). All four or none.
   */
  OIDC_ISSUER: z
    .string()
    .refine(
      isIssuerUrl,
      "must be the issuer's https:// URL, without ? or # (http:// only on localhost)",
    )
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60).optional(),
});

/** Keys that only make sense together: each group is all set or all unset. */
const KEY_GROUPS = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"],
] as const;

function checkKeyGroups(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const group of KEY_GROUPS) {
    const set = group.filter((key) => source[key] !== undefined);
    if (set.length === 0 || set.length === group.length) continue;
    for (const key of group) {
      if (source[key] === undefined) problems.push(`${key}: required with ${set.join(", ")}`);
    }
  }
  return problems;
}

export type Env = z.infer<typeof EnvSchema> & { BETTER_AUTH_SECRET: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * Parses a configuration source (process.env by default). Secrets that are missing in
 * development are generated once into DATA_DIR so sessions survive restarts; in production a
 * missing secret is an error, because a generated one would differ between instances.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  problems.push(...checkKeyGroups(cleaned));
  if (parsed.success && !parsed.data.BETTER_AUTH_SECRET && parsed.data.NODE_ENV === "production") {
    problems.push(
      "BETTER_AUTH_SECRET: required in production (generate one with `openssl rand -base64 32`)",
    );
  }
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const env = parsed.data;
  return {
    ...env,
    BETTER_AUTH_SECRET:
      env.BETTER_AUTH_SECRET ?? readOrCreateSecret(env.DATA_DIR, "better-auth-secret"),
  };
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("base64url");
    // "wx" keeps the first secret if two processes start at once.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return readFileSync(file, "utf8").trim();
    }
  }
}

/** The values the browser may see; nothing else of the configuration leaves the server. */
export function selectPublicEnv(env: Env) {
  return {
    feedbackEmail: env.FEEDBACK_EMAIL,
    contactEmail: env.CONTACT_EMAIL,
    contactFacebookUrl: env.CONTACT_FACEBOOK_URL ?? null,
    contactGithubUrl: env.CONTACT_GITHUB_URL ?? null,
    snowSeason: env.SNOW_SEASON,
    countsCacheMinutes: env.COUNTS_CACHE_MINUTES,
    /** The sign-in buttons to show (ids as in server/sign-in-providers.ts), never their secrets. */
    signInProviders: [
      ...(env.GOOGLE_CLIENT_ID ? [{ id: "google" as const, name: "Google" }] : []),
      ...(env.OIDC_ISSUER && env.OIDC_NAME ? [{ id: "oidc" as const, name: env.OIDC_NAME }] : []),
    ],
  };
}

export type PublicEnv = ReturnType<typeof selectPublicEnv>;
