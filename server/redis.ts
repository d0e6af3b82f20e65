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
  /**
   * Sends `message` to every instance subscribed to `channel` (this one too). Best effort: while
   * Redis is down nothing is sent, and the receivers' own bounds (the session cache's seconds)
   * apply.
   */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `onMessage` with every message published on `channel`, over a connection of its own
   * that reconnects (and subscribes again) by itself. Returns the unsubscribe.
   */
  subscribe(channel: string, onMessage: (message: string) => void): () => Promise<void>;
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
  return new RedisStore(options);
}

class RedisStore implements SharedStore {
  readonly secondaryStorage: SecondaryStorage;
  private readonly client: Redis;
  private readonly log: Logger;
  private available = false;
  /** A write was skipped or failed: Redis may hold entries the database no longer agrees with. */
  private missedWrites = false;
  private outageLogged = false;
  private closing = false;
  private recovering = false;
  private readonly waiters = new Set<() => void>();
  private readonly subscribers = new Set<Redis>();
  /**
   * Settles when the first connection attempt has succeeded or failed: requests that come in
   * while the server is still starting wait for it (at most one command timeout) instead of
   * being counted in the database because they came a few milliseconds too early.
   */
  private firstAttemptDone = false;
  private settleFirstAttempt = () => {};
  private readonly firstAttempt = new Promise<void>((resolve) => {
    this.settleFirstAttempt = () => {
      this.firstAttemptDone = true;
      resolve();
    };
  });

  constructor(private readonly options: SharedStoreOptions) {
    this.log = options.logger.child({ component: "redis" });
    this.client = new Redis(options.url, {
      // Fail at once when not connected instead of queueing: the caller has a fallback.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs,
      connectTimeout: Math.max(1000, options.commandTimeoutMs * 4),
      // Never give up reconnecting: 100 ms, 200 ms … at most 5 s apart.
      retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times - 1, 6), 5000),
    });
    this.client.on("ready", () => void this.recover().finally(this.settleFirstAttempt));
    // ioredis retries by itself; without a listener an "error" event would crash the process.
    this.client.on("error", (error: unknown) => {
      this.noteOutage(error);
      this.settleFirstAttempt();
    });
    this.client.on("close", () => {
      this.noteOutage();
      this.settleFirstAttempt();
    });
    this.secondaryStorage = this.makeSecondaryStorage();
  }

  private prefixed(key: string) {
    return `${this.options.keyPrefix}${key}`;
  }

  private noteOutage(error?: unknown) {
    this.available = false;
    if (this.closing || this.outageLogged) return;
    this.outageLogged = true;
    this.log.warn(
      { err: error },
      "Redis unavailable: sessions are read from the database and rate limits counted there until it is back",
    );
  }

  private async deleteEveryKey(): Promise<number> {
    let deleted = 0;
    const match = `${escapeGlob(this.options.keyPrefix)}*`;
    const stream = this.client.scanStream({ match, count: 500 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (keys.length === 0) continue;
      deleted += await this.client.unlink(...keys);
    }
    return deleted;
  }

  private async recover() {
    if (this.closing || this.recovering) return;
    if (this.missedWrites) {
      this.recovering = true;
      try {
        const deleted = await this.deleteEveryKey();
        // Writes skipped while this ran left nothing stale behind: nothing was written meanwhile.
        this.missedWrites = false;
        this.log.info({ deleted }, "Redis is back: cleared the entries written before the outage");
      } catch (error) {
        this.noteOutage(error);
        // Reconnecting brings another "ready", and with it another try.
        this.client.disconnect(true);
        return;
      } finally {
        this.recovering = false;
      }
    }
    this.available = true;
    if (this.outageLogged) this.log.info("Redis is back: sessions and rate limits use it again");
    this.outageLogged = false;
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  /** Runs a command when Redis is usable; `fallback` otherwise, or when the command fails. */
  private async run<T>(write: boolean, fallback: T, command: () => Promise<T>): Promise<T> {
    if (!this.available && !this.firstAttemptDone) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.firstAttempt,
        new Promise((resolve) => (timer = setTimeout(resolve, this.options.commandTimeoutMs))),
      ]);
      clearTimeout(timer);
    }
    if (!this.available) {
      if (write) this.missedWrites = true;
      return fallback;
    }
    try {
      return await command();
    } catch (error) {
      if (write) this.missedWrites = true;
      this.noteOutage(error);
      // A timed-out or broken connection is dropped; the reconnect's "ready" brings Redis back.
      if (!this.closing) this.client.disconnect(true);
      return fallback;
    }
  }

  private async hitKey(key: string, windowMs: number): Promise<[number, number]> {
    const reply = (await this.client.eval(HIT_SCRIPT, 1, this.prefixed(key), String(windowMs))) as [
      number,
      number,
    ];
    return [Number(reply[0]), Number(reply[1])];
  }

  private makeSecondaryStorage(): SecondaryStorage {
    const client = this.client;
    const key = (name: string) => this.prefixed(name);
    return {
      get: (name) => this.run(false, null, () => client.get(key(name))),
      getAndDelete: (name) => this.run(true, null, () => client.getdel(key(name))),
      set: (name, value, ttl) =>
        this.run(true, null, async () => {
          if (ttl !== undefined && ttl > 0) {
            await client.set(key(name), value, "EX", Math.ceil(ttl));
          } else {
            await client.set(key(name), value);
          }
          return null;
        }),
      delete: (name) =>
        this.run(true, null, async () => {
          await client.del(key(name));
          return null;
        }),
      // better-auth calls this only for its own "secondary-storage" rate limiter, which this app
      // replaces (rate-limit.ts); during an outage it counts the hit as the first.
      increment: (name, ttl) =>
        this.run(false, 1, async () => (await this.hitKey(name, Math.max(1, ttl) * 1000))[0]),
    };
  }

  hit(key: string, windowSeconds: number) {
    return this.run(false, null, async () => {
      const [count, resetInMs] = await this.hitKey(`rate:${key}`, windowSeconds * 1000);
      return { count, resetInMs };
    });
  }

  publish(channel: string, message: string) {
    return this.run(false, undefined, async () => {
      await this.client.publish(this.prefixed(channel), message);
    });
  }

  subscribe(channel: string, onMessage: (message: string) => void) {
    const name = this.prefixed(channel);
    // A subscribed connection can do nothing else: one of its own, which queues the SUBSCRIBE
    // until it is connected and sends it again after every reconnect.
    const subscriber = this.client.duplicate({
      enableOfflineQueue: true,
      commandTimeout: undefined,
    });
    this.subscribers.add(subscriber);
    subscriber.on("error", () => {
      // The main connection reports outages; this one reconnects by itself.
    });
    subscriber.on("message", (from: string, message: string) => {
      if (from === name) onMessage(message);
    });
    subscriber.subscribe(name).catch(() => {
      // Closed before it connected.
    });
    return async () => {
      this.subscribers.delete(subscriber);
      subscriber.disconnect();
    };
  }

  isAvailable() {
    return this.available;
  }

  whenAvailable(timeoutMs: number) {
    if (this.available) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        reject(new Error(`Redis not available after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(done);
    });
  }

  async close() {
    this.closing = true;
    this.available = false;
    for (const subscriber of this.subscribers) subscriber.disconnect();
    this.subscribers.clear();
    const client = this.client;
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
  }
}

/** A literal prefix inside a SCAN pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
