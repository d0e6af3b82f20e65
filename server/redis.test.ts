import { randomBytes } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTestRedis } from "#tests/support/test-env.ts";
import { createLogger } from "./logger.ts";
import { createSharedStore, type SharedStore } from "./redis.ts";

const redisUrl = await findTestRedis("the Redis store's outage and recovery");

/**
 * A TCP relay in front of the real Redis that the test can cut and restore, as a network
 * outage would: the store talks to Redis only through it.
 */
function createRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async cut() {
      await new Promise((resolve) => {
        server?.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(redisUrl)("the Redis store through an outage", () => {
  const prefix = `on-tap-test-${randomBytes(6).toString("hex")}:`;
  const otherKey = `other-app-${randomBytes(6).toString("hex")}:key`;
  const relay = createRelay(new URL(redisUrl ?? "redis://127.0.0.1:6379"));
  let direct: Redis;
  let store: SharedStore;

  beforeAll(async () => {
    await relay.open();
    direct = new Redis(redisUrl!);
    store = createSharedStore({
      url: relay.url,
      keyPrefix: prefix,
      commandTimeoutMs: 300,
      logger: createLogger("silent"),
    });
    await store.whenAvailable(5000);
  });

  afterAll(async () => {
    await store?.close();
    await relay.cut();
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length > 0) await direct.del(...keys);
    direct.disconnect();
  });

  it("answers at once without Redis, keeps entries when no write was missed, and counts again afterwards", async () => {
    const cache = store.secondaryStorage;
    await cache.set("kept", "1", 60);
    expect(await store.hit("k", 60)).toMatchObject({ count: 1 });

    await relay.cut();
    await until(() => !store.isAvailable(), 3000);
    const started = Date.now();
    expect(await cache.get("kept")).toBeNull();
    expect(await store.hit("k", 60)).toBeNull();
    expect(Date.now() - started).toBeLessThan(100);

    await relay.open();
    await store.whenAvailable(10_000);
    expect(await cache.get("kept")).toBe("1");
    expect(await store.hit("k", 60)).toMatchObject({ count: 2 });
  });

  it("clears every key of its prefix when Redis comes back after a missed write, before using it again", async () => {
    const cache = store.secondaryStorage;
    await cache.set("session-token", JSON.stringify({ user: "u1" }), 60);
    await direct.set(otherKey, "x", "EX", 60);

    await relay.cut();
    await until(() => !store.isAvailable(), 3000);
    // A sign-out during the outage: the cached session could not be deleted.
    await cache.delete("session-token");

    await relay.open();
    await store.whenAvailable(10_000);
    expect(await direct.keys(`${prefix}*`)).toEqual([]);
    expect(await cache.get("session-token")).toBeNull();
    // Only this prefix: other apps on the same Redis keep their keys.
    expect(await direct.get(otherKey)).toBe("x");
    await direct.del(otherKey);
    await cache.set("after", "2", 60);
    expect(await cache.get("after")).toBe("2");
  });
});
