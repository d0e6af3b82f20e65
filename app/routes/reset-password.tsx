import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { fieldErrorsOf, FormField } from "#app/components/ui/form-field.tsx";
import { vi } from "#app/i18n/vi.ts";
import { readForm } from "#app/utils/form.server.ts";
import { ResetPasswordSchema } from "#app/utils/auth-schemas.ts";
import { callAuthEndpoint, cookiesOf, describeAuthFailure } from "#app/utils/auth.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { isResetLinkUsable } from "#app/utils/recovery.server.ts";
import { redirectWithToast } from "#app/utils/toast-url.ts";

const t = vi.recovery;

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
      { state: "ready", fieldErrors, formError: vi.auth.formError },
      { status: 400 },
    );
  }
  let response: Response;
  try {
    response = await callAuthEndpoint(context, request, "/reset-password", parsed.data);
  } catch (error) {
    context.logger.error({ err: error }, "password reset failed");
    return data<Result>({ state: "ready", formError: vi.auth.errors.serverError }, { status: 500 });
  }
  if (response.ok) {
    // Every session of the account is gone now (revokeSessionsOnPasswordReset): sign in anew.
    return redirectWithToast(
      "/login",
      { type: "info", message: t.resetDone },
      { headers: cookiesOf(response) },
    );
  }
  let code = "";
  try {
    code = String(((await response.clone().json()) as { code?: unknown }).code ?? "");
  } catch {
    // No JSON body: described by its status below.
  }
  // Used a moment ago (in another tab, say), expired meanwhile, or the account is gone.
  if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") {
    return data<Result>({ state: "unusable" }, { status: 410 });
  }
  return data<Result>(
    { state: "ready", formError: await describeAuthFailure(response) },
    { status: response.status },
  );
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
          <Link to="/forgot-password" className="button button-primary">
            {t.requestNewLink}
          </Link>
          <p className="auth-aside">
            <Link to="/login">{t.backToLogin}</Link>
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
        {actionData?.formError ? (
          <p className="form-error" role="alert">
            {actionData.formError}
          </p>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <FormField
          name="newPassword"
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          hint={vi.auth.passwordHint}
          error={errors.newPassword}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? vi.auth.submitting : t.resetSubmit}
        </button>
      </Form>
    </section>
  );
}
