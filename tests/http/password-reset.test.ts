import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import {
  postForm,
  postSignUp,
  sessionCookie,
  startTestServer,
  type TestServer,
} from "#tests/support/test-server.ts";

const PUBLIC_URL = "http://on-tap.test";

let smtp: TestSmtpServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    // This file asks for more resets from 127.0.0.1 than a real client may; the limit itself
    // is tested on a server of its own below.
    AUTH_PASSWORD_RESET_PER_HOUR: "50",
    AUTH_SIGN_UP_PER_HOUR: "100",
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
  postForm(server.base, pathname, fields, cookie ? { cookie } : {});

async function register(email: string, password = "matkhau1", fullName = "Vũ Thị Thu") {
  const response = await postSignUp(server.base, { email, fullName, password });
  expect(response.status).toBe(302);
  return sessionCookie(response);
}

const signIn = (email: string, password: string) =>
  post("/login", { intent: "login", email, password });

/** Who the page was rendered for: the account button carries the name. */
async function signedInName(cookie: string): Promise<string | null> {
  const html = await (await fetch(`${server.base}/`, { headers: { cookie } })).text();
  return /aria-label="Tài khoản của ([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The link's path and query, sent to the test server (the link itself names PUBLIC_URL). */
const onServer = (link: string) => {
  const url = new URL(link);
  return `${server.base}${url.pathname}${url.search}`;
};

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

const isResetMailTo = (email: string) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(email) && mail.subject === serverVi.mail.reset.subject;

/** The page's own content, without what differs between any two responses (nonces, the address). */
const pageBody = (html: string, email: string) =>
  html
    .slice(html.indexOf("<main"), html.indexOf("</main>"))
    .replaceAll(email, "EMAIL")
    .replace(/nonce="[^"]*"/g, "");

describe("Quên mật khẩu → the mail → a new password", () => {
  it("mails a single-use link; the new password signs in, the old one and every session are gone", async () => {
    const email = "thu@example.com";
    const first = await register(email);
    const second = sessionCookie(await signIn(email, "matkhau1"));
    expect(await signedInName(first)).toBe("Vũ Thị Thu");
    expect(await signedInName(second)).toBe("Vũ Thị Thu");

    const asked = await post("/forgot-password", { intent: "forgot", email: "Thu@Example.com" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain(viRecovery.forgotSent);

    const mail = await smtp.waitFor(isResetMailTo(email));
    expect(mail.subject).toBe("Đặt lại mật khẩu Ôn Tập");
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/on-tap\.test\/reset-password\?token=[A-Za-z0-9]+$/);
    expect(mail.text).toContain("Xin chào Vũ Thị Thu,");
    expect(mail.text).toContain("Liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần.");
    expect(mail.html).toContain(`href="${link}"`);

    const page = await fetch(onServer(link));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // helmet's site-wide policy comes first; the last one a browser understands wins.
    expect(page.headers.get("referrer-policy")).toMatch(/(^|, )no-referrer$/);
    const form = await page.text();
    expect(form).toContain('for="newPassword">Mật khẩu mới</label>');
    expect(form).toContain("Đặt mật khẩu mới");

    const token = tokenOf(link);
    const short = await postForm(server.base, `/reset-password?token=${token}`, {
      token,
      newPassword: "123",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Mật khẩu mới phải có ít nhất 6 ký tự");

    const done = await postForm(server.base, `/reset-password?token=${token}`, {
      token,
      newPassword: "matkhau-moi",
    });
    expect(done.status).toBe(302);
    const location = new URL(done.headers.get("location")!, server.base);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("message")).toBe(viRecovery.resetDone);

    // Every session of the account was signed out.
    expect(await signedInName(first)).toBeNull();
    expect(await signedInName(second)).toBeNull();

    const old = await signIn(email, "matkhau1");
    expect(old.status).toBe(401);
    expect(await old.text()).toContain("Email hoặc mật khẩu không đúng.");
    const fresh = await signIn(email, "matkhau-moi");
    expect(fresh.status).toBe(302);

    // The same link a second time: refused, with the way to ask for a new one.
    const again = await postForm(server.base, `/reset-password?token=${token}`, {
      token,
      newPassword: "matkhau-khac",
    });
    expect(again.status).toBe(410);
    const refused = await again.text();
    expect(refused).toContain(viRecovery.linkUnusable);
    expect(refused).toContain('href="/forgot-password"');
    const reopened = await fetch(onServer(link));
    expect(reopened.status).toBe(410);
    expect(await reopened.text()).toContain(viRecovery.linkUnusable);
    expect((await signIn(email, "matkhau-khac")).status).toBe(401);
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const known = "co-that@example.com";
    const unknown = "khong-co@example.com";
    await register(known);
    const before = smtp.mails.length;

    const forKnown = await post("/forgot-password", { intent: "forgot", email: known });
    const forUnknown = await post("/forgot-password", { intent: "forgot", email: unknown });
    expect(forUnknown.status).toBe(forKnown.status);
    const knownBody = pageBody(await forKnown.text(), known);
    const unknownBody = pageBody(await forUnknown.text(), unknown);
    expect(unknownBody).toContain(viRecovery.forgotSent);
    expect(unknownBody).toBe(knownBody);

    await smtp.waitFor(isResetMailTo(known));
    // The known address's mail has arrived; give a stray one for the other time to follow.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const since = smtp.mails.slice(before);
    expect(since.filter((mail) => mail.to.includes(unknown))).toEqual([]);
    expect(since.filter(isResetMailTo(known))).toHaveLength(1);
  });

  it("refuses an expired link, before and after the form, and leaves the password alone", async () => {
    const email = "het-han@example.com";
    await register(email);
    await post("/forgot-password", { intent: "forgot", email });
    const link = linkIn(await smtp.waitFor(isResetMailTo(email)));

    const { id } = await server.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const rows = await server.database.db
      .selectFrom("verification")
      .select(["identifier", "expiresAt"])
      .where("value", "=", id)
      .where("identifier", "not like", "verification-mail:%")
      .execute();
    // One reset row, stored as a hash: the database holds no usable token.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(tokenOf(link));
    // Written back in the form better-auth stored it (a date string or a Date, by dialect).
    const past = new Date(Date.now() - 60_000);
    await server.database.db
      .updateTable("verification")
      .set({ expiresAt: typeof rows[0]!.expiresAt === "string" ? past.toISOString() : past })
      .where("identifier", "=", rows[0]!.identifier)
      .execute();

    const page = await fetch(onServer(link));
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("Liên kết không còn dùng được");
    expect(html).toContain(viRecovery.linkUnusable);
    expect(html).toContain(viRecovery.requestNewLink);

    const token = tokenOf(link);
    const sent = await postForm(server.base, `/reset-password?token=${token}`, {
      token,
      newPassword: "matkhau-moi",
    });
    expect(sent.status).toBe(410);
    expect(await sent.text()).toContain(viRecovery.linkUnusable);
    expect((await signIn(email, "matkhau1")).status).toBe(302);
  });

  it("says so when the link has no token, and checks the address format", async () => {
    const bare = await fetch(`${server.base}/reset-password`);
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain(viRecovery.linkIncomplete);

    const bad = await post("/forgot-password", { intent: "forgot", email: "khong-phai-email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Email không đúng định dạng");
    const empty = await post("/forgot-password", { intent: "forgot", email: "" });
    expect(await empty.text()).toContain("Vui lòng nhập email");
  });

  it("links “Quên mật khẩu?” from the sign-in form, labelled and in the tab order", async () => {
    const login = await (await fetch(`${server.base}/login`)).text();
    expect(login).toContain('<a href="/forgot-password"');
    expect(login).toContain("Quên mật khẩu?");
    const forgot = await fetch(`${server.base}/forgot-password`);
    expect(forgot.status).toBe(200);
    const html = await forgot.text();
    expect(html).toContain("<title>Quên mật khẩu | Ôn Tập</title>");
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain(viRecovery.forgotSubmit);
    expect(html).toContain(viRecovery.backToLogin);
  });
});

describe("account deletion", () => {
  it("takes the account's unused reset tokens and mail counters with it", async () => {
    const email = "xoa-tai-khoan@example.com";
    const cookie = await register(email);
    await post("/forgot-password", { intent: "forgot", email });
    await smtp.waitFor(isResetMailTo(email));
    const { id } = await server.database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const rowsOf = () =>
      server.database.db.selectFrom("verification").select("id").where("value", "=", id).execute();
    // The reset token and the sign-up verification mail's counter.
    expect(await rowsOf()).toHaveLength(2);
    const deleted = await post(
      "/profile",
      { intent: "delete", confirmEmail: email, password: "matkhau1" },
      cookie,
    );
    expect(deleted.status).toBe(302);
    expect(await rowsOf()).toEqual([]);
  });
});

describe("the reset request limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SMTP_URL: smtp.url, AUTH_PASSWORD_RESET_PER_HOUR: "2" });
  }, 120_000);
  afterAll(async () => {
    await limited?.close();
  });

  it("allows AUTH_PASSWORD_RESET_PER_HOUR requests per address, then 429 in Vietnamese for any email", async () => {
    const ask = (email: string) =>
      postForm(limited.base, "/forgot-password", { intent: "forgot", email });
    expect((await ask("a@example.com")).status).toBe(200);
    expect((await ask("b@example.com")).status).toBe(200);
    const refused = await ask("c@example.com");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(
      /Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần\. Vui lòng thử lại sau (60|59) phút\./,
    );
  });
});
