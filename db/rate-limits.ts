import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

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

/** better-auth's `rateLimit.customStorage` shape, also used by our own limits (server/auth.ts). */
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
}

/** A hit that makes `count` in a window ending in `resetInMs`: allowed, or when to come back. */
export function decideRateLimit(
  count: number,
  resetInMs: number,
  rule: RateLimitRule,
): RateLimitDecision {
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
      return decideRateLimit(Number(row.count), Number(row.lastRequest) + windowMs - at, rule);
    },
  };
}
