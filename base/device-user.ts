/**
 * How the browser's offline pieces know whose pages and attempts they hold (ADR 0013). The
 * session cookie is HttpOnly, so neither the pages' scripts nor the service worker can see who
 * is signed in: the server says it in two places of its own, never trusted for access (the
 * session decides that), only to keep one student's copies from another.
 *
 * - USER_COOKIE: a readable cookie naming the signed-in user's id, set and cleared by the
 *   server with every page it renders, and expiring with the session. Offline it is the
 *   device's answer to "who is here now".
 * - PAGE_USER_HEADER: on every page and page data answer, whose page it is (VISITOR_STAMP for
 *   nobody). A cached copy carries it, so the worker serves a copy only to its own user.
 */
export const USER_COOKIE = "on-tap-user";
export const PAGE_USER_HEADER = "X-Page-User";
export const VISITOR_STAMP = "-";
