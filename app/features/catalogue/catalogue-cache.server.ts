import { hasSessionCookie } from "#server/session-cookie.ts";

/**
 * Catalogue pages carry the attempt counters ("N đã làm"). For a visitor who is not signed in,
 * the browser may keep them for COUNTS_CACHE_MINUTES, which spares
 * the server on a busy exam night. A signed-in student always gets fresh counts, so their own
 * saved attempt shows at once; `Vary: Cookie` makes signing in (or choosing a theme) a cache miss.
 */
export function catalogueCacheHeaders(request: Request, minutes: number): HeadersInit {
  const signedIn = hasSessionCookie(request.headers.get("cookie"));
  return {
    "Cache-Control":
      signedIn || minutes === 0 ? "private, no-cache" : `private, max-age=${minutes * 60}`,
    Vary: "Cookie",
  };
}
