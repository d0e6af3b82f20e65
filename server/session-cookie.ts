/**
 * Whether a Cookie header carries better-auth's session cookie (plain, or `__Secure-` over
 * https). Without one nobody is signed in, so a visitor's request need not ask better-auth (or
 * the database) about a session.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(cookieHeader ?? "");
}
