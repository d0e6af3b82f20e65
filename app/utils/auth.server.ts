import { redirect, type AppLoadContext } from "react-router";
import { hasSessionCookie } from "#server/session-cookie.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  /** False until the link in the verification mail is opened (the reminder shows meanwhile). */
  emailVerified: boolean;
}

/** Per request: the root loader and the page's loader ask at once, the database answers once. */
const sessionUsers = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, read from the session in the database. */
export function getSessionUser(
  context: AppLoadContext,
  request: Request,
): Promise<SessionUser | null> {
  // No session cookie, nobody signed in: nothing to ask better-auth or the database.
  if (!hasSessionCookie(request.headers.get("cookie"))) return Promise.resolve(null);
  let user = sessionUsers.get(request);
  if (!user) {
    user = readSessionUser(context, request);
    sessionUsers.set(request, user);
  }
  return user;
}

async function readSessionUser(
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
