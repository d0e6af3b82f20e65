import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { PasswordField } from "#app/ui/password-field.tsx";
import { FormMessage } from "#app/ui/form-messages.tsx";
import { fieldErrorsOf } from "#app/ui/form-field.tsx";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { readForm } from "#app/lib/form.server.ts";
import { ResetPasswordSchema } from "#base/auth-schemas.ts";
import { resetPassword } from "#server/auth-operations.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { isResetLinkUsable } from "#app/features/account/recovery.server.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";

const t = viRecovery;

export const meta: Route.MetaFunction = () => pageTitle(t.resetTitle);

// The token is in the address: never cached, never sent on as a Referer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
});

/** "ready": the form; "unusable": expired or already used; "incomplete": no token at all. */
type LinkState = "ready" | "unusable" | "incomplete";

const MAX_TOKEN_LENGTH = 256;

/**
 * The link in the reset mail lands here (`/reset-password?token=…`). The token is checked at
 * once, so a student with an old link is told before typing a new password; the check is only
 * advisory, better-auth spends the token atomically when the form is sent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  if (!token || token.length > MAX_TOKEN_LENGTH) {
    return data({ state: "incomplete" as LinkState, token: "" }, { status: 400 });
  }
  if (!(await isResetLinkUsable(context, token))) {
    return data({ state: "unusable" as LinkState, token: "" }, { status: 410 });
  }
  return { state: "ready" as LinkState, token };
}

interface Result {
  state: LinkState;
  fieldErrors?: Record<string, string>;
  formError?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = ResetPasswordSchema.safeParse({
    token: String(form.get("token") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    if (fieldErrors.token) return data<Result>({ state: "incomplete" }, { status: 400 });
    return data<Result>(
      { state: "ready", fieldErrors, formError: viAuth.formError },
      { status: 400 },
    );
  }
  const result = await resetPassword(context, request, parsed.data);
  if (result.ok) {
    // Every session of the account is gone now (revokeSessionsOnPasswordReset): sign in anew.
    return redirectWithToast(
      paths.login(),
      { type: "info", message: t.resetDone },
      { headers: result.headers },
    );
  }
  // Used a moment ago (in another tab, say), expired meanwhile, or the account is gone.
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") {
    return data<Result>({ state: "unusable" }, { status: 410 });
  }
  return data<Result>({ state: "ready", formError: result.message }, { status: result.status });
}

/** "/reset-password?token=…": a new password, or why the link no longer works. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const state = actionData?.state ?? loaderData.state;

  if (state !== "ready") {
    return (
      <section className="page page-narrow auth-page">
        <h1>{t.linkUnusableHeading}</h1>
        <div className="auth-form">
          <p className="form-error" role="alert">
            {state === "unusable" ? t.linkUnusable : t.linkIncomplete}
          </p>
          <Link to={paths.forgotPassword} className="button button-primary">
            {t.requestNewLink}
          </Link>
          <p className="auth-aside">
            <Link to={paths.login()}>{t.backToLogin}</Link>
          </p>
        </div>
      </section>
    );
  }

  const errors = actionData?.fieldErrors ?? {};
  return (
    <section className="page page-narrow auth-page">
      <h1>{t.resetTitle}</h1>
      <Form method="post" noValidate className="auth-form">
        <p className="auth-intro">{t.resetIntro}</p>
        <FormMessage message={actionData?.formError} />
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="newPassword" label={t.newPassword} error={errors.newPassword} isNew />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? viAuth.submitting : t.resetSubmit}
        </button>
      </Form>
    </section>
  );
}
