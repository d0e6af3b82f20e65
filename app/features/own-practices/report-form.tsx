import { Form, Link } from "react-router";
import { REPORT_REASON_MAX } from "#base/limits.ts";
import { viMyPractices } from "#app/i18n/vi/my-practices.ts";

const t = viMyPractices;

/**
 * "Báo cáo" on a shared practice, for anyone but its owner: a reason, sent to the operators.
 * Signed out: a sign-in link back to this page.
 */
export function ReportForm({
  signedIn,
  loginHref,
  result,
}: {
  signedIn: boolean;
  loginHref: string;
  result: { ok: true } | { error: string } | undefined;
}) {
  if (!signedIn) {
    return (
      <p className="report-sign-in">
        <Link to={loginHref}>{t.reportSignIn}</Link>
      </p>
    );
  }
  if (result && "ok" in result) {
    return (
      <p className="report-sent" role="status">
        {t.reportSent}
      </p>
    );
  }
  const error = result && "error" in result ? result.error : null;
  return (
    <details className="report-box" open={error !== null}>
      <summary className="button button-secondary">{t.report}</summary>
      <Form method="post" className="report-form" aria-labelledby="report-heading">
        <h2 id="report-heading">{t.reportHeading}</h2>
        <label htmlFor="report-reason">{t.reportReason}</label>
        <textarea
          id="report-reason"
          name="reason"
          rows={3}
          maxLength={REPORT_REASON_MAX}
          required
          aria-describedby="report-hint"
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? "report-error" : undefined}
        />
        <p id="report-hint" className="muted">
          {t.reportHint}
        </p>
        {error ? (
          <p id="report-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="report" className="button button-primary">
          {t.reportSend}
        </button>
      </Form>
    </details>
  );
}
