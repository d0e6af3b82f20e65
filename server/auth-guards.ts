import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from "better-auth/api";
import { sharedVi as vi } from "#base/i18n/vi.ts";
import { EMAIL_MAX, FULL_NAME_MAX } from "#base/limits.ts";
import { tooManyRequests } from "./auth-responses.ts";
import type { Env } from "./env.ts";
import type { RateLimitStore } from "#db/rate-limits.ts";
import { signInLimitKey } from "./rate-limit.ts";
import { containsNulCharacter } from "./security.ts";
import { paths } from "#base/paths.ts";

/**
 * The checks better-auth runs before each of its endpoints (`hooks.before`): on our forms'
 * calls (ADR 0007) and on a browser's direct ones alike.
 */

export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The only picture a user may point their account at: one they uploaded (server/avatar-routes.ts). */
function isOwnAvatarPath(image: unknown, userId: string): boolean {
  if (typeof image !== "string") return false;
  const prefix = paths.avatar(`${userId}-`);
  return image.startsWith(prefix) && /^[0-9a-f]{16}\.webp$/.test(image.slice(prefix.length));
}

/** The body of an endpoint's request as a record, when it has one. */
function bodyOf(ctx: AuthHookContext): Record<string, unknown> | undefined {
  return ctx.body as Record<string, unknown> | undefined;
}

/** PostgreSQL cannot store or compare text holding NUL (the address is checked in app.ts). */
function refuseNulCharacters(ctx: AuthHookContext): void {
  if (containsNulCharacter(ctx.body) || containsNulCharacter(ctx.query)) {
    throw new APIError("BAD_REQUEST", { code: "BAD_CHARACTER", message: vi.requests.badCharacter });
  }
}

/** What is wrong with a sign-up's or profile update's name or email, in Vietnamese, or null. */
function profileFieldProblem(body: unknown, signUp: boolean): string | null {
  if (!body || typeof body !== "object") return null;
  const { name, email } = body as Record<string, unknown>;
  const t = vi.validation;
  if (signUp || name !== undefined) {
    const label = vi.auth.fullName;
    if (typeof name !== "string") return t.invalidType(label);
    if (name.trim() === "") return t.required(label);
    if (name.trim().length > FULL_NAME_MAX) return t.stringMax(label, FULL_NAME_MAX);
  }
  if (typeof email === "string" && email.length > EMAIL_MAX) {
    return t.stringMax(vi.auth.email, EMAIL_MAX);
  }
  return null;
}

/**
 * The forms' limits hold on better-auth's own endpoints too: no 5 MB name, no name that is an
 * object (which reached the database layer and failed there with a 500).
 */
function refuseBadProfileFields(ctx: AuthHookContext): void {
  if (ctx.path !== "/sign-up/email" && ctx.path !== "/update-user") return;
  const problem = profileFieldProblem(ctx.body, ctx.path === "/sign-up/email");
  if (problem) {
    throw new APIError("BAD_REQUEST", { code: "INVALID_PROFILE_FIELD", message: problem });
  }
}

/**
 * better-auth limits per address and path only: this adds the limit per address AND account,
 * so one student's wrong guesses do not lock out a whole school behind one address, and nobody
 * gets AUTH_SIGN_IN_PER_IP_PER_MINUTE guesses at one account. A refusal is answered, not
 * thrown: it is the limit working, not an error to log.
 */
async function limitSignInPerAccount(
  ctx: AuthHookContext,
  limits: RateLimitStore,
  perMinute: number,
): Promise<Response | undefined> {
  const body = bodyOf(ctx);
  const email = typeof body?.email === "string" ? body.email : "";
  const source = ctx.request ?? ctx.headers;
  const ip = (source ? getIP(source, ctx.context.options) : null) ?? "no-ip";
  const { allowed, retryAfter } = await limits.consume(signInLimitKey(ip, email), {
    window: 60,
    max: perMinute,
  });
  if (!allowed) return tooManyRequests(retryAfter ?? 60, "TOO_MANY_SIGN_IN_ATTEMPTS");
  return undefined;
}

/**
 * Deleting an account, by our profile form or by a direct call of better-auth's endpoint, needs
 * proof that it is the owner and not whoever sits at a signed-in computer: the account's
 * correct password (better-auth checks it; an empty one would fall back to "signed in within a
 * day"), or, for an account without a password, the token of a mailed link. better-auth
 * answers 401 itself when there is no session.
 */
async function requireDeletionProof(ctx: AuthHookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const body = bodyOf(ctx);
  if (typeof body?.token === "string" && body.token !== "") return;
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
  if (credential?.password) {
    if (typeof body?.password === "string" && body.password !== "") return;
    throw new APIError("BAD_REQUEST", {
      code: "PASSWORD_REQUIRED",
      message: vi.auth.errors.passwordRequired,
    });
  }
  throw new APIError("FORBIDDEN", {
    code: "DELETION_LINK_REQUIRED",
    message: vi.auth.errors.deleteLinkRequired,
  });
}

/**
 * "Gửi lại" only for the signed-in account itself: better-auth's anonymous form of this endpoint
 * would answer a "too many mails" refusal for an unverified address only, which tells a
 * stranger that the account exists.
 */
async function requireSessionToResend(ctx: AuthHookContext): Promise<void> {
  if (!(await getSessionFromCtx(ctx))) {
    throw new APIError("UNAUTHORIZED", {
      code: "SIGN_IN_REQUIRED",
      message: vi.recoveryErrors.signInToResend,
    });
  }
}

/**
 * `image` is shown to everyone who sees the user (the header, later the rankings): never a URL
 * to another site (tracking pixels, hot-linking) or to someone else's picture. Only null or the
 * user's own upload, which server/avatar-routes.ts sets through auth.api.updateUser; nothing at
 * sign-up, where the account has no upload yet.
 */
async function refuseForeignImage(ctx: AuthHookContext): Promise<void> {
  if (ctx.path !== "/update-user" && ctx.path !== "/sign-up/email") return;
  const image = bodyOf(ctx)?.image;
  if (image === undefined || image === null) return;
  const session = ctx.path === "/update-user" ? await getSessionFromCtx(ctx) : null;
  // Without a session /update-user answers 401 itself.
  if (ctx.path === "/update-user" && !session) return;
  if (!session || !isOwnAvatarPath(image, session.user.id)) {
    throw new APIError("BAD_REQUEST", {
      code: "IMAGE_NOT_ALLOWED",
      message: vi.recoveryErrors.imageNotAllowed,
    });
  }
}

/**
 * `hooks.before`, in this order: no NUL, the name and email limits, the sign-in limit per
 * account, the deletion proof, the same work for any "Quên mật khẩu" (`equalResetWork`, in
 * server/auth-mail.ts), a session to resend the verification mail, only one's own picture.
 */
export function createBeforeHook(options: {
  env: Env;
  limits: RateLimitStore;
  equalResetWork: (ctx: AuthHookContext) => Promise<void>;
}) {
  const { env, limits, equalResetWork } = options;
  return createAuthMiddleware(async (ctx) => {
    refuseNulCharacters(ctx);
    refuseBadProfileFields(ctx);
    if (ctx.path === "/sign-in/email" && env.AUTH_RATE_LIMIT) {
      const refusal = await limitSignInPerAccount(ctx, limits, env.AUTH_SIGN_IN_PER_MINUTE);
      if (refusal) return refusal;
    }
    if (ctx.path === "/delete-user") await requireDeletionProof(ctx);
    if (ctx.path === "/request-password-reset") await equalResetWork(ctx);
    if (ctx.path === "/send-verification-email") await requireSessionToResend(ctx);
    await refuseForeignImage(ctx);
  });
}
