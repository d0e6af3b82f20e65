/**
 * What a student typed in "Mã xác minh": the 6 digits of the authenticator app, or one of the
 * recovery codes better-auth made (10 letters and digits shown as xxxxx-xxxxx). Spaces are
 * ignored and the dash may be left out; letters keep their case (the codes are case-sensitive).
 */
export function parseTwoFactorCode(
  raw: string,
): { kind: "totp" | "recovery"; code: string } | null {
  const compact = raw.replace(/\s+/g, "");
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(compact)) {
    return { kind: "recovery", code: `${compact.slice(0, 5)}-${compact.slice(-5)}` };
  }
  return null;
}
