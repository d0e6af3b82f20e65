import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import type { SharedStore } from "./redis.ts";

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfter: number | null;
}

/** better-auth's `rateLimit.customStorage` shape, also used by our own limits (auth.ts). */
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
}

function decide(count: number, resetInMs: number, rule: RateLimitRule): RateLimitDecision {
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) };
}

/**
 * Fixed windows counted in the `rateLimit` table (migration 0003), one atomic upsert per hit on
 * both SQLite and PostgreSQL, so every instance on the database shares the count. A row holds
 * the hits of the current window and, in `lastRequest`, when that window started (ms). Rows of
 * windows long over are pruned now and then.
 */
export function createDatabaseRateLimitStore(
  db: Kysely<DB>,
  options: { now?: () => number } = {},
): RateLimitStore {
  const now = options.now ?? Date.now;
  let longestWindowMs = 60 * 60 * 1000;
  let nextPruneAt = 0;
  return {
    async consume(key, rule) {
      const at = now();
      const windowMs = rule.window * 1000;
      longestWindowMs = Math.max(longestWindowMs, windowMs);
      const over = at - windowMs;
      const row = await db
        .insertInto("rateLimit")
        .values({ id: randomUUID(), key, count: 1, lastRequest: at })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet((eb) => ({
            count: eb
              .case()
              .when("rateLimit.lastRequest", "<=", over)
              .then(1)
              .else(eb("rateLimit.count", "+", 1))
              .end(),
            lastRequest: eb
              .case()
              .when("rateLimit.lastRequest", "<=", over)
              .then(at)
              .else(eb.ref("rateLimit.lastRequest"))
              .end(),
          })),
        )
        .returning(["count", "lastRequest"])
        .executeTakeFirstOrThrow();
      if (at >= nextPruneAt) {
        nextPruneAt = at + 60_000;
        await db
          .deleteFrom("rateLimit")
          .where("lastRequest", "<", at - longestWindowMs)
          .execute();
      }
      return decide(Number(row.count), Number(row.lastRequest) + windowMs - at, rule);
    },
  };
}

/**
 * Where rate limits are counted: in Redis when there is one (shared by every instance), and in
 * the database when there is none or while Redis cannot answer. Falling back, rather than
 * letting everyone through, keeps sign-in protected during an outage; counting in the shared
 * database keeps the limit shared across instances too. It costs a database write per limited
 * request only while Redis is down.
 */
export function createRateLimitStore(options: {
  db: Kysely<DB>;
  shared?: SharedStore;
}): RateLimitStore {
  const database = createDatabaseRateLimitStore(options.db);
  const { shared } = options;
  if (!shared) return database;
  return {
    async consume(key, rule) {
      const hit = await shared.hit(key, rule.window);
      if (!hit) return database.consume(key, rule);
      return decide(hit.count, hit.resetInMs, rule);
    },
  };
}

/**
 * The key of the sign-in limit per client address and account: the address and a hash of the
 * lower-cased email (no address book of who tried to sign in where lands in Redis or the table).
 */
export function signInLimitKey(ip: string, email: string): string {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `sign-in-email:${ip}:${hash.slice(0, 22)}`;
}
