/**
 * What the test rig reads from the environment (tests are not the app, so they do not go
 * through server/env.ts). REQUIRE_ALL_TESTS=1 (set by .ci/run) turns every "skipped because a
 * service is not configured" into a failure, so CI can never pass by skipping.
 */
export const testEnv = {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || undefined,
  TEST_REDIS_URL: process.env.TEST_REDIS_URL || undefined,
  REQUIRE_ALL_TESTS: process.env.REQUIRE_ALL_TESTS === "1",
};

/**
 * Whether a test that needs a real service may run. Without the service it returns false and
 * says why (so the test is skipped with a reason), unless REQUIRE_ALL_TESTS is set, in which
 * case it throws.
 */
export function hasService(name: "TEST_DATABASE_URL" | "TEST_REDIS_URL", why: string): boolean {
  if (testEnv[name]) return true;
  const message = `${name} is not set: skipping ${why}`;
  if (testEnv.REQUIRE_ALL_TESTS) throw new Error(`${message} (REQUIRE_ALL_TESTS=1 forbids skips)`);
  console.warn(message);
  return false;
}

/**
 * TEST_REDIS_URL when a Redis answers PING there. When it is not set, or set but unreachable,
 * the test is skipped with the reason, unless REQUIRE_ALL_TESTS is set, which makes it throw.
 */
export async function findTestRedis(why: string): Promise<string | undefined> {
  if (!hasService("TEST_REDIS_URL", why)) return undefined;
  const url = testEnv.TEST_REDIS_URL!;
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    if ((await client.ping()) === "PONG") return url;
  } catch {
    // Unreachable: below.
  } finally {
    client.disconnect();
  }
  const message = `TEST_REDIS_URL (${url}) does not answer: skipping ${why}`;
  if (testEnv.REQUIRE_ALL_TESTS) throw new Error(`${message} (REQUIRE_ALL_TESTS=1 forbids skips)`);
  console.warn(message);
  return undefined;
}
