import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, startTestServer, type TestServer } from "#tests/support/test-server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUTH_SIGN_IN_PER_MINUTE: "3", AUTH_SIGN_UP_PER_HOUR: "2" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const post = (
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => postForm(server.base, pathname, fields, headers);

describe("sign-in and sign-up on the server", () => {
  it("registers, sets an HttpOnly SameSite=Lax session cookie and renders the name on the first byte", async () => {
    const response = await post("/register", {
      intent: "register",
      fullName: "Đỗ Hải",
      email: "hai@example.com",
      password: "matkhau1",
      redirectTo: "/",
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const home = await fetch(`${server.base}/`, { headers: { cookie: cookie!.split(";")[0]! } });
    expect(await home.text()).toContain("Đỗ Hải");
    const user = await server.database.db
      .selectFrom("user")
      .select(["name", "email"])
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: "Đỗ Hải", email: "hai@example.com" });
    const session = await server.database.db
      .selectFrom("session")
      .select("authType")
      .executeTakeFirstOrThrow();
    expect(session.authType).toBe("password");
  });

  it("refuses invalid input with Vietnamese messages and creates nothing", async () => {
    const before = await server.database.db.selectFrom("user").select("id").execute();
    const response = await post("/register", {
      intent: "register",
      fullName: "",
      email: "x",
      password: "1",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Vui lòng nhập họ và tên");
    expect(html).toContain("Email không đúng định dạng");
    expect(html).toContain("Mật khẩu phải có ít nhất 6 ký tự");
    expect(await server.database.db.selectFrom("user").select("id").execute()).toHaveLength(
      before.length,
    );
  });

  it("limits sign-in attempts per client and says when to retry, whatever headers the client forges", async () => {
    const attempt = (forged: string) =>
      post(
        "/login",
        { intent: "login", email: "hai@example.com", password: "sai-mat-khau" },
        { "x-forwarded-for": forged, "x-on-tap-client-ip": forged },
      );
    for (let i = 0; i < 3; i += 1) {
      const response = await attempt(`10.0.0.${i}`);
      expect(await response.text()).toContain("Email hoặc mật khẩu không đúng.");
    }
    const limited = await attempt("10.0.0.99");
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(
      /Bạn đã thử quá nhiều lần\. Vui lòng thử lại sau \d+ giây\./,
    );
  });

  it("lets the browser keep the counters for COUNTS_CACHE_MINUTES, except for a signed-in student", async () => {
    const visitor = await fetch(`${server.base}/`);
    expect(visitor.headers.get("cache-control")).toBe("private, max-age=300");
    expect(visitor.headers.get("vary")).toMatch(/Cookie/i);
    const signIn = await post(
      "/login",
      { intent: "login", email: "hai@example.com", password: "matkhau1" },
      { "x-forwarded-for": "10.1.1.1" },
    );
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))
      ?.split(";")[0];
    const student = await fetch(`${server.base}/`, {
      headers: { cookie: cookie ?? "better-auth.session_token=x" },
    });
    expect(student.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("signs out on the server and lands home with the toast", async () => {
    const signIn = await post("/register", {
      intent: "register",
      fullName: "Vũ Lan",
      email: "lan@example.com",
      password: "matkhau1",
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes("session_token"))!
      .split(";")[0]!;
    const out = await post("/logout", {}, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(
      "/?type=info&message=%C4%90%C4%83ng+xu%E1%BA%A5t+th%C3%A0nh+c%C3%B4ng%21",
    );
    const after = await fetch(`${server.base}/`, { headers: { cookie } });
    expect(await after.text()).not.toContain("Vũ Lan");
  });
});
