import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { FormMessage } from "#app/ui/form-messages.tsx";
import { FormField } from "#app/ui/form-field.tsx";
import { viTwoFactor } from "#app/i18n/vi/two-factor.ts";
import { readForm } from "#app/lib/form.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isChallengeOver } from "#server/auth-failure.ts";
import { afterSignIn } from "#app/features/auth/auth-forms.server.ts";
import { verifySecondFactor } from "#server/auth-operations.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { parseTwoFactorCode } from "#app/features/account/two-factor-code.ts";
import { codeFieldError } from "#app/features/account/two-factor.server.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";

const t = viTwoFactor;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * "/login/two-factor": the second step of a password sign-in for an account with two-factor
 * sign-in. better-auth's challenge cookie (10 minutes) says whose code this is; without it
 * there is nothing to finish, and the student goes back to the password.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  if (!/(?:^|;)[^=;]*two_factor=/.test(request.headers.get("cookie") ?? "")) {
    throw redirect(paths.login(redirectTo));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const raw = String(form.get("code") ?? "");
  const parsed = parseTwoFactorCode(raw);
  if (!parsed) {
    return data(
      { fieldError: codeFieldError(raw), formError: null, restart: false },
      { status: 400 },
    );
  }
  const result = await verifySecondFactor(context, request, parsed);
  if (!result.ok) {
    // The challenge is over (expired, or too many wrong codes): only the password again helps.
    return data(
      { fieldError: null, formError: result.message, restart: isChallengeOver(result) },
      { status: result.status, headers: result.headers },
    );
  }
  return afterSignIn(result, safeRedirectPath(form.get("redirectTo")));
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
        <FormMessage message={actionData?.formError} />
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
              {busy ? viAuth.submitting : t.submit}
            </button>
          </>
        )}
        <p className="auth-aside">
          <Link to={paths.login(redirectTo)}>{t.backToLogin}</Link>
        </p>
      </Form>
    </section>
  );
}
