import type { SecondaryStorage } from "better-auth";
import { Redis } from "ioredis";
import type { Logger } from "./logger.ts";

/**
 * One fixed-window counter step, atomic in Redis: count this hit, start the window (its expiry)
 * on the first one, and say how long the window still runs. A counter that somehow lost its
 * expiry gets one again instead of counting forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }
`;

export interface SharedStore {
  /**
   * better-auth's secondary storage. It is a cache in front of the database, never the only
   * copy (auth.ts keeps sessions and verification values in the database too), so when Redis
   * cannot answer, reads miss, writes are skipped, and better-auth reads the database instead.
   */
  secondaryStorage: SecondaryStorage;
  /**
   * Counts one hit on `key` in a window of `windowSeconds` that starts at the first hit.
   * Null when Redis cannot answer right now: the caller counts somewhere else (rate-limit.ts).
   */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInMs: number } | null>;
  /** Whether commands go to Redis at the moment (false during an outage and its clean-up). */
  isAvailable(): boolean;
  /** Resolves once Redis is usable, or rejects after `timeoutMs` (tests and readiness checks). */
  whenAvailable(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface SharedStoreOptions {
  url: string;
  /** Every key this app writes starts with it, so several apps (or test runs) share one Redis. */
  keyPrefix: string;
  /** A command that takes longer counts as an outage. */
  commandTimeoutMs: number;
  logger: Logger;
}

/**
 * Redis for what several app instances must share: rate-limit counters and better-auth's
 * session cache. A Redis outage never takes sign-in down: while Redis is unreachable (or
 * answers too slowly) every call returns at once without it: the cache misses, so
 * sessions and verification values come from the database, and rate limits are counted in the
 * database (rate-limit.ts). A warning is logged when the outage starts and a line when it ends.
 *
 * A cache that missed writes during an outage may hold entries that should have changed or
 * gone: a signed-out or revoked session above all. So when a write was skipped, every key under
 * the prefix is deleted when Redis comes back, before it is used again; until then it stays
 * unused. (Rate-limit counters go too: at worst a client gets one fresh window.)
 */
export function createSharedStore(options: SharedStoreOptions): SharedStore {
  const { keyPrefix, logger } = options;
  const log = logger.child({ component: "redis" });
  const client = new Redis(options.url, {
    // Fail at once when not connected instead of queueing: the caller has a fallback.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(1000, options.commandTimeoutMs * 4),
    // Never give up reconnecting: 100 ms, 200 ms … at most 5 s apart.
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times - 1, 6), 5000),
  });
  const prefixed = (key: string) => `${keyPrefix}${key}`;
  let available = false;
  /** A write was skipped or failed: Redis may hold entries the database no longer agrees with. */
  let missedWrites = false;
  let outageLogged = false;
  let closing = false;
  const waiters = new Set<() => void>();
  /**
   * Settles when the first connection attempt has succeeded or failed: requests that come in
   * while the server is still starting wait for it (at most one command timeout) instead of
   * being counted in the database because they came a few milliseconds too early.
   */
  let firstAttemptDone = false;
  let settleFirstAttempt = () => {};
  const firstAttempt = new Promise<void>((resolve) => {
    settleFirstAttempt = () => {
      firstAttemptDone = true;
      resolve();
    };
  });

  function noteOutage(error?: unknown) {
    available = false;
    if (closing || outageLogged) return;
    outageLogged = true;
    log.warn(
      { err: error },
      "Redis unavailable: sessions are read from the database and rate limits counted there until it is back",
    );
  }

  async function deleteEveryKey(): Promise<number> {
    let deleted = 0;
    const stream = client.scanStream({ match: `${escapeGlob(keyPrefix)}*`, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (keys.length === 0) continue;
      deleted += await client.unlink(...keys);
    }
    return deleted;
  }

  let recovering = false;
  async function recover() {
    if (closing || recovering) return;
    if (missedWrites) {
      recovering = true;
      try {
        const deleted = await deleteEveryKey();
        // Writes skipped while this ran left nothing stale behind: nothing was written meanwhile.
        missedWrites = false;
        log.info({ deleted }, "Redis is back: cleared the entries written before the outage");
      } catch (error) {
        noteOutage(error);
        // Reconnecting brings another "ready", and with it another try.
        client.disconnect(true);
        return;
      } finally {
        recovering = false;
      }
    }
    available = true;
    if (outageLogged) log.info("Redis is back: sessions and rate limits use it again");
    outageLogged = false;
    for (const resolve of waiters) resolve();
    waiters.clear();
  }

  client.on("ready", () => void recover().finally(settleFirstAttempt));
  // ioredis retries by itself; without a listener an "error" event would crash the process.
  client.on("error", (error: unknown) => {
    noteOutage(error);
    settleFirstAttempt();
  });
  client.on("close", () => {
    noteOutage();
    settleFirstAttempt();
  });

  /** Runs a command when Redis is usable; `fallback` otherwise, or when the command fails. */
  async function run<T>(write: boolean, fallback: T, command: () => Promise<T>): Promise<T> {
    if (!available && !firstAttemptDone) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        firstAttempt,
        new Promise((resolve) => (timer = setTimeout(resolve, options.commandTimeoutMs))),
      ]);
      clearTimeout(timer);
    }
    if (!available) {
      if (write) missedWrites = true;
      return fallback;
    }
    try {
      return await command();
    } catch (error) {
      if (write) missedWrites = true;
      noteOutage(error);
      // A timed-out or broken connection is dropped; the reconnect's "ready" brings Redis back.
      if (!closing) client.disconnect(true);
      return fallback;
    }
  }

  async function hitKey(key: string, windowMs: number): Promise<[number, number]> {
    const reply = (await client.eval(HIT_SCRIPT, 1, prefixed(key), String(windowMs))) as [
      number,
      number,
    ];
    return [Number(reply[0]), Number(reply[1])];
  }

  const secondaryStorage: SecondaryStorage = {
    get: (key) => run(false, null, () => client.get(prefixed(key))),
    getAndDelete: (key) => run(true, null, () => client.getdel(prefixed(key))),
    set: (key, value, ttl) =>
      run(true, null, async () => {
        if (ttl !== undefined && ttl > 0) {
          await client.set(prefixed(key), value, "EX", Math.ceil(ttl));
        } else {
          await client.set(prefixed(key), value);
        }
        return null;
      }),
    delete: (key) =>
      run(true, null, async () => {
        await client.del(prefixed(key));
        return null;
      }),
    // better-auth calls this only for its own "secondary-storage" rate limiter, which this app
    // replaces (rate-limit.ts); during an outage it counts the hit as the first.
    increment: (key, ttl) =>
      run(false, 1, async () => (await hitKey(key, Math.max(1, ttl) * 1000))[0]),
  };

  return {
    secondaryStorage,
    async hit(key, windowSeconds) {
      return run(false, null, async () => {
        const [count, resetInMs] = await hitKey(`rate:${key}`, windowSeconds * 1000);
        return { count, resetInMs };
      });
    },
    isAvailable: () => available,
    whenAvailable(timeoutMs) {
      if (available) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          reject(new Error(`Redis not available after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(done);
      });
    },
    async close() {
      closing = true;
      available = false;
      if (client.status === "end") return;
      try {
        if (client.status === "ready") {
          await Promise.race([client.quit(), new Promise((resolve) => setTimeout(resolve, 1000))]);
        }
      } catch {
        // Closing anyway, below.
      } finally {
        client.disconnect();
      }
    },
  };
}

/** A literal prefix inside a SCAN pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
