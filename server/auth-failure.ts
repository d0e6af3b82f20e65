import { sharedVi } from "#base/i18n/vi.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { TWO_FACTOR_LOCK_MINUTES } from "#server/auth.ts";
import { authErrorCode, retryAfterSeconds } from "#server/auth-responses.ts";

/** A refused auth operation: what happened (code), what the student reads (message), the status. */
export interface AuthFailure {
  ok: false;
  /** better-auth's code ("INVALID_PASSWORD"…), ours ("MAIL_NOT_SENT"…), or AUTH_CALL_FAILED. */
  code: string;
  message: string;
  status: number;
  /** From X-Retry-After, when the refusal says how long to wait. */
  retryAfterSeconds?: number;
  /** The answer's Set-Cookie headers (an ended two-factor challenge clears its cookie). */
  headers: Headers;
}

/** The call to better-auth itself failed (it threw): no answer, no code of its own. */
export const AUTH_CALL_FAILED = "AUTH_CALL_FAILED";

/** The codes of a wrong password (or email): one message, never telling which was wrong. */
const WRONG_CREDENTIALS = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PASSWORD",
  "USER_NOT_FOUND",
]);

/** The codes that end a two-factor challenge: only the password again helps. */
const CHALLENGE_OVER = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

const t = sharedVi.auth.errors;
const tf = serverVi.twoFactorErrors;

const MESSAGE_OF_CODE = new Map<string, string>([
  ...[...WRONG_CREDENTIALS].map((code): [string, string] => [code, t.wrongCredentials]),
  ["USER_ALREADY_EXISTS", t.emailInUse],
  ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", t.emailInUse],
  ["PASSWORD_TOO_SHORT", t.weakPassword],
  ["PASSWORD_TOO_LONG", t.passwordTooLong],
  ["INVALID_EMAIL", t.invalidEmail],
  ["CREDENTIAL_ACCOUNT_NOT_FOUND", t.noPassword],
  // Deleting an account without a password (Google, school sign-in) needs a sign-in of the
  // last day: a session cookie left on a shared computer must not be enough.
  ["SESSION_EXPIRED", t.signInAgain],
  ["SESSION_NOT_FRESH", t.signInAgain],
  ["INVALID_CODE", tf.wrongCode],
  ["INVALID_BACKUP_CODE", tf.wrongRecoveryCode],
  ["INVALID_TWO_FACTOR_COOKIE", tf.expired],
  ["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", tf.tooManyCodes],
  ["TOTP_ALREADY_ENABLED", tf.alreadyEnabled],
  ["TOTP_NOT_ENABLED", tf.notStarted],
  ["MAIL_NOT_SENT", sharedVi.recoveryErrors.mailNotSent],
]);

/** Whole minutes to wait (at least one); an hour when the refusal did not say. */
export function minutesToWait(seconds: number | undefined): number {
  return Math.max(1, Math.ceil((seconds ?? 3600) / 60));
}

/** One clear Vietnamese message per failure, chosen by its code, else by its status. */
export function authFailureMessage(failure: {
  code: string;
  status: number;
  retryAfterSeconds?: number;
}): string {
  const { code, status, retryAfterSeconds: seconds } = failure;
  // A 429 with no time to wait: the account, not the address, is locked for a while.
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return tf.locked(TWO_FACTOR_LOCK_MINUTES);
  // The account's verification mails per hour (server/auth-mail.ts): minutes, not seconds.
  if (code === "TOO_MANY_VERIFICATION_MAILS") {
    return sharedVi.recoveryErrors.tooManyVerifyMails(minutesToWait(seconds));
  }
  if (status === 429) return t.tooManyAttempts(seconds ?? 60);
  return MESSAGE_OF_CODE.get(code) ?? (status >= 500 ? t.serverError : t.unknown);
}

/** A failure of our own making, with its message. */
export function refusal(code: string, message: string, status: number): AuthFailure {
  return { ok: false, code, message, status, headers: new Headers() };
}

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** better-auth's refusal as a failure: its code, its status, its wait, our message. */
export async function failureOf(response: Response): Promise<AuthFailure> {
  const seconds = retryAfterSeconds(response);
  const failure = {
    ok: false as const,
    code: await authErrorCode(response),
    status: response.status,
    headers: cookiesOf(response),
    ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
  };
  return { ...failure, message: authFailureMessage(failure) };
}

/** The Vietnamese message of a refused answer. */
export async function describeAuthFailure(response: Response): Promise<string> {
  return (await failureOf(response)).message;
}

/** The password typed to confirm (or to sign in) was wrong. */
export function isWrongPassword(failure: AuthFailure): boolean {
  return WRONG_CREDENTIALS.has(failure.code);
}

/** The two-factor challenge is over (expired, or too many wrong codes). */
export function isChallengeOver(failure: AuthFailure): boolean {
  return CHALLENGE_OVER.has(failure.code);
}
