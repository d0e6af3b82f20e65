import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { FormField } from "#app/components/ui/form-field.tsx";
import { vi } from "#app/i18n/vi.ts";
import { readForm } from "#app/utils/form.server.ts";
import {
  callAuthEndpoint,
  cookiesOf,
  describeAuthFailure,
  getSessionUser,
} from "#app/utils/auth.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { safeRedirectPath } from "#app/utils/safe-redirect.ts";
import { parseTwoFactorCode } from "#app/utils/two-factor-code.ts";

const t = vi.twoFactor;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

function loginPath(redirectTo: string): string {
  return redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/**
 * "/login/two-factor": the second step of a password sign-in for an account with two-factor
 * sign-in. better-auth's challenge cookie (10 minutes) says whose code this is; without it
 * there is nothing to finish, and the student goes back to the password.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  if (!/(^|;\s*)[^=;]*two_factor=/.test(request.headers.get("cookie") ?? "")) {
    throw redirect(loginPath(redirectTo));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const raw = String(form.get("code") ?? "");
  const parsed = parseTwoFactorCode(raw);
  if (!parsed) {
    const fieldError = raw.trim() === "" ? t.errors.codeRequired : t.errors.codeFormat;
    return data({ fieldError, formError: null, restart: false }, { status: 400 });
  }
  const path =
    parsed.kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  let response: Response;
  try {
    response = await callAuthEndpoint(context, request, path, { code: parsed.code });
  } catch (error) {
    context.logger.error({ err: error }, "two-factor sign-in failed");
    return data(
      { fieldError: null, formError: vi.auth.errors.serverError, restart: false },
      { status: 500 },
    );
  }
  if (!response.ok) {
    const formError = await describeAuthFailure(response);
    // The challenge is over (expired, or too many wrong codes): only the password again helps.
    const restart = formError === t.errors.expired || formError === t.errors.tooManyCodes;
    return data(
      { fieldError: null, formError, restart },
      { status: response.status, headers: cookiesOf(response) },
    );
  }
  // A full document load, so the header and every page start from the new session.
  const headers = cookiesOf(response);
  headers.set("X-Remix-Reload-Document", "true");
  return redirect(redirectTo, { headers });
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const busy = navigation.state === "submitting";
  return (
    <section className="page page-narrow auth-page">
      <h1>{t.title}</h1>
      <Form method="post" noValidate className="auth-form">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p className="auth-intro">{t.stepIntro}</p>
        {actionData?.formError ? (
          <p className="form-error" role="alert">
            {actionData.formError}
          </p>
        ) : null}
        {actionData?.restart ? null : (
          <>
            <FormField
              name="code"
              label={t.codeLabel}
              autoComplete="one-time-code"
              hint={t.codeHint}
              error={actionData?.fieldError ?? undefined}
            />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? vi.auth.submitting : t.submit}
            </button>
          </>
        )}
        <p className="auth-aside">
          <Link to={loginPath(redirectTo)}>{t.backToLogin}</Link>
        </p>
      </Form>
    </section>
  );
}
