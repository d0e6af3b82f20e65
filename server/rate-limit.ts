import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import {
  createDatabaseRateLimitStore,
  decideRateLimit,
  type RateLimitStore,
} from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";
import type { SharedStore } from "./redis.ts";

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
      return decideRateLimit(hit.count, hit.resetInMs, rule);
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
