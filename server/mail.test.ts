import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serverVi } from "#base/i18n/vi-server.ts";
import { readOutbox, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import {
  composeResetPasswordMail,
  composeVerificationMail,
  createMailer,
  outboxDir,
  type Mail,
} from "./mail.ts";

/** A pino logger whose JSON lines land in an array. */
function captureLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-mail-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LINK = "https://ontap.example.edu.vn/reset-password?token=AbC123xyz";
const mailTo = (to: string, content = composeResetPasswordMail("Lê Thị Lan", LINK, 1)): Mail => ({
  kind: "reset-password",
  to,
  link: LINK,
  ...content,
});

describe("the mails' words", () => {
  it("are Vietnamese, carry the link in both parts and the validity", () => {
    const reset = composeResetPasswordMail("Lê Thị Lan", LINK, 1);
    expect(reset.subject).toBe("Đặt lại mật khẩu Ôn Tập");
    expect(reset.text).toContain("Xin chào Lê Thị Lan,");
    expect(reset.text).toContain(LINK);
    expect(reset.text).toContain("Liên kết có hiệu lực trong 1 giờ và chỉ dùng được một lần.");
    expect(reset.html).toContain(`href="${LINK}"`);
    expect(reset.html).toContain('<html lang="vi">');

    const verify = composeVerificationMail("Lê Thị Lan", LINK, 24);
    expect(verify.subject).toBe("Xác minh email cho tài khoản Ôn Tập");
    expect(verify.text).toContain("Liên kết có hiệu lực trong 24 giờ.");
  });

  it("escape the name in the HTML part (a name is whatever the user typed)", () => {
    const mail = composeVerificationMail('<img src=x onerror="alert(1)">', LINK, 24);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    // The text part is plain text: the name as typed.
    expect(mail.text).toContain('<img src=x onerror="alert(1)">');
  });
});

describe("sending through SMTP_URL", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("delivers a multipart (text + HTML) message from MAIL_FROM and logs no address", async () => {
    const { logger, lines } = captureLogger();
    const dataDir = tempDir();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Ôn Tập <no-reply@ontap.example.edu.vn>",
      dataDir,
      logger,
    });
    await mailer.send(mailTo("lan@example.com"));
    const mail = await smtp.waitFor((m) => m.to.includes("lan@example.com"));
    expect(mail.from).toBe("no-reply@ontap.example.edu.vn");
    expect(mail.raw).toMatch(/^From: =\?UTF-8\?.*<no-reply@ontap\.example\.edu\.vn>/m);
    expect(mail.subject).toBe(serverVi.mail.reset.subject);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain("Đặt lại mật khẩu");
    // Nothing went to the outbox, and the log line names the kind, not the person.
    expect(await readOutbox(outboxDir(dataDir))).toEqual([]);
    const sent = lines.find((line) => line.msg === "mail sent");
    expect(sent).toMatchObject({ mail: "reset-password" });
    expect(JSON.stringify(lines)).not.toContain("lan@example.com");
  });

  it("fails loudly when the server cannot be reached (the caller decides what the user sees)", async () => {
    const { logger } = captureLogger();
    const closed = await startSmtpServer();
    const url = closed.url;
    await closed.close();
    const mailer = createMailer({
      smtpUrl: url,
      from: "x@example.com",
      dataDir: tempDir(),
      logger,
    });
    await expect(mailer.send(mailTo("lan@example.com"))).rejects.toThrow();
  });
});

describe("without SMTP_URL", () => {
  it("writes an .eml to DATA_DIR/outbox (owner-only) and logs the link at info", async () => {
    const { logger, lines } = captureLogger();
    const dataDir = tempDir();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Ôn Tập <no-reply@localhost>",
      dataDir,
      logger,
    });
    await mailer.send(mailTo("lan@example.com"));
    const outbox = await readOutbox(outboxDir(dataDir));
    expect(outbox).toHaveLength(1);
    const [mail] = outbox;
    expect(path.basename(mail!.file)).toMatch(/-reset-password-[0-9a-f]{8}\.eml$/);
    expect(statSync(mail!.file).mode & 0o777).toBe(0o600);
    expect(mail!.subject).toBe("Đặt lại mật khẩu Ôn Tập");
    expect(mail!.to).toEqual(["lan@example.com"]);
    expect(mail!.text).toContain(LINK);
    expect(mail!.html).toContain(`href="${LINK}"`);
    const logged = lines.find((line) => line.link === LINK);
    expect(logged).toMatchObject({ level: 30, mail: "reset-password", to: "lan@example.com" });
    expect(logged?.file).toBe(mail!.file);
  });
});
