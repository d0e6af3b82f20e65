import type { AppLoadContext } from "react-router";
import { PAGE_USER_HEADER, USER_COOKIE, VISITOR_STAMP } from "#base/device-user.ts";
import { readCookie } from "#app/lib/themes.ts";
import { getSessionForStamp } from "./session.server.ts";

/**
 * Stamps a page (or its `.data`) with whose it is, and keeps the readable user cookie in step
 * with the session (base/device-user.ts, ADR 0013): set when the session's user is not the one
 * it names, cleared when there is no session. It expires with the session, so a session that
 * ends on the device (it expired) takes it along; one that ends on the server (signed out
 * elsewhere) clears it with the next page opened online.
 */
export async function stampPageUser(
  headers: Headers,
  request: Request,
  context: AppLoadContext,
): Promise<void> {
  let session: Awaited<ReturnType<typeof getSessionForStamp>>;
  try {
    session = await getSessionForStamp(context, request);
  } catch {
    // The session could not be read (the database is out of reach): whose page this is stays
    // unsaid, so the worker keeps no copy of it, and the cookie keeps its last answer.
    return;
  }
  headers.set(PAGE_USER_HEADER, session?.user.id ?? VISITOR_STAMP);
  const named = readCookie(request.headers.get("cookie"), USER_COOKIE);
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  if (session && named !== session.user.id) {
    headers.append(
      "Set-Cookie",
      `${USER_COOKIE}=${encodeURIComponent(session.user.id)}; Path=/; SameSite=Lax; Expires=${session.expiresAt.toUTCString()}${secure}`,
    );
  } else if (!session && named !== undefined) {
    headers.append(
      "Set-Cookie",
      `${USER_COOKIE}=; Path=/; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secure}`,
    );
  }
}
