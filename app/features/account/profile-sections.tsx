import { Form } from "react-router";
import { FormField } from "#app/ui/form-field.tsx";
import { FormStatus } from "#app/ui/form-messages.tsx";
import { PasswordField } from "#app/ui/password-field.tsx";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";
import { viDataExport } from "#base/i18n/vi/data-export.ts";

const t = viAuth.profile;

/** What the profile's action answered one of its forms. */
interface ProfileResult {
  ok?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
}

/** "Tải dữ liệu của tôi": the signed-in user's attempts as a CSV or JSON download. */
export function DataExportSection() {
  return (
    <section className="auth-form data-export" aria-labelledby="data-export-heading">
      <h2 id="data-export-heading">{viDataExport.heading}</h2>
      <p>{viDataExport.intro}</p>
      {/* Plain links: a download is a document request, not a client-side navigation. */}
      <div className="data-export-links">
        <a className="button button-secondary" href={paths.dataExport("csv")}>
          {viDataExport.csv}
        </a>
        <a className="button button-secondary" href={paths.dataExport("json")}>
          {viDataExport.json}
        </a>
      </div>
    </section>
  );
}

/**
 * "Xoá tài khoản": with the account's password, or for an account without one a link by mail;
 * opened from that link (`deleteToken`), one last press.
 */
export function DangerZone({
  deleteToken,
  hasPassword,
  deleteResult,
  confirmResult,
}: {
  deleteToken: string | null;
  hasPassword: boolean;
  deleteResult: ProfileResult | undefined;
  confirmResult: ProfileResult | undefined;
}) {
  return (
    <Form
      method="post"
      noValidate
      className="auth-form danger-zone"
      aria-labelledby="danger-heading"
    >
      <h2 id="danger-heading">{t.dangerSection}</h2>
      {deleteToken ? (
        // Opened from the mailed link of an account without a password: one last press.
        <>
          <p>{t.confirmDeleteText}</p>
          <input type="hidden" name="intent" value="delete-confirm" />
          <input type="hidden" name="token" value={deleteToken} />
          <FormStatus result={confirmResult} />
        </>
      ) : (
        <>
          <p>{t.dangerText}</p>
          {hasPassword ? null : <p>{t.deleteByMailText}</p>}
          <input type="hidden" name="intent" value="delete" />
          <FormStatus result={deleteResult} />
          <FormField
            name="confirmEmail"
            label={t.confirmEmail}
            type="email"
            autoComplete="off"
            error={deleteResult?.fieldErrors?.confirmEmail}
          />
          {hasPassword ? (
            <PasswordField
              name="password"
              label={viAuth.password}
              error={deleteResult?.fieldErrors?.password}
            />
          ) : null}
        </>
      )}
      <button type="submit" className="button button-danger">
        {hasPassword || deleteToken ? t.deleteAccount : t.sendDeleteLink}
      </button>
    </Form>
  );
}
