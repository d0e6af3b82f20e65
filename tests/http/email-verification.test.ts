import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { vi as texts } from "#app/i18n/vi.ts";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { viRecoveryErrors } from "#base/i18n/vi/recovery-errors.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { linkIn, readOutbox, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
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
  // Many sign-ups from 127.0.0.1 here; the sign-up limit is auth.test.ts's business.
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL, AUTH_SIGN_UP_PER_HOUR: "100" });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function register(base: string, email: string, fullName = "Ngô Bảo Châu") {
  const response = await postSignUp(base, { email, fullName });
  expect(response.status).toBe(302);
  return sessionCookie(response);
}

const home = async (cookie: string) =>
  (await fetch(`${server.base}/`, { headers: { cookie } })).text();

const resend = (cookie: string, fields: Record<string, string> = {}) =>
  postForm(server.base, "/verify-email", { intent: "resend", ...fields }, { cookie });

const isVerifyMailTo = (email: string) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(email) && mail.subject === serverVi.mail.verify.subject;

const onServer = (link: string) => {
  const url = new URL(link);
  return `${server.base}${url.pathname}${url.search}`;
};

async function emailVerified(email: string): Promise<boolean> {
  const row = await server.database.db
    .selectFrom("user")
    .select("emailVerified")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return Boolean(row.emailVerified);
}

const REMINDER = 'aria-label="Xác minh email"';

describe("verification at registration", () => {
  it("mails a Vietnamese link without holding up practice; opening it verifies and ends the reminder", async () => {
    const email = "chau@example.com";
    const cookie = await register(server.base, email);

    // Signed in at once, with the reminder and its two buttons above the page.
    const before = await home(cookie);
    expect(before).toContain('aria-label="Tài khoản của Ngô Bảo Châu"');
    expect(before).toContain(REMINDER);
    expect(before).toContain(texts.verifyReminder.reminderText(email));
    expect(before).toContain(">Gửi lại</button>");
    expect(before).toContain(">Ẩn nhắc nhở</button>");

    const mail = await smtp.waitFor(isVerifyMailTo(email));
    expect(mail.subject).toBe("Xác minh email cho tài khoản Ôn Tập");
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/on-tap\.test\/verify-email\?token=[\w.-]+$/);
    expect(mail.text).toContain("Xin chào Ngô Bảo Châu,");
    expect(mail.text).toContain("Liên kết có hiệu lực trong 24 giờ.");
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain("Xác minh email");
    expect(await emailVerified(email)).toBe(false);

    const opened = await fetch(onServer(link), { headers: { cookie }, redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/verify-email?verified=1");
    expect(await emailVerified(email)).toBe(true);

    const thanks = await fetch(`${server.base}/verify-email?verified=1`, { headers: { cookie } });
    const html = await thanks.text();
    expect(html).toContain("Email đã được xác minh");
    expect(html).toContain(viRecovery.verified);
    expect(await home(cookie)).not.toContain(REMINDER);

    // Opened again (a mail client's preview, a second click): still fine, nothing changes.
    const twice = await fetch(onServer(link), { redirect: "manual" });
    expect(twice.status).toBe(302);
    expect(await emailVerified(email)).toBe(true);
  });

  it("refuses an expired link with a Vietnamese message and a “Gửi lại” button", async () => {
    const email = "het-han-xac-minh@example.com";
    const cookie = await register(server.base, email);
    const link = linkIn(await smtp.waitFor(isVerifyMailTo(email)));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      const opened = await fetch(onServer(link), { headers: { cookie }, redirect: "manual" });
      expect(opened.status).toBe(410);
      const html = await opened.text();
      expect(html).toContain("Chưa xác minh được email");
      expect(html).toContain(viRecovery.verifyExpired);
      expect(html).toContain(">Gửi lại</button>");
    } finally {
      vi.useRealTimers();
    }
    expect(await emailVerified(email)).toBe(false);
  });

  it("refuses a forged or damaged link", async () => {
    const opened = await fetch(`${server.base}/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.sai`, {
      redirect: "manual",
    });
    expect(opened.status).toBe(400);
    const html = await opened.text();
    expect(html).toContain(viRecovery.verifyInvalid);
    // Signed out: the way on is to sign in (the reminder then offers "Gửi lại").
    expect(html).toContain('href="/login?redirectTo=%2Fverify-email"');
  });
});

describe("“Gửi lại”", () => {
  it("sends a fresh link, at most 3 mails an hour per account (the first included), then 429", async () => {
    const email = "gui-lai@example.com";
    const cookie = await register(server.base, email);
    await smtp.waitFor(isVerifyMailTo(email));

    for (let i = 0; i < 2; i += 1) {
      const again = await resend(cookie);
      expect(again.status).toBe(200);
      expect(await again.text()).toContain(viRecovery.resent(email));
    }
    const refused = await resend(cookie);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(
      /Bạn đã yêu cầu gửi email xác minh quá nhiều lần\. Vui lòng thử lại sau (60|59) phút\./,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter(isVerifyMailTo(email))).toHaveLength(3);

    // Each account counts its own mails.
    const other = await register(server.base, "nguoi-khac@example.com");
    expect((await resend(other)).status).toBe(200);
  });

  it("tells a user who is already verified that there is nothing to resend", async () => {
    const email = "da-xac-minh@example.com";
    const cookie = await register(server.base, email);
    await server.database.db
      .updateTable("user")
      .set({ emailVerified: 1 })
      .where("email", "=", email)
      .execute();
    const page = await resend(cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(viRecovery.alreadyVerified);
  });

  it("needs a session, here and on better-auth's own endpoint (no anonymous probing of addresses)", async () => {
    const signedOut = await postForm(server.base, "/verify-email", { intent: "resend" });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain(viRecoveryErrors.signInToResend);

    const direct = await fetch(`${server.base}/api/auth/send-verification-email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ email: "chau@example.com" }),
    });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ code: "SIGN_IN_REQUIRED" });
  });
});

describe("“Ẩn nhắc nhở”", () => {
  it("hides the reminder for this user only, with or without JavaScript", async () => {
    const cookie = await register(server.base, "an-nhac-nho@example.com");
    const plain = await postForm(
      server.base,
      "/verify-email",
      { intent: "dismiss", redirectTo: "/about" },
      { cookie },
    );
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toBe("/about");
    const hide = plain.headers.getSetCookie().find((c) => c.startsWith("on_tap_verify_reminder="));
    expect(hide).toMatch(/HttpOnly/i);
    expect(hide).toMatch(/Max-Age=259200/);
    const withHide = `${cookie}; ${hide!.split(";")[0]}`;
    expect(await home(withHide)).not.toContain(REMINDER);

    // The same cookie does not hide another account's reminder.
    const other = await register(server.base, "nguoi-thu-hai@example.com");
    expect(await home(`${other}; ${hide!.split(";")[0]}`)).toContain(REMINDER);

    const viaFetcher = await postForm(
      server.base,
      "/verify-email",
      { intent: "dismiss", redirectTo: "/", fetcher: "1" },
      { cookie },
    );
    expect(viaFetcher.status).toBe(200);
    expect(viaFetcher.headers.getSetCookie().join()).toContain("on_tap_verify_reminder=");
  });

  it("never redirects off-site", async () => {
    const cookie = await register(server.base, "khong-ra-ngoai@example.com");
    const response = await postForm(
      server.base,
      "/verify-email",
      { intent: "dismiss", redirectTo: "//evil.example/x" },
      { cookie },
    );
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("with the mail server down", () => {
  let down: TestServer;
  beforeAll(async () => {
    const gone = await startSmtpServer();
    await gone.close();
    down = await startTestServer({ SMTP_URL: gone.url });
  }, 120_000);
  afterAll(async () => {
    await down?.close();
  });

  it("still registers at once, and “Gửi lại” says the mail did not go (without using up the limit)", async () => {
    const cookie = await register(down.base, "may-chu-thu-hong@example.com");
    for (let i = 0; i < 4; i += 1) {
      const again = await postForm(down.base, "/verify-email", { intent: "resend" }, { cookie });
      expect(again.status).toBe(503);
      expect(await again.text()).toContain(viRecoveryErrors.mailNotSent);
    }
  });
});

describe("without SMTP_URL", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-outbox-"));
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({ DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await local?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes the verification mail to DATA_DIR/outbox as an .eml", async () => {
    const email = "outbox@example.com";
    await register(local.base, email);
    const outbox = path.join(dataDir, "outbox");
    await vi.waitFor(async () => expect(await readOutbox(outbox)).toHaveLength(1), {
      timeout: 5_000,
    });
    const [mail] = await readOutbox(outbox);
    expect(mail!.to).toEqual([email]);
    expect(mail!.subject).toBe(serverVi.mail.verify.subject);
    expect(linkIn(mail!)).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    expect(mail!.html).toContain(`href="${linkIn(mail!)}"`);
  });
});
