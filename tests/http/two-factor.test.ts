import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getMigrations } from "better-auth/db/migration";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { findTestRedis } from "#tests/support/test-env.ts";
import { postForm, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { computeTotp, secretOfTotpUri } from "#tests/support/totp.ts";
import { createAuth } from "#server/auth.ts";
import { loadEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";

const EMAIL = "tuan@example.com";
const PASSWORD = "matkhau1";

/** The cookies of one browser: what Set-Cookie gave it, minus what it took back. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(part: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(part));
  }
}

let server: TestServer;

const post = (jar: CookieJar, pathname: string, fields: Record<string, string>) =>
  postForm(server.base, pathname, fields, { cookie: jar.header }).then((r) => jar.take(r));
const get = (jar: CookieJar, pathname: string) =>
  fetch(`${server.base}${pathname}`, { headers: { cookie: jar.header }, redirect: "manual" });

function unescapeHtml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** A fresh browser that signs in with the password (the first step). */
async function signInWithPassword(redirectTo = "/practice-history") {
  const jar = new CookieJar();
  const response = await post(jar, "/login", {
    intent: "login",
    email: EMAIL,
    password: PASSWORD,
    redirectTo,
  });
  return { jar, response };
}

async function isSignedIn(jar: CookieJar): Promise<boolean> {
  return (await (await get(jar, "/")).text()).includes("Lê Tuấn");
}

async function twoFactorEnabledInDatabase(): Promise<boolean> {
  const row = await server.database.db
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("email", "=", EMAIL)
    .executeTakeFirstOrThrow();
  return Boolean(Number(row.twoFactorEnabled));
}

/** A 6-digit code that is wrong now (not the current one, nor its neighbours). */
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000].map((shift) => computeTotp(secret, Date.now() + shift));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, "0");
    if (!valid.includes(code)) return code;
  }
}

const redisUrl = await findTestRedis("two-factor sign-in with the session cache in Redis");

const setups: [string, Record<string, string> | undefined][] = [
  ["on the database", {}],
  [
    "with Redis as the cache",
    redisUrl
      ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `on-tap-test-${randomBytes(6).toString("hex")}:` }
      : undefined,
  ],
];

describe.each(setups)("two-factor sign-in %s", (_name, env) => {
  beforeAll(async () => {
    // Many sign-ins for one account in a minute here; the limits are tested in rate-limit.test.ts.
    server = await startTestServer({
      AUTH_SIGN_IN_PER_MINUTE: "1000",
      AUTH_SIGN_IN_PER_IP_PER_MINUTE: "1000",
      ...env,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (env?.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });

  if (!env) {
    it.skip("needs a reachable TEST_REDIS_URL");
    return;
  }

  const owner = new CookieJar();
  let secret = "";
  let recoveryCodes: string[] = [];
  /** A session made with the second factor, kept for the profile steps at the end. */
  const kept = new CookieJar();

  it("is turned on in the profile: password → setup → first code", async () => {
    const registered = await post(owner, "/register", {
      intent: "register",
      fullName: "Lê Tuấn",
      email: EMAIL,
      password: PASSWORD,
    });
    expect(registered.status).toBe(302);
    const profile = await (await get(owner, "/profile")).text();
    expect(profile).toContain("Xác minh hai bước");
    expect(profile).toContain("Đang tắt.");

    const wrongPassword = await post(owner, "/profile", {
      intent: "2fa-enable",
      tfaPassword: "sai-mat-khau",
    });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("Mật khẩu hiện tại không đúng.");

    const enable = await post(owner, "/profile", { intent: "2fa-enable", tfaPassword: PASSWORD });
    expect(enable.status).toBe(200);
    const html = unescapeHtml(await enable.text());
    const uri = /otpauth:\/\/totp\/[^"<\s]+/.exec(html)?.[0];
    expect(uri).toMatch(/^otpauth:\/\/totp\/%C3%94n%20T%E1%BA%ADp:tuan%40example\.com\?secret=/);
    secret = secretOfTotpUri(uri!);
    recoveryCodes = [
      ...html.matchAll(/<li><code>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/code><\/li>/g),
    ].map((m) => m[1]!);
    expect(recoveryCodes).toHaveLength(10);
    expect(html).toContain('aria-label="Mã QR để thêm tài khoản Ôn Tập vào ứng dụng xác thực"');
    // Not on until the first code proves the app has the secret.
    expect(await twoFactorEnabledInDatabase()).toBe(false);

    const setupFields = {
      intent: "2fa-confirm",
      totpURI: uri!,
      backupCodes: JSON.stringify(recoveryCodes),
    };
    const wrong = await post(owner, "/profile", { ...setupFields, tfaCode: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    const wrongHtml = unescapeHtml(await wrong.text());
    expect(wrongHtml).toContain("Mã xác minh không đúng.");
    // The setup stays on screen to try again.
    expect(wrongHtml).toContain(uri!);
    expect(await twoFactorEnabledInDatabase()).toBe(false);

    const confirm = await post(owner, "/profile", { ...setupFields, tfaCode: computeTotp(secret) });
    expect(confirm.status).toBe(302);
    expect(decodeURIComponent(confirm.headers.get("location")!.replace(/\+/g, " "))).toContain(
      "Đã bật xác minh hai bước.",
    );
    expect(await twoFactorEnabledInDatabase()).toBe(true);
    // better-auth renewed the session: the new cookie keeps the student signed in.
    expect(await (await get(owner, "/profile")).text()).toContain("Đang bật");
  });

  it("asks for the code after the password: the password alone gives no session", async () => {
    const { jar, response } = await signInWithPassword();
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/login/two-factor?redirectTo=%2Fpractice-history",
    );
    expect(jar.has("session_token")).toBe(false);
    expect(jar.has("two_factor")).toBe(true);
    expect(await isSignedIn(jar)).toBe(false);

    const step = await get(jar, "/login/two-factor?redirectTo=%2Fpractice-history");
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Nhập mã xác minh");
    // Without the challenge cookie there is nothing to finish: back to the password.
    const stray = await get(new CookieJar(), "/login/two-factor");
    expect(stray.status).toBe(302);
    expect(stray.headers.get("location")).toBe("/login");

    const wrong = await post(jar, "/login/two-factor", {
      code: wrongCode(secret),
      redirectTo: "/practice-history",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Mã xác minh không đúng.");
    expect(await isSignedIn(jar)).toBe(false);

    const right = await post(jar, "/login/two-factor", {
      code: computeTotp(secret),
      redirectTo: "/practice-history",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/practice-history");
    expect(jar.has("session_token")).toBe(true);
    expect(await isSignedIn(jar)).toBe(true);
    const session = await server.database.db
      .selectFrom("session")
      .select("authType")
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(session.authType).toBe("password");
  });

  it("accepts a recovery code once and only once", async () => {
    const [first, second] = recoveryCodes;
    const once = await signInWithPassword("/");
    const used = await post(once.jar, "/login/two-factor", { code: first!, redirectTo: "/" });
    expect(used.status).toBe(302);
    expect(await isSignedIn(once.jar)).toBe(true);

    const again = await signInWithPassword("/");
    const reused = await post(again.jar, "/login/two-factor", { code: first!, redirectTo: "/" });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain("Mã khôi phục không đúng hoặc đã được dùng rồi.");
    expect(await isSignedIn(again.jar)).toBe(false);
    // Typed without its dash, another code still works.
    const other = await post(again.jar, "/login/two-factor", {
      code: second!.replace("-", ""),
      redirectTo: "/",
    });
    expect(other.status).toBe(302);
    expect(await isSignedIn(again.jar)).toBe(true);
    kept.take(other);
  });

  it("makes new recovery codes on request, and the old ones stop working", async () => {
    const fresh = await post(kept, "/profile", { intent: "2fa-codes", codesPassword: PASSWORD });
    expect(fresh.status).toBe(200);
    const html = await fresh.text();
    expect(html).toContain("Đây là các mã khôi phục mới.");
    const newCodes = [
      ...html.matchAll(/<li><code>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/code><\/li>/g),
    ].map((m) => m[1]!);
    expect(newCodes).toHaveLength(10);

    const attempt = await signInWithPassword("/");
    const old = await post(attempt.jar, "/login/two-factor", {
      code: recoveryCodes[2]!,
      redirectTo: "/",
    });
    expect(old.status).toBe(401);
    const ok = await post(attempt.jar, "/login/two-factor", {
      code: newCodes[0]!,
      redirectTo: "/",
    });
    expect(ok.status).toBe(302);
  });

  it("allows 5 codes per challenge, then asks for the password again", async () => {
    const { jar } = await signInWithPassword("/");
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(jar, "/login/two-factor", {
        code: wrongCode(secret),
        redirectTo: "/",
      });
      expect(wrong.status).toBe(401);
    }
    const late = await post(jar, "/login/two-factor", {
      code: computeTotp(secret),
      redirectTo: "/",
    });
    expect(late.status).toBe(400);
    const html = await late.text();
    expect(html).toContain("Bạn đã nhập sai mã quá nhiều lần. Vui lòng đăng nhập lại để thử tiếp.");
    expect(html).toContain("Đăng nhập lại");
    expect(await isSignedIn(jar)).toBe(false);
  });

  it("locks two-factor sign-in of the account after 10 wrong codes in a row, and says for how long", async () => {
    // 5 wrong codes in a row so far (the test above); 5 more in a new challenge.
    const { jar } = await signInWithPassword("/");
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(jar, "/login/two-factor", {
        code: wrongCode(secret),
        redirectTo: "/",
      });
      expect(wrong.status).toBe(401);
    }
    const next = await signInWithPassword("/");
    const locked = await post(next.jar, "/login/two-factor", {
      code: computeTotp(secret),
      redirectTo: "/",
    });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      "Bạn đã nhập sai mã xác minh quá nhiều lần nên việc đăng nhập tài khoản này tạm thời bị khoá. Vui lòng thử lại sau 15 phút.",
    );
    expect(await isSignedIn(next.jar)).toBe(false);
  });

  it("says clearly what is wrong with a malformed code, without asking better-auth", async () => {
    const { jar } = await signInWithPassword("/");
    const empty = await post(jar, "/login/two-factor", { code: " ", redirectTo: "/" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Vui lòng nhập mã xác minh.");
    const malformed = await post(jar, "/login/two-factor", { code: "12345", redirectTo: "/" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Mã xác minh gồm 6 chữ số");
  });

  it("is turned off with the password, and sign-in needs only the password again", async () => {
    const wrong = await post(kept, "/profile", { intent: "2fa-disable", tfaPassword: "sai" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Mật khẩu hiện tại không đúng.");
    expect(await twoFactorEnabledInDatabase()).toBe(true);

    const off = await post(kept, "/profile", { intent: "2fa-disable", tfaPassword: PASSWORD });
    expect(off.status).toBe(302);
    expect(await twoFactorEnabledInDatabase()).toBe(false);
    expect(await server.database.db.selectFrom("twoFactor").select("id").execute()).toEqual([]);
    expect(await (await get(kept, "/profile")).text()).toContain("Đang tắt.");

    const { jar, response } = await signInWithPassword("/practice-history");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/practice-history");
    expect(await isSignedIn(jar)).toBe(true);
  });
});

describeEachDatabase("the two-factor tables", (database) => {
  it("are what better-auth's twoFactor plugin expects (nothing left to create or add)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-2fa-"));
    try {
      const { db, dialect } = database();
      const auth = createAuth({
        env: loadEnv({
          DATA_DIR: dataDir,
          BETTER_AUTH_SECRET: "s".repeat(40),
          LOG_LEVEL: "silent",
        }),
        db,
        dialect,
        logger: createLogger("silent"),
      });
      const plan = await getMigrations(auth.options, { throwOnUnsafe: false });
      expect(plan.toBeCreated.map((t) => t.table)).toEqual([]);
      expect(plan.toBeAdded.map((t) => [t.table, Object.keys(t.fields)])).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
