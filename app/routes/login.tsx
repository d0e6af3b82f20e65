import {
  data,
  Form,
  Link,
  redirect,
  useMatches,
  useNavigation,
  useSearchParams,
} from "react-router";
import type { Route } from "./+types/login";
import { fieldErrorsOf, FormField } from "#app/components/ui/form-field.tsx";
import { vi } from "#app/i18n/vi.ts";
import { readForm } from "#app/utils/form.server.ts";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema } from "#app/utils/auth-schemas.ts";
import { safeRedirectPath } from "#app/utils/safe-redirect.ts";
import {
  callAuthEndpoint,
  cookiesOf,
  describeAuthFailure,
  needsSecondFactor,
  getSessionUser,
} from "#app/utils/auth.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { describeProviderError } from "#app/utils/provider-errors.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  pageTitle(
    location.pathname.startsWith("/register")
      ? vi.pages.login.registerTitle
      : location.pathname.startsWith("/forgot-password")
        ? vi.recovery.forgotTitle
        : vi.pages.login.title,
  );

/**
 * Signed in already: straight on to where the visitor was going ("Quên mật khẩu" stays open).
 * Otherwise the configured provider buttons, and what went wrong when a provider sign-in came
 * back here with ?error=… (and ?provider=…, set when the flow started).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/forgot-password")) return { providers: [], providerError: null };
  const user = await getSessionUser(context, request);
  if (user) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  const providers = context.publicEnv.signInProviders;
  const error = url.searchParams.get("error");
  const provider = providers.find((p) => p.id === url.searchParams.get("provider"));
  return {
    providers,
    providerError: error ? describeProviderError(error, provider?.name ?? null) : null,
  };
}

type FieldErrors = Partial<Record<"fullName" | "email" | "password", string>>;
type Intent = "login" | "register" | "forgot";

function intentOf(value: FormDataEntryValue | null): Intent {
  return value === "register" || value === "forgot" ? value : "login";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = intentOf(form.get("intent"));
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (form.get("intent") === "provider") {
    return startProviderSignIn(context, request, form.get("provider"), redirectTo);
  }
  const values = {
    fullName: String(form.get("fullName") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  };
  if (intent === "forgot") return requestPasswordReset(context, request, values.email);
  const parsed = (intent === "register" ? RegisterSchema : LoginSchema).safeParse(values);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = fieldErrorsOf(parsed.error.issues);
    return data(
      { intent, fieldErrors, formError: vi.auth.formError, values: { ...values, password: "" } },
      { status: 400 },
    );
  }
  let response: Response;
  try {
    response =
      intent === "register"
        ? await callAuthEndpoint(context, request, "/sign-up/email", {
            name: "fullName" in parsed.data ? parsed.data.fullName : "",
            email: parsed.data.email,
            password: parsed.data.password,
          })
        : await callAuthEndpoint(context, request, "/sign-in/email", {
            email: parsed.data.email,
            password: parsed.data.password,
            rememberMe: true,
          });
  } catch (error) {
    context.logger.error({ err: error }, "sign-in failed");
    return data(
      {
        intent,
        fieldErrors: {},
        formError: vi.auth.errors.serverError,
        values: { ...values, password: "" },
      },
      { status: 500 },
    );
  }
  if (!response.ok) {
    const formError = await describeAuthFailure(response);
    return data(
      { intent, fieldErrors: {}, formError, values: { ...values, password: "" } },
      { status: response.status },
    );
  }
  // The password was right but the account has two-factor sign-in: no session yet, only the
  // short-lived challenge cookie; the code is asked for on its own page.
  if (await needsSecondFactor(response)) {
    const query = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
    return redirect(`/login/two-factor${query}`, { headers: cookiesOf(response) });
  }
  // A full document load, so the header and every page start from the new session.
  const headers = cookiesOf(response);
  headers.set("X-Remix-Reload-Document", "true");
  return redirect(redirectTo, { headers });
}

/**
 * "Đăng nhập bằng Google / {OIDC_NAME}": better-auth makes the state (cookie + row) and the
 * provider's authorization URL, and the browser is sent there. It comes back through
 * /api/auth/callback/<id> to `redirectTo`, or to /login?provider=…&error=… when it fails.
 */
async function startProviderSignIn(
  context: Route.ActionArgs["context"],
  request: Request,
  rawProvider: FormDataEntryValue | null,
  redirectTo: string,
) {
  const intent: Intent = new URL(request.url).pathname.startsWith("/register")
    ? "register"
    : "login";
  const values = { fullName: "", email: "", password: "" };
  const provider = context.publicEnv.signInProviders.find((p) => p.id === rawProvider);
  const fail = (formError: string, status: number) =>
    data({ intent, fieldErrors: {}, formError, values }, { status });
  if (!provider) return fail(vi.providerSignIn.errors.failedNoName, 400);
  const back = new URLSearchParams({ provider: provider.id });
  if (redirectTo !== "/") back.set("redirectTo", redirectTo);
  let response: Response;
  try {
    response = await callAuthEndpoint(context, request, "/sign-in/social", {
      provider: provider.id,
      callbackURL: redirectTo,
      errorCallbackURL: `/login?${back}`,
      disableRedirect: true,
    });
  } catch (error) {
    context.logger.error({ err: error, provider: provider.id }, "provider sign-in failed");
    return fail(vi.auth.errors.serverError, 500);
  }
  if (response.status === 429) return fail(await describeAuthFailure(response), 429);
  const body = (await response.json().catch(() => ({}))) as { url?: unknown; code?: unknown };
  const target = typeof body.url === "string" && /^https?:\/\//.test(body.url) ? body.url : null;
  if (!response.ok || !target) {
    context.logger.warn(
      { status: response.status, code: body.code, provider: provider.id },
      "could not start a provider sign-in",
    );
    return fail(describeProviderError(String(body.code ?? ""), provider.name), 502);
  }
  return redirect(target, { headers: cookiesOf(response) });
}

/**
 * "Quên mật khẩu": the same answer, with the same status, whether or not the address has an
 * account (better-auth answers alike too, and sends the mail in the background so the timing
 * tells nothing either). Only a malformed address or the per-address rate limit answer
 * differently, and neither depends on the account.
 */
async function requestPasswordReset(
  context: Route.ActionArgs["context"],
  request: Request,
  rawEmail: string,
) {
  const intent = "forgot" as const;
  const values = { fullName: "", email: rawEmail, password: "" };
  const parsed = ForgotPasswordSchema.safeParse({ email: rawEmail });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = fieldErrorsOf(parsed.error.issues);
    return data({ intent, fieldErrors, formError: vi.auth.formError, values }, { status: 400 });
  }
  let response: Response;
  try {
    response = await callAuthEndpoint(context, request, "/request-password-reset", {
      email: parsed.data.email,
    });
  } catch (error) {
    context.logger.error({ err: error }, "password reset request failed");
    return data(
      { intent, fieldErrors: {}, formError: vi.auth.errors.serverError, values },
      { status: 500 },
    );
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get("X-Retry-After") ?? "3600");
    const minutes = Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 3600) / 60));
    return data(
      {
        intent,
        fieldErrors: {},
        formError: vi.recovery.errors.tooManyResetRequests(minutes),
        values,
      },
      { status: 429 },
    );
  }
  if (!response.ok) {
    const formError = await describeAuthFailure(response);
    return data({ intent, fieldErrors: {}, formError, values }, { status: response.status });
  }
  return data({ intent, fieldErrors: {}, sent: vi.recovery.forgotSent, values });
}

/** /login and /register: one screen with two tabs (spec section 2); /forgot-password beside them. */
export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const register = matches.some((match) => match.id === "routes/register");
  const forgot = matches.some((match) => match.id === "routes/forgot-password");
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const query = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const mode: Intent = forgot ? "forgot" : register ? "register" : "login";
  const result = actionData && actionData.intent === mode ? actionData : undefined;
  const errors: FieldErrors = result?.fieldErrors ?? {};
  const busy = navigation.state === "submitting";
  const t = vi.auth;

  const field = (
    name: keyof FieldErrors,
    label: string,
    type: string,
    autoComplete: string,
    hint?: string,
  ) => (
    <FormField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      defaultValue={name === "password" ? undefined : (result?.values[name] ?? "")}
      hint={hint}
      error={errors[name]}
    />
  );

  if (forgot) {
    const sent = result && "sent" in result ? result.sent : undefined;
    return (
      <section className="page page-narrow auth-page">
        <h1>{vi.recovery.forgotTitle}</h1>
        <Form method="post" noValidate className="auth-form" key="forgot">
          <input type="hidden" name="intent" value="forgot" />
          <p className="auth-intro">{vi.recovery.forgotIntro}</p>
          {sent ? (
            <p className="form-ok" role="status">
              {sent}
            </p>
          ) : null}
          {result && "formError" in result && result.formError ? (
            <p className="form-error" role="alert">
              {result.formError}
            </p>
          ) : null}
          {field("email", t.email, "email", "email")}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t.submitting : vi.recovery.forgotSubmit}
          </button>
          <p className="auth-aside">
            <Link to={`/login${query}`}>{vi.recovery.backToLogin}</Link>
          </p>
        </Form>
      </section>
    );
  }

  return (
    <section className="page page-narrow auth-page">
      <h1>{register ? t.registerTab : t.loginTab}</h1>
      <nav className="tabs" aria-label={vi.pages.login.tabs}>
        <Link
          to={`/login${query}`}
          className="tab"
          aria-current={register ? undefined : "page"}
          replace
        >
          {t.loginTab}
        </Link>
        <Link
          to={`/register${query}`}
          className="tab"
          aria-current={register ? "page" : undefined}
          replace
        >
          {t.registerTab}
        </Link>
      </nav>
      {loaderData.providerError && !result ? (
        <p className="form-error" role="alert">
          {loaderData.providerError}
        </p>
      ) : null}
      <Form method="post" noValidate className="auth-form" key={register ? "register" : "login"}>
        <input type="hidden" name="intent" value={register ? "register" : "login"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {result && "formError" in result && result.formError ? (
          <p className="form-error" role="alert">
            {result.formError}
          </p>
        ) : null}
        {register ? field("fullName", t.fullName, "text", "name") : null}
        {field("email", t.email, "email", "email")}
        {field(
          "password",
          t.password,
          "password",
          register ? "new-password" : "current-password",
          register ? t.passwordHint : undefined,
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t.submitting : register ? t.submitRegister : t.submitLogin}
        </button>
        {register ? null : (
          <p className="auth-aside">
            <Link to="/forgot-password">{vi.recovery.forgotLink}</Link>
          </p>
        )}
      </Form>
      {loaderData.providers.length > 0 ? (
        // A plain form POST (reloadDocument), so it works before the page's JavaScript has
        // loaded: the answer is a redirect to the provider (allowed by the CSP's form-action).
        <Form
          method="post"
          reloadDocument
          className="provider-sign-in"
          aria-label={vi.providerSignIn.group}
        >
          <p className="provider-divider">{vi.providerSignIn.or}</p>
          <input type="hidden" name="intent" value="provider" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {loaderData.providers.map((provider) => (
            <button
              key={provider.id}
              type="submit"
              name="provider"
              value={provider.id}
              className="button button-provider"
            >
              {vi.providerSignIn.button(provider.name)}
            </button>
          ))}
        </Form>
      ) : null}
    </section>
  );
}
