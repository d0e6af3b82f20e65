import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { viRecovery } from "#app/i18n/vi/recovery.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { AuthField, type AuthFormResult } from "#app/ui/password-field.tsx";
import { FormMessage } from "#app/ui/form-messages.tsx";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";
import { viProviderSignIn } from "#base/i18n/vi/provider-sign-in.ts";

interface Provider {
  id: string;
  name: string;
}

/**
 * "Đăng nhập bằng Google / {OIDC_NAME}". A plain form POST (reloadDocument), so it works before
 * the page's JavaScript has loaded: the answer is a redirect to the provider (allowed by the
 * CSP's form-action).
 */
function ProviderButtons({ providers, redirectTo }: { providers: Provider[]; redirectTo: string }) {
  return (
    <Form
      method="post"
      reloadDocument
      className="provider-sign-in"
      aria-label={viProviderSignIn.group}
    >
      <p className="provider-divider">{viProviderSignIn.or}</p>
      <input type="hidden" name="intent" value="provider" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="submit"
          name="provider"
          value={provider.id}
          className="button button-provider"
        >
          {viProviderSignIn.button(provider.name)}
        </button>
      ))}
    </Form>
  );
}

/**
 * /login and /register: one screen with two tabs, each its own route; the
 * provider buttons below, and what went wrong when a provider sign-in came back with ?error=….
 */
export function SignInScreen({
  register,
  providers,
  providerError,
  result,
}: {
  register: boolean;
  providers: Provider[];
  providerError: string | null;
  result?: AuthFormResult;
}) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const busy = navigation.state === "submitting";
  const t = viAuth;
  return (
    <section className="page page-narrow auth-page">
      <h1>{register ? t.registerTab : t.loginTab}</h1>
      <nav className="tabs" aria-label={vi.pages.login.tabs}>
        <Link
          to={paths.login(redirectTo)}
          className="tab"
          aria-current={register ? undefined : "page"}
          replace
        >
          {t.loginTab}
        </Link>
        <Link
          to={paths.register(redirectTo)}
          className="tab"
          aria-current={register ? "page" : undefined}
          replace
        >
          {t.registerTab}
        </Link>
      </nav>
      <FormMessage message={result ? null : providerError} />
      <Form method="post" noValidate className="auth-form">
        <input type="hidden" name="intent" value={register ? "register" : "login"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormMessage message={result?.formError} />
        {register ? (
          <AuthField
            name="fullName"
            label={t.fullName}
            type="text"
            autoComplete="name"
            result={result}
          />
        ) : null}
        <AuthField name="email" label={t.email} type="email" autoComplete="email" result={result} />
        <AuthField
          name="password"
          label={t.password}
          type="password"
          autoComplete={register ? "new-password" : "current-password"}
          hint={register ? t.passwordHint : undefined}
          result={result}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t.submitting : register ? t.submitRegister : t.submitLogin}
        </button>
        {register ? null : (
          <p className="auth-aside">
            <Link to={paths.forgotPassword}>{viRecovery.forgotLink}</Link>
          </p>
        )}
      </Form>
      {providers.length > 0 ? (
        <ProviderButtons providers={providers} redirectTo={redirectTo} />
      ) : null}
    </section>
  );
}
