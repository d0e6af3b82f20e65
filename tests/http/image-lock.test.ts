import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_SIGN_UP_PER_HOUR: "100" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const origin = "http://localhost:3000";

const register = (email: string) => signUp(server, { email, fullName: "Đặng Minh" });

const updateImage = (cookie: string, image: unknown) =>
  fetch(`${server.base}/api/auth/update-user`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ image }),
  });

const imageOf = async (id: string) =>
  (
    await server.database.db
      .selectFrom("user")
      .select("image")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).image;

it("lets a user set image only to null or to their own uploaded avatar", async () => {
  const me = await register("anh@example.com");
  const other = await register("nguoi-khac@example.com");

  for (const image of [
    "https://evil.example/pixel.png",
    "//evil.example/pixel.png",
    "javascript:alert(1)",
    `/avatars/${other.id}-0123456789abcdef.webp`,
    `/avatars/${me.id}-0123456789abcdef.webp?x=1`,
    `/avatars/${me.id}-0123456789ABCDEF.webp`,
    `/avatars/${me.id}-../../secrets.webp`,
    "",
    42,
  ]) {
    const refused = await updateImage(me.cookie, image);
    expect(refused.status, String(image)).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "IMAGE_NOT_ALLOWED",
      message: "Ảnh đại diện không hợp lệ: chỉ dùng được ảnh bạn đã tải lên Ôn Tập.",
    });
    expect(await imageOf(me.id)).toBeNull();
  }

  const own = `/avatars/${me.id}-0123456789abcdef.webp`;
  expect((await updateImage(me.cookie, own)).status).toBe(200);
  expect(await imageOf(me.id)).toBe(own);
  expect((await updateImage(me.cookie, null)).status).toBe(200);
  expect(await imageOf(me.id)).toBeNull();

  // The name alone still updates as before.
  const renamed = await fetch(`${server.base}/api/auth/update-user`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie: me.cookie },
    body: JSON.stringify({ name: "Đặng Văn Minh" }),
  });
  expect(renamed.status).toBe(200);
});

it("refuses a picture at sign-up, where the account has no upload yet", async () => {
  const response = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Kẻ Lạ",
      email: "ke-la@example.com",
      password: "matkhau1",
      image: "https://evil.example/pixel.png",
    }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ code: "IMAGE_NOT_ALLOWED" });
  const created = await server.database.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "ke-la@example.com")
    .execute();
  expect(created).toEqual([]);
});

it("without a session, update-user still answers 401", async () => {
  const response = await updateImage("", "https://evil.example/pixel.png");
  expect(response.status).toBe(401);
});
