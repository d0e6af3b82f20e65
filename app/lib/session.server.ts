import { redirect, type AppLoadContext } from "react-router";
import { hasSessionCookie } from "#server/session-cookie.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { paths } from "#base/paths.ts";

export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  /** False until the link in the verification mail is opened (the reminder shows meanwhile). */
  emailVerified: boolean;
}

/** Per request: the root loader and the page's loader ask at once, the database answers once. */
const sessionUsers = new WeakMap<Request, Promise<SessionRead | null>>();

interface SessionRead {
  user: SessionUser;
  expiresAt: Date;
}

/**
 * The last session the loaders of one request read, by its load context: the page's stamp
 * (page-user.server.ts) is written after them, on the original request, and reuses it
 * instead of asking the database again.
 */
const readForContext = new WeakMap<
  AppLoadContext,
  { cookie: string; read: Promise<SessionRead | null> }
>();

/** The signed-in user of this request: its session, seconds old at most (server/session-cache.ts). */
export function getSessionUser(
  context: AppLoadContext,
  request: Request,
): Promise<SessionUser | null> {
  // No session cookie, nobody signed in: nothing to ask better-auth or the database.
  return readSessionOnce(context, request).then((read) => read?.user ?? null);
}

/** The session of this answer's request, and when it ends: for the page's stamp. */
export function getSessionForStamp(
  context: AppLoadContext,
  request: Request,
): Promise<SessionRead | null> {
  const cookie = request.headers.get("cookie") ?? "";
  const known = readForContext.get(context);
  return known && known.cookie === cookie ? known.read : readSessionOnce(context, request);
}

function readSessionOnce(context: AppLoadContext, request: Request): Promise<SessionRead | null> {
  const cookie = request.headers.get("cookie");
  if (!hasSessionCookie(cookie)) return Promise.resolve(null);
  let read = sessionUsers.get(request);
  if (!read) {
    read = readSession(context, request);
    sessionUsers.set(request, read);
    readForContext.set(context, { cookie: cookie ?? "", read });
  }
  return read;
}

async function readSession(context: AppLoadContext, request: Request): Promise<SessionRead | null> {
  const session = await context.sessions.get(request.headers);
  if (!session) return null;
  const { user } = session;
  return {
    user: {
      id: user.id,
      fullName: user.name,
      email: user.email,
      avatarUrl: user.image ?? null,
      emailVerified: Boolean(user.emailVerified),
    },
    expiresAt: new Date(session.session.expiresAt),
  };
}

/** Sign-in-only pages: a visitor goes to sign-in and comes back here afterwards. */
export async function requireUser(context: AppLoadContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (user) return user;
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname}${url.search}`);
  throw redirect(paths.login(back));
}
