import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Provider from "oidc-provider";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, readOutbox } from "#tests/support/mail.ts";
import { postForm, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * Sign-in through a real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1,
 * driven the way a browser without JavaScript would: form POSTs, redirects followed by hand,
 * one cookie jar per site. The provider's login and consent pages are its development
 * interactions (plain HTML forms).
 */

/** The app's public origin (what the provider redirects to); requests go to the test server. */
const PUBLIC_URL = "http://on-tap.test";
const CLIENT_ID = "on-tap";
const CLIENT_SECRET = "bi-mat-cua-ung-dung-on-tap";
const OIDC_NAME = "Trường Thử Nghiệm";

let app: TestServer;
let issuer: string;
let pictures: string;
let providerServer: http.Server;
let pictureServer: http.Server;
const pictureRequests: string[] = [];

interface TestAccount {
  name: string;
  email: string;
  email_verified: boolean;
  picture: string;
  /** Gone by the time the app asks the userinfo endpoint (a sign-in that yields no user). */
  vanishes?: boolean;
}
const accounts = new Map<string, TestAccount>();

const listen = async (server: http.Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

beforeAll(async () => {
  // The pictures: a real 400×300 PNG, and a missing one.
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  pictureServer = http.createServer((req, res) => {
    pictureRequests.push(req.url ?? "");
    if (req.url?.endsWith(".png") && !req.url.includes("missing")) {
      res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
      res.end(png);
      return;
    }
    res.writeHead(404).end();
  });
  pictures = await listen(pictureServer);

  // The provider: its address must be known before it is made (it is the issuer).
  let handle: http.RequestListener = (_req, res) => void res.writeHead(503).end();
  providerServer = http.createServer((req, res) => handle(req, res));
  issuer = await listen(providerServer);
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${PUBLIC_URL}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: "jwk" }), kid: "k1", alg: "RS256", use: "sig" }],
    },
    cookies: { keys: ["khoa-cookie-cua-nha-cung-cap-thu"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, Interaction: 600 },
    async findAccount(ctx, sub) {
      const account = accounts.get(sub);
      if (!account || (account.vanishes && ctx.oidc.route === "userinfo")) return undefined;
      const { vanishes: _, ...claims } = account;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
  });
  handle = provider.callback();

  app = await startTestServer({
    PUBLIC_URL,
    // Many sign-ins from one address in a few seconds; the limits have their own tests.
    AUTH_RATE_LIMIT: "false",
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME,
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await close(providerServer);
  await close(pictureServer);
});

/** Cookies as a browser keeps them: per site, per path, gone when expired. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string; origin: string }>();

  store(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cookiePath = url.pathname.replace(/\/[^/]*$/, "") || "/";
      let expired = value === "";
      for (const attribute of attributes) {
        const [key = "", attributeValue = ""] = attribute.split("=");
        if (key.toLowerCase() === "path") cookiePath = attributeValue;
        if (key.toLowerCase() === "max-age" && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === "expires" && Date.parse(attributeValue) < Date.now()) {
          expired = true;
        }
      }
      const key = `${url.origin} ${cookiePath} ${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path: cookiePath, origin: url.origin });
    }
  }

  header(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => c.origin === url.origin && url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split(" ")[2]}=${c.value}`)
      .join("; ");
  }
}

/** One browser: its cookies on the app and on the provider. */
function createBrowser() {
  const jar = new CookieJar();
  const request = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
    });
    jar.store(url, response);
    return response;
  };
  return { jar, request };
}
type Browser = ReturnType<typeof createBrowser>;

/** A URL the provider sends the browser to, on the test server when it names the app. */
function resolve(location: string, from: URL): URL {
  const url = new URL(location, from);
  return url.origin === PUBLIC_URL ? new URL(`${url.pathname}${url.search}`, app.base) : url;
}

/**
 * Presses "Đăng nhập bằng Trường Thử Nghiệm" on /login and goes through the provider as
 * `login` (or cancels there), until the browser is back on an app page.
 */
async function signInWithProvider(
  browser: Browser,
  options: { login?: string; cancel?: boolean; redirectTo?: string },
) {
  const start = await postForm(
    app.base,
    "/login",
    { intent: "provider", provider: "oidc", redirectTo: options.redirectTo ?? "/" },
    { cookie: browser.jar.header(new URL(app.base)) },
  );
  browser.jar.store(new URL("/login", app.base), start);
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get("location")!);
  let url = authorization;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === app.base && !url.pathname.startsWith("/api/auth/")) {
      return { authorization, landing: url };
    }
    let response: Response;
    const interaction = /^\/interaction\/[^/]+$/.test(url.pathname) && url.origin === issuer;
    if (interaction && options.cancel) {
      response = await browser.request(new URL(`${url.pathname}/abort`, issuer));
    } else if (interaction) {
      const page = await (await browser.request(url)).text();
      const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1] ?? "";
      expect(prompt, page).not.toBe("");
      response = await browser.request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(
          prompt === "login" ? { prompt, login: options.login ?? "", password: "x" } : { prompt },
        ),
      });
    } else {
      response = await browser.request(url);
    }
    const location = response.headers.get("location");
    expect(location, `${response.status} at ${url.href}`).toBeTruthy();
    url = resolve(location!, url);
  }
  throw new Error("too many redirects");
}

const db = () => app.database.db;

async function userByEmail(email: string) {
  return db()
    .selectFrom("user")
    .select(["id", "name", "email", "emailVerified", "image"])
    .where("email", "=", email)
    .execute();
}

async function providersOf(userId: string) {
  const rows = await db()
    .selectFrom("account")
    .select("providerId")
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.providerId).sort();
}

async function sessionAuthTypes(userId: string) {
  const rows = await db()
    .selectFrom("session")
    .select("authType")
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
  return rows.map((row) => row.authType);
}

async function signedInUser(browser: Browser) {
  const url = new URL("/api/auth/get-session", app.base);
  const response = await browser.request(url);
  return ((await response.json()) as { user?: { name: string; image: string | null } } | null)
    ?.user;
}

describe("sign-in with an OpenID Connect provider", () => {
  it("shows the provider's button on /login and /register and lets its form redirect there", async () => {
    for (const page of ["/login", "/register"]) {
      const response = await fetch(`${app.base}${page}`);
      const html = await response.text();
      expect(html).toContain(`Đăng nhập bằng ${OIDC_NAME}`);
      const button = /<button[^>]*>Đăng nhập bằng [^<]*<\/button>/.exec(html)?.[0];
      expect(button).toContain('type="submit"');
      expect(button).toContain('name="provider"');
      expect(button).toContain('value="oidc"');
      // No Google button: Google is not configured here.
      expect(html).not.toContain("Đăng nhập bằng Google");
      expect(response.headers.get("content-security-policy")).toContain(
        `form-action 'self' ${issuer}`,
      );
    }
  });

  it("creates the user on first sign-in, with the provider's name and picture as the avatar", async () => {
    accounts.set("an", {
      name: "Nguyễn Thị An",
      email: "an@truong.edu.vn",
      email_verified: true,
      picture: `${pictures}/an.png`,
    });
    const browser = createBrowser();
    const { authorization, landing } = await signInWithProvider(browser, {
      login: "an",
      redirectTo: "/practice-history?tab=1",
    });

    // The authorization request: Vietnamese pages, the three scopes, PKCE, our callback.
    expect(authorization.origin).toBe(issuer);
    expect(authorization.searchParams.get("ui_locales")).toBe("vi");
    expect(authorization.searchParams.get("scope")?.split(" ").sort()).toEqual([
      "email",
      "openid",
      "profile",
    ]);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("redirect_uri")).toBe(
      `${PUBLIC_URL}/api/auth/callback/oidc`,
    );
    // Back where the student was going.
    expect(`${landing.pathname}${landing.search}`).toBe("/practice-history?tab=1");

    const [user, ...others] = await userByEmail("an@truong.edu.vn");
    expect(others).toEqual([]);
    expect(user).toMatchObject({ name: "Nguyễn Thị An", emailVerified: 1 });
    expect(user!.image).toMatch(new RegExp(`^/avatars/${user!.id}-[0-9a-f]{16}\\.webp$`));
    const stored = await db()
      .selectFrom("avatar")
      .select("bytes")
      .where("name", "=", user!.image!.slice("/avatars/".length))
      .executeTakeFirstOrThrow();
    const metadata = await sharp(Buffer.from(stored.bytes)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    const served = await fetch(`${app.base}${user!.image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    expect(await providersOf(user!.id)).toEqual(["oidc"]);
    expect(await sessionAuthTypes(user!.id)).toEqual(["oidc"]);
    expect(await signedInUser(browser)).toMatchObject({
      name: "Nguyễn Thị An",
      image: user!.image,
    });
    expect(pictureRequests.filter((url) => url === "/an.png")).toHaveLength(1);
  });

  it("signs the same user in again the second time, without fetching the picture again", async () => {
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, { login: "an" });
    expect(landing.pathname).toBe("/");
    const [user, ...others] = await userByEmail("an@truong.edu.vn");
    expect(others).toEqual([]);
    expect(await providersOf(user!.id)).toEqual(["oidc"]);
    expect(await sessionAuthTypes(user!.id)).toEqual(["oidc", "oidc"]);
    expect(await signedInUser(browser)).toMatchObject({ name: "Nguyễn Thị An" });
    expect(pictureRequests.filter((url) => url === "/an.png")).toHaveLength(1);
  });

  it("links to an existing password account whose email is verified: one user, two ways in", async () => {
    const email = "binh@truong.edu.vn";
    const registered = await postForm(app.base, "/register", {
      intent: "register",
      fullName: "Trần Văn Bình",
      email,
      password: "matkhau1",
    });
    expect(registered.status).toBe(302);
    await db().updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
    accounts.set("binh", {
      name: "Bình (SSO)",
      email,
      email_verified: true,
      picture: `${pictures}/binh.png`,
    });

    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, { login: "binh" });
    expect(landing.pathname).toBe("/");
    const [user, ...others] = await userByEmail(email);
    expect(others).toEqual([]);
    // The account keeps its own name; the provider is one more way in.
    expect(user!.name).toBe("Trần Văn Bình");
    expect(await providersOf(user!.id)).toEqual(["credential", "oidc"]);
    expect(await sessionAuthTypes(user!.id)).toEqual(["password", "oidc"]);
    expect(await signedInUser(browser)).toMatchObject({ name: "Trần Văn Bình" });
  });

  it("does not join an account whose email nobody has verified, and says why", async () => {
    const email = "cuong@truong.edu.vn";
    await postForm(app.base, "/register", {
      intent: "register",
      fullName: "Lê Cường",
      email,
      password: "matkhau1",
    });
    accounts.set("cuong", {
      name: "Cường (SSO)",
      email,
      email_verified: true,
      picture: `${pictures}/cuong.png`,
    });
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, { login: "cuong" });
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("account_not_linked");
    const page = await (await browser.request(landing)).text();
    expect(page).toContain("Email này đã có tài khoản Ôn Tập.");
    const [user, ...others] = await userByEmail(email);
    expect(others).toEqual([]);
    expect(await providersOf(user!.id)).toEqual(["credential"]);
  });

  it("keeps the placeholder when the picture cannot be fetched, and still signs in", async () => {
    accounts.set("dung", {
      name: "Phạm Dũng",
      email: "dung@truong.edu.vn",
      email_verified: true,
      picture: `${pictures}/missing.png`,
    });
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, { login: "dung" });
    expect(landing.pathname).toBe("/");
    const [user] = await userByEmail("dung@truong.edu.vn");
    expect(user).toMatchObject({ name: "Phạm Dũng", image: null });
    expect(await signedInUser(browser)).toMatchObject({ name: "Phạm Dũng", image: null });
  });

  it("brings a cancelled sign-in back to /login with a Vietnamese message", async () => {
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, {
      cancel: true,
      redirectTo: "/practice-history",
    });
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("access_denied");
    expect(landing.searchParams.get("provider")).toBe("oidc");
    // Where the student was going is kept for the next try.
    expect(landing.searchParams.get("redirectTo")).toBe("/practice-history");
    const page = await (await browser.request(landing)).text();
    expect(page).toContain(`Bạn đã hủy đăng nhập bằng ${OIDC_NAME}.`);
    expect(await signedInUser(browser)).toBeUndefined();
  });

  it("says User not found when the sign-in yields no user", async () => {
    accounts.set("ghost", {
      name: "Không Ai",
      email: "ghost@truong.edu.vn",
      email_verified: true,
      picture: `${pictures}/ghost.png`,
      vanishes: true,
    });
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, { login: "ghost" });
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("unable_to_get_user_info");
    const page = await (await browser.request(landing)).text();
    expect(page).toContain("Không tìm thấy người dùng.");
    expect(await userByEmail("ghost@truong.edu.vn")).toEqual([]);
    expect(await signedInUser(browser)).toBeUndefined();
  });

  it("sends a callback that matches no sign-in in progress to /login, with a message", async () => {
    const browser = createBrowser();
    const response = await browser.request(
      new URL("/api/auth/callback/oidc?code=abc&state=not-ours", app.base),
    );
    expect(response.status).toBe(302);
    const landing = resolve(response.headers.get("location")!, new URL(app.base));
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toMatch(/^state_/);
    const page = await (await browser.request(landing)).text();
    expect(page).toContain("Phiên đăng nhập đã hết hạn");
  });

  it("deletes a provider-only account only through the link mailed to it, pictures and all", async () => {
    const browser = createBrowser();
    await signInWithProvider(browser, { login: "an" });
    const [user] = await userByEmail("an@truong.edu.vn");
    const picturesOf = (id: string) =>
      db().selectFrom("avatar").select("name").where("user_id", "=", id).execute();
    expect(await picturesOf(user!.id)).toHaveLength(1);
    const cookie = browser.jar.header(new URL(app.base));

    // A fresh session alone is not enough, neither through the form nor better-auth's endpoint
    // (or an account could be deleted without its password).
    const direct = await fetch(`${app.base}/api/auth/delete-user`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie },
      body: "{}",
    });
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as { code: string }).code).toBe("DELETION_LINK_REQUIRED");
    expect(await userByEmail("an@truong.edu.vn")).toHaveLength(1);

    const asked = await postForm(
      app.base,
      "/profile",
      { intent: "delete", confirmEmail: "an@truong.edu.vn", password: "" },
      { cookie },
    );
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Chúng tôi vừa gửi thư xác nhận tới an@truong.edu.vn");
    expect(await userByEmail("an@truong.edu.vn")).toHaveLength(1);

    const mail = (await readOutbox(path.join(app.dataDir, "outbox"))).find(
      (m) => m.to.includes("an@truong.edu.vn") && m.subject === "Xác nhận xoá tài khoản Ôn Tập",
    );
    const link = new URL(linkIn(mail!));
    expect(link.pathname).toBe("/profile");
    const token = link.searchParams.get("deleteToken")!;
    const page = await (
      await fetch(`${app.base}/profile?deleteToken=${token}`, { headers: { cookie } })
    ).text();
    expect(page).toContain("Bạn đã mở liên kết xác nhận trong thư");

    const forged = await postForm(
      app.base,
      "/profile",
      { intent: "delete-confirm", token: "x".repeat(32) },
      { cookie },
    );
    expect(await forged.text()).toContain("Liên kết xác nhận xoá tài khoản không hợp lệ");
    expect(await userByEmail("an@truong.edu.vn")).toHaveLength(1);

    const deleted = await postForm(
      app.base,
      "/profile",
      { intent: "delete-confirm", token },
      { cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await userByEmail("an@truong.edu.vn")).toEqual([]);
    expect(await providersOf(user!.id)).toEqual([]);
    expect(await picturesOf(user!.id)).toEqual([]);
  });

  it("refuses to send the student anywhere but this site after sign-in", async () => {
    accounts.set("em", {
      name: "Hoàng Em",
      email: "em@truong.edu.vn",
      email_verified: true,
      picture: `${pictures}/em.png`,
    });
    const browser = createBrowser();
    const { landing } = await signInWithProvider(browser, {
      login: "em",
      redirectTo: "https://evil.example/phish",
    });
    expect(landing.origin).toBe(app.base);
    expect(landing.pathname).toBe("/");
  });
});
