import type { AppLoadContext } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { callAuthEndpoint, cookiesOf, describeAuthFailure } from "./auth.server.ts";
import { drawQrCode } from "./qr-code.server.ts";
import { redirectWithToast } from "./toast-url.ts";

const t = vi.twoFactor;

/** What the profile shows between "Bật" and the first code: shown once, never stored by us. */
export interface TwoFactorSetup {
  totpURI: string;
  /** The base32 secret, in groups of 4, for typing into the app by hand. */
  secret: string;
  qr: { size: number; path: string };
  backupCodes: string[];
}

export interface TwoFactorResult {
  intent: string;
  ok?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  setup?: TwoFactorSetup;
  /** Fresh recovery codes ("Tạo mã khôi phục mới"). */
  codes?: string[];
}

export const TWO_FACTOR_INTENTS = ["2fa-enable", "2fa-confirm", "2fa-disable", "2fa-codes"];

export async function isTwoFactorEnabled(context: AppLoadContext, userId: string) {
  const row = await context.db
    .selectFrom("user")
    .select("twoFactorEnabled")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(Number(row?.twoFactorEnabled ?? 0));
}

const RECOVERY_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

function setupOf(totpURI: string, backupCodes: string[]): TwoFactorSetup | undefined {
  if (!totpURI.startsWith("otpauth://totp/")) return undefined;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return {
    totpURI,
    secret: secret.match(/.{1,4}/g)?.join(" ") ?? secret,
    qr: drawQrCode(totpURI),
    backupCodes: backupCodes.filter((code) => RECOVERY_CODE.test(code)),
  };
}

/** The setup the confirm form posted back (to show again after a wrong code). */
function postedSetup(form: Record<string, string>): TwoFactorSetup | undefined {
  let codes: unknown;
  try {
    codes = JSON.parse(form.backupCodes ?? "[]");
  } catch {
    codes = [];
  }
  const list = Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : [];
  return setupOf(form.totpURI ?? "", list);
}

type Outcome = { result: TwoFactorResult; status?: number; headers?: Headers } | Response;

/**
 * "Xác minh hai bước" in the profile, through better-auth's endpoints on behalf of the browser
 * (so its checks and rate limits apply): turn on with the password (→ the setup: URI, QR code,
 * recovery codes), confirm with a first code, turn off with the password, or new recovery codes.
 * Turning on and off replaces the session (better-auth renews it), so those end in a document
 * redirect that carries the new cookie.
 */
export async function runTwoFactorIntent(
  context: AppLoadContext,
  request: Request,
  intent: string,
  form: Record<string, string>,
): Promise<Outcome> {
  // "Tạo mã khôi phục mới" has a form (and a password field) of its own.
  const passwordField = intent === "2fa-codes" ? "codesPassword" : "tfaPassword";
  const password = form[passwordField] ?? "";
  const refused = async (response: Response, extra: Partial<TwoFactorResult> = {}) => {
    const message = await describeAuthFailure(response);
    const wrongPassword = message === vi.auth.errors.wrongCredentials;
    const result: TwoFactorResult = wrongPassword
      ? { intent, fieldErrors: { [passwordField]: vi.auth.errors.wrongCurrentPassword }, ...extra }
      : { intent, formError: message, ...extra };
    return { result, status: response.status, headers: cookiesOf(response) };
  };
  const needPassword = () => ({
    result: { intent, fieldErrors: { [passwordField]: vi.validation.required(t.password) } },
    status: 400,
  });

  if (intent === "2fa-enable") {
    if (!password) return needPassword();
    const response = await callAuthEndpoint(context, request, "/two-factor/enable", { password });
    if (!response.ok) return refused(response);
    const body = (await response.json()) as { totpURI?: string; backupCodes?: string[] };
    const setup = setupOf(body.totpURI ?? "", body.backupCodes ?? []);
    if (!setup) return { result: { intent, formError: vi.auth.errors.unknown }, status: 500 };
    return { result: { intent, setup } };
  }

  if (intent === "2fa-confirm") {
    const setup = postedSetup(form);
    const code = (form.tfaCode ?? "").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      const error = code ? t.errors.codeFormat : t.errors.codeRequired;
      return { result: { intent, setup, fieldErrors: { tfaCode: error } }, status: 400 };
    }
    const response = await callAuthEndpoint(context, request, "/two-factor/verify-totp", { code });
    if (!response.ok) return refused(response, { setup });
    return redirectWithToast(
      "/profile",
      { type: "info", message: t.enabled },
      { headers: cookiesOf(response) },
    );
  }

  if (intent === "2fa-disable") {
    if (!password) return needPassword();
    const response = await callAuthEndpoint(context, request, "/two-factor/disable", { password });
    if (!response.ok) return refused(response);
    return redirectWithToast(
      "/profile",
      { type: "info", message: t.disabled },
      { headers: cookiesOf(response) },
    );
  }

  if (intent === "2fa-codes") {
    if (!password) return needPassword();
    const response = await callAuthEndpoint(context, request, "/two-factor/generate-backup-codes", {
      password,
    });
    if (!response.ok) return refused(response);
    const body = (await response.json()) as { backupCodes?: string[] };
    return { result: { intent, ok: t.newCodesDone, codes: body.backupCodes ?? [] } };
  }

  return { result: { intent, formError: vi.auth.errors.unknown }, status: 400 };
}
