import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { escapeHtml } from "#base/escape-html.ts";
import { serverVi as vi } from "#base/i18n/vi-server.ts";
import type { Logger } from "./logger.ts";

/**
 * Outgoing mail: through SMTP_URL when it is set; otherwise each message is written to
 * `${DATA_DIR}/outbox/` as an .eml file and its link is logged, so the verification and reset
 * flows work on a laptop (and in the browser tests) without any mail server.
 */

type MailKind = "verify-email" | "reset-password" | "delete-account";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface Mail extends MailContent {
  kind: MailKind;
  to: string;
  /** The link the mail is about: logged when the mail only reaches the outbox. */
  link: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the .eml file is written). */
  send(mail: Mail): Promise<void>;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  // Quoted-printable keeps the ASCII links readable in the raw message, and Vietnamese text
  // survives any 7-bit relay on the way.
  const message = (mail: Mail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    textEncoding: "quoted-printable" as const,
  });

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(message(mail));
        // The address stays out of the logs: the kind and the id are enough to trace a mail.
        logger.info({ mail: mail.kind, messageId: info.messageId }, "mail sent");
      },
    };
  }

  // The same MIME message nodemailer would send, as bytes instead of over the wire.
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = outboxDir(dataDir);
  return {
    async send(mail) {
      const info = await writer.sendMail(message(mail));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${mail.kind}-${randomUUID().slice(0, 8)}.eml`);
      // 0600: the file holds a live sign-in capability (a reset link).
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: "wx" });
      logger.info(
        { mail: mail.kind, to: mail.to, link: mail.link, file },
        "SMTP_URL is not set: mail written to the outbox",
      );
    },
  };
}

interface Wording {
  subject: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
}

/** One layout for every mail: greeting, why, the button, the bare link, validity, sign-off. */
function compose(name: string, link: string, words: Wording): MailContent {
  const t = vi.mail;
  const text = [
    t.greeting(name),
    "",
    words.intro,
    "",
    link,
    "",
    words.expiry,
    words.ignore,
    "",
    t.signature,
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="vi">
<head><meta charset="utf-8"><title>${e(words.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fb;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f;line-height:1.55">
<div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border-radius:12px">
<p>${e(t.greeting(name))}</p>
<p>${e(words.intro)}</p>
<p style="margin:24px 0"><a href="${e(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#1f5fbf;color:#ffffff;font-weight:bold;text-decoration:none">${e(words.action)}</a></p>
<p style="font-size:14px;color:#555555">${e(t.linkHint)}<br><a href="${e(link)}" style="color:#1f5fbf;word-break:break-all">${e(link)}</a></p>
<p>${e(words.expiry)}<br>${e(words.ignore)}</p>
<p>${e(t.signature)}</p>
</div>
</body>
</html>
`;
  return { subject: words.subject, text, html };
}

export function composeVerificationMail(name: string, link: string, hours: number): MailContent {
  const t = vi.mail.verify;
  return compose(name, link, { ...t, expiry: t.expiry(hours) });
}

export function composeResetPasswordMail(name: string, link: string, hours: number): MailContent {
  const t = vi.mail.reset;
  return compose(name, link, { ...t, expiry: t.expiry(hours) });
}

export function composeDeleteAccountMail(name: string, link: string, hours: number): MailContent {
  const t = vi.mail.deleteAccount;
  return compose(name, link, { ...t, expiry: t.expiry(hours) });
}
