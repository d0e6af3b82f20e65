import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPostgresTestDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * "Nothing per instance" (ADR 0011): two instances of the app, each with a DATA_DIR of its own
 * (two machines), on one PostgreSQL database. What one instance stored, the other serves.
 */

let database: TestDatabase;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  a = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { sharedDatabase: database });
  b = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { sharedDatabase: database });
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.destroy();
});

it("an avatar uploaded through instance A is served by instance B (avatars were files in A's DATA_DIR)", async () => {
  expect(a.dataDir).not.toBe(b.dataDir);
  const { cookie } = await signUp(a, { email: "hai-may@example.com", fullName: "Hai Máy" });
  const picture = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const uploaded = await fetch(`${a.base}/api/avatar`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", cookie },
    body: new Uint8Array(picture),
  });
  expect(uploaded.status).toBe(200);
  const { image } = (await uploaded.json()) as { image: string };

  const served = await fetch(`${b.base}${image}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  const fromA = await fetch(`${a.base}${image}`);
  expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
});
