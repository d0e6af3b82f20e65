import type { AppLoadContext } from "react-router";
import { viTwoFactor } from "#app/i18n/vi/two-factor.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { isWrongPassword, type AuthFailure } from "#server/auth-failure.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  newRecoveryCodes,
} from "#server/auth-operations.ts";
import { drawQrCode } from "./qr-code.server.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";
import { viValidation } from "#base/i18n/vi/validation.ts";

const t = viTwoFactor;

/** What the profile shows between "Bật" and the first code: shown once, never stored by us. */
interface TwoFactorSetup {
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

/** What is wrong with a typed code that is neither 6 digits nor a recovery code. */
export function codeFieldError(raw: string): string {
  return raw.trim() === ""
    ? serverVi.twoFactorErrors.codeRequired
    : serverVi.twoFactorErrors.codeFormat;
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

interface Step {
  context: AppLoadContext;
  request: Request;
  intent: string;
  form: Record<string, string>;
  /** "Tạo mã khôi phục mới" has a form (and a password field) of its own. */
  passwordField: string;
  password: string;
}

/** A refusal: a wrong password beside its field, anything else above the form. */
function refused(step: Step, failure: AuthFailure, extra: Partial<TwoFactorResult> = {}): Outcome {
  const { intent, passwordField } = step;
  const result: TwoFactorResult = isWrongPassword(failure)
    ? { intent, fieldErrors: { [passwordField]: viAuth.errors.wrongCurrentPassword }, ...extra }
    : { intent, formError: failure.message, ...extra };
  return { result, status: failure.status, headers: failure.headers };
}

function needPassword({ intent, passwordField }: Step): Outcome {
  return {
    result: { intent, fieldErrors: { [passwordField]: viValidation.required(t.password) } },
    status: 400,
  };
}

/** Turning on replaces the session (better-auth renews it): a document redirect carries it. */
function backToProfile(message: string, headers: Headers): Response {
  return redirectWithToast(paths.profile, { type: "info", message }, { headers });
}

/** Password → the setup to show: URI, QR code, recovery codes. */
async function enable(step: Step): Promise<Outcome> {
  if (!step.password) return needPassword(step);
  const result = await enableTwoFactor(step.context, step.request, { password: step.password });
  if (!result.ok) return refused(step, result);
  const setup = setupOf(result.totpURI, result.backupCodes);
  if (!setup)
    return { result: { intent: step.intent, formError: viAuth.errors.unknown }, status: 500 };
  return { result: { intent: step.intent, setup } };
}

/** The first code from the app turns it on; a wrong one shows the same setup again. */
async function confirm(step: Step): Promise<Outcome> {
  const setup = postedSetup(step.form);
  const raw = step.form.tfaCode ?? "";
  const code = raw.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) {
    return {
      result: { intent: step.intent, setup, fieldErrors: { tfaCode: codeFieldError(raw) } },
      status: 400,
    };
  }
  const result = await confirmTwoFactor(step.context, step.request, { code });
  if (!result.ok) return refused(step, result, { setup });
  return backToProfile(t.enabled, result.headers);
}

async function disable(step: Step): Promise<Outcome> {
  if (!step.password) return needPassword(step);
  const result = await disableTwoFactor(step.context, step.request, { password: step.password });
  if (!result.ok) return refused(step, result);
  return backToProfile(t.disabled, result.headers);
}

async function newCodes(step: Step): Promise<Outcome> {
  if (!step.password) return needPassword(step);
  const result = await newRecoveryCodes(step.context, step.request, { password: step.password });
  if (!result.ok) return refused(step, result);
  return { result: { intent: step.intent, ok: t.newCodesDone, codes: result.backupCodes } };
}

const STEPS: Record<string, (step: Step) => Promise<Outcome>> = {
  "2fa-enable": enable,
  "2fa-confirm": confirm,
  "2fa-disable": disable,
  "2fa-codes": newCodes,
};

export const TWO_FACTOR_INTENTS = Object.keys(STEPS);

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
  const run = Object.hasOwn(STEPS, intent) ? STEPS[intent] : undefined;
  if (!run) return { result: { intent, formError: viAuth.errors.unknown }, status: 400 };
  const passwordField = intent === "2fa-codes" ? "codesPassword" : "tfaPassword";
  const password = form[passwordField] ?? "";
  return run({ context, request, intent, form, passwordField, password });
}
