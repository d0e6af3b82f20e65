import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/forgot-password";
import { AuthField, type AuthFormResult } from "#app/ui/password-field.tsx";
import { authMeta } from "#app/features/auth/auth-error-boundary.tsx";
import { FormMessage } from "#app/ui/form-messages.tsx";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { ForgotPasswordSchema } from "#base/auth-schemas.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { formValues, invalidForm, refusedForm } from "#app/features/auth/auth-forms.server.ts";
import { requestReset } from "#server/auth-operations.ts";
import { readForm } from "#app/lib/form.server.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";

export { AuthErrorBoundary as ErrorBoundary } from "#app/features/auth/auth-error-boundary.tsx";

const t = viRecovery;

export const meta: Route.MetaFunction = authMeta(t.forgotTitle);

/**
 * "Quên mật khẩu": the same answer, with the same status, whether or not the address has an
 * account (better-auth answers alike too, and sends the mail in the background so the timing
 * tells nothing either). Only a malformed address or the per-address rate limit answer
 * differently, and neither depends on the account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = { ...formValues(await readForm(request)), fullName: "", password: "" };
  const parsed = ForgotPasswordSchema.safeParse({ email: values.email });
  if (!parsed.success) return invalidForm(values, parsed.error.issues);
  const result = await requestReset(context, request, parsed.data);
  if (!result.ok) return refusedForm(values, result);
  return data<AuthFormResult>({ fieldErrors: {}, sent: t.forgotSent, values });
}

/** "/forgot-password": the address to send a reset link to (open whether signed in or not). */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const busy = navigation.state === "submitting";
  return (
    <section className="page page-narrow auth-page">
      <h1>{t.forgotTitle}</h1>
      <Form method="post" noValidate className="auth-form">
        <input type="hidden" name="intent" value="forgot" />
        <p className="auth-intro">{t.forgotIntro}</p>
        <FormMessage ok message={actionData?.sent} />
        <FormMessage message={actionData?.formError} />
        <AuthField
          name="email"
          label={viAuth.email}
          type="email"
          autoComplete="email"
          result={actionData}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? viAuth.submitting : t.forgotSubmit}
        </button>
        <p className="auth-aside">
          <Link to={paths.login(redirectTo)}>{t.backToLogin}</Link>
        </p>
      </Form>
    </section>
  );
}
