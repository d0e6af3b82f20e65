import { redirect, type AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER, TWO_FACTOR_LOCK_MINUTES } from "#server/auth.ts";
import { vi } from "#app/i18n/vi.ts";
import { safeRedirectPath } from "#app/utils/safe-redirect.ts";

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  /** False until the link in the verification mail is opened (the reminder shows meanwhile). */
  emailVerified: boolean;
}

/** The signed-in user of this request, read from the session in the database. */
export async function getSessionUser(
  context: AppLoadContext,
  request: Request,
): Promise<SessionUser | null> {
  const session = await context.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    fullName: user.name,
    email: user.email,
    avatarUrl: user.image ?? null,
    emailVerified: Boolean(user.emailVerified),
  };
}

/** Sign-in-only pages: a visitor goes to sign-in and comes back here afterwards. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname}${url.search}`);
  throw redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
}

/** How a user can sign in: "credential" (email + password), or a provider's id. */
export async function listSignInMethods(
  context: AppLoadContext,
  userId: string,
): Promise<string[]> {
  const rows = await context.db
    .selectFrom("account")
    .select("providerId")
    .where("userId", "=", userId)
    .execute();
  return rows.map((row) => row.providerId);
}

/**
 * Calls one of better-auth's HTTP endpoints from a route action, through its full pipeline
 * (rate limits, origin checks, cookies), on behalf of the browser that posted the form.
 */
export async function callAuthEndpoint(
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

/** The Set-Cookie headers of an auth response, to pass on with a redirect. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** One clear Vietnamese message per failure; never one message for all. */
export async function describeAuthFailure(response: Response): Promise<string> {
  const t = vi.auth.errors;
  let code = "";
  try {
    code = String(((await response.json()) as { code?: unknown }).code ?? "");
  } catch {
    // No JSON body: fall through to the generic message for the status.
  }
  // A 429 with no time to wait: the account, not the address, is locked for a while.
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return vi.twoFactor.errors.locked(TWO_FACTOR_LOCK_MINUTES);
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get("X-Retry-After") ?? "60");
    return t.tooManyAttempts(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60);
  }
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
      return t.wrongCredentials;
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return t.emailInUse;
    case "PASSWORD_TOO_SHORT":
      return t.weakPassword;
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return t.noPassword;
    // Deleting an account without a password (Google, school sign-in) needs a sign-in of the
    // last day: a session cookie left on a shared computer must not be enough.
    case "SESSION_EXPIRED":
    case "SESSION_NOT_FRESH":
      return t.signInAgain;
    case "PASSWORD_TOO_LONG":
      return t.passwordTooLong;
    case "INVALID_EMAIL":
      return t.invalidEmail;
    case "INVALID_CODE":
      return vi.twoFactor.errors.wrongCode;
    case "INVALID_BACKUP_CODE":
      return vi.twoFactor.errors.wrongRecoveryCode;
    case "INVALID_TWO_FACTOR_COOKIE":
      return vi.twoFactor.errors.expired;
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return vi.twoFactor.errors.tooManyCodes;
    case "TOTP_ALREADY_ENABLED":
      return vi.twoFactor.errors.alreadyEnabled;
    case "TOTP_NOT_ENABLED":
      return vi.twoFactor.errors.notStarted;
    default:
      return response.status >= 500 ? t.serverError : t.unknown;
  }
}

/** A sign-in answer that accepted the password but waits for the second factor. */
export async function needsSecondFactor(response: Response): Promise<boolean> {
  if (!response.ok) return false;
  try {
    const body = (await response.clone().json()) as { twoFactorRedirect?: unknown };
    return body.twoFactorRedirect === true;
  } catch {
    return false;
  }
}
