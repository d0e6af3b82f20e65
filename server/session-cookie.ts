/** better-auth's session cookie (plain, or `__Secure-` over https), and its value. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/**
 * Whether a Cookie header carries better-auth's session cookie. Without one nobody is signed
 * in, so a visitor's request need not ask better-auth (or the database) about a session.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

/** The session cookie's value (the signed token), or undefined when there is none or it is empty. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | undefined {
  return SESSION_COOKIE.exec(cookieHeader ?? "")?.[1] || undefined;
}
