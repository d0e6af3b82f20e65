import { useState } from "react";
import { Form } from "react-router";
import { PasswordField } from "#app/ui/password-field.tsx";
import { FormStatus } from "#app/ui/form-messages.tsx";
import { FormField } from "#app/ui/form-field.tsx";
import { viTwoFactor } from "#app/i18n/vi/two-factor.ts";

const t = viTwoFactor;

/** The parts of the profile action's answer this section reads (app/features/account/two-factor.server.ts). */
export interface TwoFactorSectionResult {
  intent: string;
  ok?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  setup?: {
    totpURI: string;
    secret: string;
    qr: { size: number; path: string };
    backupCodes: string[];
  };
  codes?: string[];
}

/** The codes, selectable as text, and a button that copies them all, one per line. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = () => {
    // No clipboard on a plain-http classroom address: the student copies by hand.
    const written = navigator.clipboard?.writeText(codes.join("\n"));
    if (!written) setCopied("no");
    else
      written.then(
        () => setCopied("yes"),
        () => setCopied("no"),
      );
  };
  return (
    <>
      <ul className="recovery-codes" aria-label={t.codesLabel}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-copy">
        <button type="button" className="button button-secondary" onClick={copy}>
          {t.copyCodes}
        </button>
        <p className="muted" aria-live="polite">
          {copied === "yes" ? t.codesCopied(codes.length) : copied === "no" ? t.codesNotCopied : ""}
        </p>
      </div>
    </>
  );
}

/**
 * "Xác minh hai bước" on /profile. Every step is a plain form posting to the profile action,
 * so it works without JavaScript: password → setup (QR code drawn as SVG by the server, the
 * otpauth link to copy, the key to type, the recovery codes) → first code → on; password → off
 * or new recovery codes.
 */
export function TwoFactorSection({
  enabled,
  hasPassword,
  result,
}: {
  enabled: boolean;
  hasPassword: boolean;
  result?: TwoFactorSectionResult;
}) {
  const errors = result?.fieldErrors ?? {};
  const setup = !enabled ? result?.setup : undefined;
  const passwordField = (
    <PasswordField name="tfaPassword" label={t.password} error={errors.tfaPassword} />
  );
  return (
    <section className="auth-form two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">{t.section}</h2>
      <p>{t.intro}</p>
      {!hasPassword ? (
        <p className="muted">{t.passwordOnly}</p>
      ) : setup ? (
        <>
          <h3>{t.step1}</h3>
          <p className="field-hint">{t.scanHint}</p>
          <svg
            className="two-factor-qr"
            role="img"
            aria-label={t.qrLabel}
            viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
            shapeRendering="crispEdges"
          >
            <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <div className="field">
            <label htmlFor="totp-uri">{t.uriLabel}</label>
            <textarea id="totp-uri" readOnly rows={3} value={setup.totpURI} />
          </div>
          <p>
            {t.secretLabel}: <code className="two-factor-secret">{setup.secret}</code>
          </p>
          <h3>{t.step2}</h3>
          <p className="field-hint">{t.codesHint}</p>
          <RecoveryCodes codes={setup.backupCodes} />
          <Form method="post" noValidate className="two-factor-confirm">
            <h3>{t.step3}</h3>
            <input type="hidden" name="intent" value="2fa-confirm" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            <input type="hidden" name="backupCodes" value={JSON.stringify(setup.backupCodes)} />
            <FormStatus result={result} />
            <FormField
              name="tfaCode"
              label={t.code}
              autoComplete="one-time-code"
              // Six digits from the app: the phone's number pad. (The sign-in step also takes a
              // recovery code, letters included, so it keeps the full keyboard.)
              inputMode="numeric"
              error={errors.tfaCode}
            />
            <button type="submit" className="button button-primary">
              {t.confirm}
            </button>
          </Form>
        </>
      ) : enabled ? (
        <>
          <p className="two-factor-on">{t.statusOn}</p>
          <Form method="post" noValidate className="two-factor-manage">
            <input type="hidden" name="intent" value="2fa-disable" />
            {result?.intent === "2fa-disable" ? <FormStatus result={result} /> : null}
            {passwordField}
            <button type="submit" className="button button-danger">
              {t.disable}
            </button>
          </Form>
          <Form method="post" noValidate className="two-factor-manage">
            <h3>{t.newCodes}</h3>
            <p className="field-hint">{t.newCodesHint}</p>
            <input type="hidden" name="intent" value="2fa-codes" />
            {result?.intent === "2fa-codes" ? <FormStatus result={result} /> : null}
            {result?.codes ? <RecoveryCodes codes={result.codes} /> : null}
            <PasswordField name="codesPassword" label={t.password} error={errors.codesPassword} />
            <button type="submit" className="button button-secondary">
              {t.newCodes}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" noValidate className="two-factor-manage">
          <p className="muted">{t.statusOff}</p>
          <input type="hidden" name="intent" value="2fa-enable" />
          <FormStatus result={result} />
          {passwordField}
          <button type="submit" className="button button-primary">
            {t.enable}
          </button>
        </Form>
      )}
    </section>
  );
}
