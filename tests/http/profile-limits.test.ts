import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * Input limits on every path: the forms refused a name over 80 characters,
 * better-auth's own endpoints took 5 MB, and a name that was null, an object or an array on
 * /api/auth/update-user answered 500.
 */
let server: TestServer;
let cookie: string;
let id: string;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
  ({ cookie, id } = await signUp(server, { email: "gioi-han@example.com", fullName: "Lan" }));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const api = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base, ...headers },
    body: JSON.stringify(body),
  });

async function expectRefused(response: Response, message: RegExp) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(((await response.json()) as { message: string }).message).toMatch(message);
}

it("sign-up through better-auth's endpoint keeps the forms' limits on name and email", async () => {
  const users = async () =>
    (await server.database.db.selectFrom("user").select("id").execute()).length;
  const before = await users();
  await expectRefused(
    await api("/sign-up/email", {
      name: "a".repeat(81),
      email: "dai@example.com",
      password: "matkhau1",
    }),
    /Họ và tên chỉ được có tối đa 80 ký tự/,
  );
  await expectRefused(
    await api("/sign-up/email", {
      name: "a".repeat(5_000_000),
      email: "nam@example.com",
      password: "matkhau1",
    }),
    /quá lớn/,
  );
  await expectRefused(
    await api("/sign-up/email", {
      name: "Lan",
      email: `${"a".repeat(250)}@example.com`,
      password: "matkhau1",
    }),
    /Email chỉ được có tối đa 254 ký tự/,
  );
  for (const name of [null, { a: 1 }, ["Lan"], 42, "   "]) {
    await expectRefused(
      await api("/sign-up/email", { name, email: "kieu@example.com", password: "matkhau1" }),
      /[Hh]ọ và tên/,
    );
  }
  expect(await users()).toBe(before);
});

it("update-user refuses a name that is too long, empty or not a string, and changes nothing", async () => {
  for (const name of ["a".repeat(81), null, { a: 1 }, ["Lan"], "", 7]) {
    await expectRefused(await api("/update-user", { name }, { cookie }), /[Hh]ọ và tên/);
  }
  const user = await server.database.db
    .selectFrom("user")
    .select("name")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(user.name).toBe("Lan");
  const ok = await api("/update-user", { name: "  Lan Anh  " }, { cookie });
  expect(ok.status).toBe(200);
});
