import { randomBytes } from "node:crypto";
import type { AuthContext } from "better-auth";
import { APIError } from "better-auth/api";
import { sharedVi as vi } from "#base/i18n/vi.ts";
import type { AuthHookContext } from "./auth-guards.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import {
  composeDeleteAccountMail,
  composeResetPasswordMail,
  composeVerificationMail,
  type Mailer,
} from "./mail.ts";
import { paths } from "#base/paths.ts";

/**
 * The mails better-auth asks us to send (reset, verification) and the one we add (the deletion
 * link of an account without a password), with their limits and the timing of "Quên mật khẩu".
 */

/** A reset link works once, within this time (the issue asks for one hour). */
export const RESET_LINK_HOURS = 1;
/**
 * A verification link lasts a day: nothing is locked behind it, and a student who opens the
 * mail the next morning should not have to ask for another.
 */
export const VERIFY_LINK_HOURS = 24;
/** A mailed "xoá tài khoản" link (accounts without a password) works once, within this time. */
const DELETE_LINK_HOURS = 24;

export const HOUR_SECONDS = 60 * 60;
/** better-auth's identifier prefix for account deletion tokens (a constant inside better-auth). */
const DELETE_IDENTIFIER = "delete-account-";
/** Verification rows that count mails sent to one account (see limitVerificationMails). */
const VERIFY_MAIL_COUNTER = "verification-mail:";
/** better-auth's identifier prefix for reset tokens (a constant inside better-auth). */
export const RESET_IDENTIFIER = "reset-password:";

interface MailUser {
  id: string;
  name: string;
  email: string;
}

interface AuthMailDeps {
  env: Env;
  log: Logger;
  mailer: Mailer;
  /** The public origin: links in mails point there, whatever host a request came in on. */
  baseURL: string;
  /** better-auth's context, once it exists (the mail senders are part of its options). */
  context: () => Promise<AuthContext>;
}

function pageLink(baseURL: string, pathname: string, token: string): string {
  const url = new URL(pathname, baseURL);
  url.searchParams.set("token", token);
  return url.href;
}

/**
 * At most AUTH_VERIFY_MAIL_PER_HOUR verification mails per account per hour, counted in the
 * database (so every instance shares the count) as short-lived rows of the verification table.
 * The row is written first and counted after, so two quick clicks can never both slip past
 * the limit. Returns a function that takes the row back when the mail could not be sent.
 */
async function limitVerificationMails(
  deps: AuthMailDeps,
  userId: string,
): Promise<() => Promise<void>> {
  if (!deps.env.AUTH_RATE_LIMIT) return async () => {};
  const context = await deps.context();
  const identifier = `${VERIFY_MAIL_COUNTER}${userId}`;
  const now = new Date();
  await context.adapter.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", value: identifier },
      { field: "expiresAt", operator: "lte", value: now },
    ],
  });
  const row = await context.internalAdapter.createVerificationValue({
    identifier,
    value: userId,
    expiresAt: new Date(now.getTime() + HOUR_SECONDS * 1000),
  });
  const takeBack = async () => {
    await context.adapter.delete({
      model: "verification",
      where: [{ field: "id", value: row.id }],
    });
  };
  const recent = await context.adapter.findMany<{ id: string; expiresAt: Date | string }>({
    model: "verification",
    where: [
      { field: "identifier", value: identifier },
      { field: "expiresAt", operator: "gt", value: now },
    ],
    sortBy: { field: "expiresAt", direction: "asc" },
  });
  if (recent.length > deps.env.AUTH_VERIFY_MAIL_PER_HOUR) {
    await takeBack();
    const oldest = new Date(recent[0]!.expiresAt).getTime();
    const seconds = Math.max(1, Math.ceil((oldest - now.getTime()) / 1000));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      {
        code: "TOO_MANY_VERIFICATION_MAILS",
        message: vi.recoveryErrors.tooManyVerifyMails(Math.ceil(seconds / 60)),
      },
      { "X-Retry-After": String(seconds) },
    );
  }
  return takeBack;
}

/**
 * Waits for a mail the student is waiting for; when it cannot be sent, the mail no longer
 * counts against the account's limit and the student is told to try again later.
 */
async function sendOrTakeBack(
  deps: AuthMailDeps,
  sending: Promise<void>,
  takeBack: () => Promise<void>,
  userId: string,
  what: string,
): Promise<void> {
  try {
    await sending;
  } catch (error) {
    deps.log.error({ err: error, userId }, `could not send the ${what} mail`);
    await takeBack();
    throw new APIError("SERVICE_UNAVAILABLE", {
      code: "MAIL_NOT_SENT",
      message: vi.recoveryErrors.mailNotSent,
    });
  }
}

/** Verification rows past their time: used links, old counters, and equalResetWork's. */
async function removeExpiredVerificationRows(context: AuthContext): Promise<void> {
  await context.adapter.deleteMany({
    model: "verification",
    where: [{ field: "expiresAt", operator: "lt", value: new Date() }],
  });
}

/**
 * "Quên mật khẩu" must not tell a stranger whether an address has an account, by its answer
 * (better-auth's is the same) or by its time: for a known address better-auth writes a token
 * row and we compose the mail (sending is not awaited); for an unknown one it only reads. So
 * for an unknown address this writes a row that is already expired, composes the same mail
 * and tidies expired rows, as sendResetPassword does for a known one.
 */
async function equalResetWork(deps: AuthMailDeps, ctx: AuthHookContext): Promise<void> {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return;
  const context = await deps.context();
  if (await context.internalAdapter.findUserByEmail(email.toLowerCase())) return;
  await context.internalAdapter.createVerificationValue({
    identifier: `${RESET_IDENTIFIER}${randomBytes(18).toString("base64url")}`,
    value: "",
    expiresAt: new Date(Date.now() - 1000),
  });
  const link = pageLink(deps.baseURL, paths.resetPassword, "x".repeat(24));
  composeResetPasswordMail(email, link, RESET_LINK_HOURS);
  await removeExpiredVerificationRows(context);
}

async function sendResetPassword(
  deps: AuthMailDeps,
  { user, token }: { user: MailUser; token: string },
): Promise<void> {
  // The same work as for an unknown address (see equalResetWork): tidying expired rows.
  await removeExpiredVerificationRows(await deps.context());
  const link = pageLink(deps.baseURL, paths.resetPassword, token);
  // Not awaited: an SMTP round trip only for existing accounts would let anyone tell them
  // from unknown addresses by the response time. The answer goes out at once either way.
  void deps.mailer
    .send({
      kind: "reset-password",
      to: user.email,
      link,
      ...composeResetPasswordMail(user.name, link, RESET_LINK_HOURS),
    })
    .catch((error: unknown) =>
      deps.log.error({ err: error, userId: user.id }, "could not send the password reset mail"),
    );
}

async function sendVerificationEmail(
  deps: AuthMailDeps,
  { user, token }: { user: MailUser; token: string },
  request: Request | undefined,
): Promise<void> {
  const link = pageLink(deps.baseURL, paths.verifyEmail, token);
  const signUp = request ? new URL(request.url).pathname.endsWith("/sign-up/email") : false;
  const takeBack = await limitVerificationMails(deps, user.id);
  const sending = deps.mailer.send({
    kind: "verify-email",
    to: user.email,
    link,
    ...composeVerificationMail(user.name, link, VERIFY_LINK_HOURS),
  });
  if (signUp) {
    // Registration never waits for (or fails with) the mail server; "Gửi lại" is there.
    void sending.catch((error: unknown) =>
      deps.log.error({ err: error, userId: user.id }, "could not send the verification mail"),
    );
    return;
  }
  await sendOrTakeBack(deps, sending, takeBack, user.id, "verification");
}

/**
 * "Xoá tài khoản" for an account with no password (Google, a school's sign-in): a link to
 * /profile?deleteToken=… mailed to the account's address, which better-auth's /delete-user
 * takes as `token`. Re-authenticating with the provider would prove nothing on a shared
 * school computer, where the provider's own session is as likely to be left open as ours;
 * the mailbox is the one thing a passer-by does not have. Counts against the account's
 * mails per hour (AUTH_VERIFY_MAIL_PER_HOUR), like the verification mail.
 */
async function sendAccountDeletionLink(deps: AuthMailDeps, user: MailUser): Promise<void> {
  const takeBack = await limitVerificationMails(deps, user.id);
  const context = await deps.context();
  const token = randomBytes(24).toString("base64url");
  await context.internalAdapter.createVerificationValue({
    identifier: `${DELETE_IDENTIFIER}${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + DELETE_LINK_HOURS * HOUR_SECONDS * 1000),
  });
  const link = new URL(paths.profile, deps.baseURL);
  link.searchParams.set("deleteToken", token);
  const sending = deps.mailer.send({
    kind: "delete-account",
    to: user.email,
    link: link.href,
    ...composeDeleteAccountMail(user.name, link.href, DELETE_LINK_HOURS),
  });
  await sendOrTakeBack(deps, sending, takeBack, user.id, "account deletion");
}

/** The mail senders, bound to this server's configuration, mailer and better-auth context. */
export function createAuthMail(deps: AuthMailDeps) {
  return {
    sendResetPassword: (data: { user: MailUser; token: string }) => sendResetPassword(deps, data),
    sendVerificationEmail: (data: { user: MailUser; token: string }, request?: Request) =>
      sendVerificationEmail(deps, data, request),
    sendAccountDeletionLink: (user: MailUser) => sendAccountDeletionLink(deps, user),
    equalResetWork: (ctx: AuthHookContext) => equalResetWork(deps, ctx),
  };
}
