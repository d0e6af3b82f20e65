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
import { LoginSchema, RegisterSchema } from "#app/utils/auth-schemas.ts";
import { safeRedirectPath } from "#app/utils/safe-redirect.ts";
import {
  callAuthEndpoint,
  cookiesOf,
  describeAuthFailure,
  getSessionUser,
} from "#app/utils/auth.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  pageTitle(
    location.pathname.startsWith("/register") ? vi.pages.login.registerTitle : vi.pages.login.title,
  );

/** Signed in already: straight on to where the visitor was going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

type FieldErrors = Partial<Record<"fullName" | "email" | "password", string>>;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent") === "register" ? "register" : "login";
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const values = {
    fullName: String(form.get("fullName") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  };
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
  // A full document load, so the header and every page start from the new session.
  const headers = cookiesOf(response);
  headers.set("X-Remix-Reload-Document", "true");
  return redirect(redirectTo, { headers });
}

/** /login and /register: one screen with two tabs (spec section 2). */
export default function Login({ actionData }: Route.ComponentProps) {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const register = matches.some((match) => match.id === "routes/register");
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const query = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  const result =
    actionData && actionData.intent === (register ? "register" : "login") ? actionData : undefined;
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
      <Form method="post" noValidate className="auth-form" key={register ? "register" : "login"}>
        <input type="hidden" name="intent" value={register ? "register" : "login"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {result?.formError ? (
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
      </Form>
    </section>
  );
}
