/**
 * Where a redirect may send a browser. Every redirect target of the app goes through here:
 * values a request chose (`redirectTo`, better-auth's `callbackURL`…) through safeRedirectPath,
 * and the final `Location` header of every answer through isAllowedRedirect (server/app.ts).
 *
 * The decision is taken on the final serialized value: URL parsing normalizes (`/.//x`,
 * `/%2e//x` and `/x/..//x` all become `//x`, a URL of another site), so checking the input and
 * then serializing something else is how open redirects happen.
 */
const BASE = "http://on-tap.invalid";
/** Longer, a Location header (encoded again in /login?redirectTo=…) outgrows proxies' buffers. */
const MAX_REDIRECT_PATH = 1_000;
/** The longest Location any answer may carry. */
const MAX_LOCATION = 4_096;

/** Only a path of this site may follow sign-in: never another origin (no open redirect). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_REDIRECT_PATH)
    return "/";
  let candidate: string;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return "/";
    candidate = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
  return isSafeRedirectPath(candidate) ? candidate : "/";
}

/**
 * A path that every browser reads as a path of this site, exactly as written: one leading slash
 * (`//host` and `/\host` are other sites), no backslash or control character (browsers read `\`
 * as `/` and drop tabs and newlines), and already in the form URL parsing gives it, so nothing
 * downstream can normalize it into something else.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u0020\u007f]/.test(path)) return false;
  try {
    return new URL(path, BASE).href === `${BASE}${path}`;
  } catch {
    return false;
  }
}

/**
 * A final `Location` value: a safe path of this site, or an absolute http(s) URL on one of
 * `origins` (this site's own, and the sign-in providers' a "Đăng nhập bằng Google" form is
 * sent on to).
 */
export function isAllowedRedirect(location: string, origins: readonly string[]): boolean {
  // A header this long is unreadable to clients and proxies (a 502 behind nginx); a sign-in
  // provider's address is well under 2 KB.
  if (location.length > MAX_LOCATION) return false;
  if (location.startsWith("/")) return isSafeRedirectPath(location);
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u0020\u007f]/.test(location)) return false;
  try {
    const url = new URL(location);
    // Browsers parse an absolute URL as WHATWG URL does, so its origin is where they go.
    return (url.protocol === "https:" || url.protocol === "http:") && origins.includes(url.origin);
  } catch {
    return false;
  }
}
