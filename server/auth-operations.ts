import type { AppLoadContext } from "react-router";
import { sharedVi } from "#base/i18n/vi.ts";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import { jsonBodyOf } from "#server/auth-responses.ts";
import {
  AUTH_CALL_FAILED,
  cookiesOf,
  failureOf,
  minutesToWait,
  refusal,
  type AuthFailure,
} from "./auth-failure.ts";
import { describeProviderError } from "./provider-errors.ts";
import { paths } from "#base/paths.ts";

/**
 * The account operations of our forms, each one call of better-auth's HTTP handler on behalf of
 * the browser that posted the form (ADR 0007: its rate limits, origin check, hooks and cookies
 * apply as to any request). Each answers `{ ok: true, headers, … }` (the Set-Cookie headers to
 * pass on) or an AuthFailure `{ ok: false, code, message, status, retryAfterSeconds? }`; routes
 * decide on the code and show the message.
 */

export type AuthResult<T extends object = object> =
  ({ ok: true; headers: Headers } & T) | AuthFailure;

type Answered = { ok: true; headers: Headers; response: Response } | AuthFailure;

/**
 * Calls one of better-auth's HTTP endpoints from a route action, through its full pipeline
 * (rate limits, origin checks, cookies), on behalf of the browser that posted the form.
 */
async function callAuthEndpoint(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const origin = new URL(context.auth.options.baseURL ?? request.url).origin;
  return context.auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        cookie: request.headers.get("cookie") ?? "",
        "user-agent": request.headers.get("user-agent") ?? "",
        [CLIENT_IP_HEADER]: context.clientIp,
      },
      body: JSON.stringify(body),
    }),
  );
}

/** One call: the answer when better-auth accepted, else the failure; `what` names it in the log. */
async function call(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  what: string,
): Promise<Answered> {
  let response: Response;
  try {
    response = await callAuthEndpoint(context, request, path, body);
  } catch (error) {
    context.logger.error({ err: error }, `${what} failed`);
    return refusal(AUTH_CALL_FAILED, sharedVi.auth.errors.serverError, 500);
  }
  return response.ok ? { ok: true, headers: cookiesOf(response), response } : failureOf(response);
}

type Json = Record<string, unknown> | null;

/** A call whose success brings its cookies and what `read` takes from its JSON body. */
async function run<T extends object = object>(
  context: AppLoadContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  what: string,
  read: (json: Json) => T = () => ({}) as T,
): Promise<AuthResult<T>> {
  const answer = await call(context, request, path, body, what);
  if (!answer.ok) return answer;
  return { ok: true, headers: answer.headers, ...read(await jsonBodyOf(answer.response)) };
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** Email and password; `twoFactor` when the password was right but the code is still due. */
export function signIn(
  context: AppLoadContext,
  request: Request,
  input: { email: string; password: string },
) {
  const body = { ...input, rememberMe: true };
  return run(context, request, "/sign-in/email", body, "sign-in", (json) => ({
    twoFactor: json?.twoFactorRedirect === true,
  }));
}

export function signUp(
  context: AppLoadContext,
  request: Request,
  { fullName, email, password }: { fullName: string; email: string; password: string },
) {
  return run(context, request, "/sign-up/email", { name: fullName, email, password }, "sign-up");
}

/**
 * "Đăng nhập bằng Google / {OIDC_NAME}": better-auth makes the state (cookie + row) and the
 * provider's authorization URL, where the browser is sent. It comes back through
 * /api/auth/callback/<id> to `redirectTo`, or to /login?provider=…&error=… when it fails.
 */
export async function startProviderSignIn(
  context: AppLoadContext,
  request: Request,
  { providerId, redirectTo }: { providerId: unknown; redirectTo: string },
): Promise<AuthResult<{ url: string }>> {
  const provider = context.publicEnv.signInProviders.find((p) => p.id === providerId);
  if (!provider)
    return refusal("UNKNOWN_PROVIDER", sharedVi.providerSignIn.errors.failedNoName, 400);
  const back = new URLSearchParams({ provider: provider.id });
  if (redirectTo !== "/") back.set("redirectTo", redirectTo);
  const answer = await call(
    context,
    request,
    "/sign-in/social",
    {
      provider: provider.id,
      callbackURL: redirectTo,
      errorCallbackURL: paths.loginWith(back),
      disableRedirect: true,
    },
    "provider sign-in",
  );
  if (!answer.ok && (answer.status === 429 || answer.code === AUTH_CALL_FAILED)) return answer;
  const body = answer.ok ? await jsonBodyOf(answer.response) : null;
  const url = typeof body?.url === "string" && /^https?:\/\//.test(body.url) ? body.url : null;
  if (answer.ok && url) return { ok: true, headers: answer.headers, url };
  const code = answer.ok ? String(body?.code ?? "") : answer.code;
  const status = answer.ok ? answer.response.status : answer.status;
  context.logger.warn(
    { status, code, provider: provider.id },
    "could not start a provider sign-in",
  );
  return refusal(code, describeProviderError(code, provider.name), 502);
}

/**
 * "Quên mật khẩu": better-auth answers alike whether or not the address has an account (and
 * server/auth-mail.ts does the same work for both); only its per-address limit differs, and
 * says its wait in minutes.
 */
export async function requestReset(
  context: AppLoadContext,
  request: Request,
  input: { email: string },
): Promise<AuthResult> {
  const result = await run(
    context,
    request,
    "/request-password-reset",
    input,
    "password reset request",
  );
  if (result.ok || result.status !== 429) return result;
  const minutes = minutesToWait(result.retryAfterSeconds);
  return { ...result, message: sharedVi.recoveryErrors.tooManyResetRequests(minutes) };
}

/** The new password for the token of a reset link (INVALID_TOKEN: used, expired or unknown). */
export async function resetPassword(
  context: AppLoadContext,
  request: Request,
  input: { token: string; newPassword: string },
) {
  const result = await run(context, request, "/reset-password", input, "password reset");
  // Every session of the account ended: the token, not the request, says whose they were.
  if (result.ok) context.sessions.forgetEveryone();
  return result;
}

/** A new password; the other sessions end and this one is renewed (its cookie in `headers`). */
export function changePassword(
  context: AppLoadContext,
  request: Request,
  input: { currentPassword: string; newPassword: string },
) {
  const body = { ...input, revokeOtherSessions: true };
  return run(context, request, "/change-password", body, "password change");
}

export function updateName(context: AppLoadContext, request: Request, input: { fullName: string }) {
  return run(context, request, "/update-user", { name: input.fullName }, "name change");
}

/** With the account's password, or the token of the mailed link (accounts without a password). */
export function deleteAccount(
  context: AppLoadContext,
  request: Request,
  input: { password: string } | { token: string },
) {
  return run(context, request, "/delete-user", input, "account deletion");
}

/** The "xoá tài khoản" link of an account without a password, to its mailbox. */
export async function sendDeletionLink(
  context: AppLoadContext,
  user: { id: string; fullName: string; email: string },
): Promise<AuthResult> {
  try {
    await context.auth.sendAccountDeletionLink({
      id: user.id,
      name: user.fullName,
      email: user.email,
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    // Its refusals (MAIL_NOT_SENT, TOO_MANY_VERIFICATION_MAILS) carry their own message.
    const refused = error as { statusCode?: number; body?: { code?: string; message?: string } };
    return refusal(
      refused.body?.code ?? AUTH_CALL_FAILED,
      refused.body?.message ?? sharedVi.auth.errors.serverError,
      refused.statusCode ?? 503,
    );
  }
}

/** "Gửi lại" the verification mail (EMAIL_ALREADY_VERIFIED when there is nothing to verify). */
export function sendVerification(
  context: AppLoadContext,
  request: Request,
  input: { email: string },
) {
  return run(context, request, "/send-verification-email", input, "verification mail request");
}

/**
 * The link of the verification mail, opened: better-auth checks the signed token (TOKEN_EXPIRED
 * when it is too old). A GET of better-auth's own, so through its API with the browser's headers.
 */
export async function verifyEmail(
  context: AppLoadContext,
  request: Request,
  token: string,
): Promise<AuthResult> {
  const response = await context.auth.api.verifyEmail({
    query: { token },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) return failureOf(response);
  // The link may be opened on any device: the verified user's pages must drop the reminder now.
  context.sessions.forgetEveryone();
  return { ok: true, headers: cookiesOf(response) };
}

export function signOut(context: AppLoadContext, request: Request) {
  return run(context, request, "/sign-out", {}, "sign-out");
}

/** The second step of sign-in: a code of the authenticator app, or a recovery code. */
export function verifySecondFactor(
  context: AppLoadContext,
  request: Request,
  { kind, code }: { kind: "totp" | "recovery"; code: string },
) {
  const path = kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  return run(context, request, path, { code }, "two-factor sign-in");
}

/** Two-factor sign-in on, pending its first code: the otpauth URI and the recovery codes. */
export function enableTwoFactor(
  context: AppLoadContext,
  request: Request,
  input: { password: string },
) {
  return run(context, request, "/two-factor/enable", input, "two-factor set-up", (json) => ({
    totpURI: typeof json?.totpURI === "string" ? json.totpURI : "",
    backupCodes: stringsOf(json?.backupCodes),
  }));
}

/** The first code from the app, which turns two-factor sign-in on. */
export function confirmTwoFactor(
  context: AppLoadContext,
  request: Request,
  input: { code: string },
) {
  return run(context, request, "/two-factor/verify-totp", input, "two-factor confirmation");
}

export function disableTwoFactor(
  context: AppLoadContext,
  request: Request,
  input: { password: string },
) {
  return run(context, request, "/two-factor/disable", input, "two-factor switch-off");
}

/** New recovery codes; the old ones stop working. */
export function newRecoveryCodes(
  context: AppLoadContext,
  request: Request,
  input: { password: string },
) {
  const path = "/two-factor/generate-backup-codes";
  return run(context, request, path, input, "recovery codes", (json) => ({
    backupCodes: stringsOf(json?.backupCodes),
  }));
}
