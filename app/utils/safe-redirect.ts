/** Longer, a Location header (encoded again in /login?redirectTo=…) outgrows proxies' buffers. */
const MAX_REDIRECT_PATH = 1_000;

/** Only a path of this site may follow sign-in: never another origin (no open redirect). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  if (
    typeof value !== "string" ||
    value.length > MAX_REDIRECT_PATH ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return "/";
  }
  try {
    const url = new URL(value, "http://on-tap.invalid");
    return url.origin === "http://on-tap.invalid" ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
