import { data, redirect, type AppLoadContext } from "react-router";
import type { AuthFormResult, AuthFormValues } from "#app/ui/password-field.tsx";
import { fieldErrorsOf } from "#app/ui/form-field.tsx";
import type { z } from "#base/zod.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import type { AuthFailure } from "#server/auth-failure.ts";
import { startProviderSignIn, type AuthResult } from "#server/auth-operations.ts";
import { readForm } from "#app/lib/form.server.ts";
import { describeProviderError } from "#server/provider-errors.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";

/** The server side of /login, /register and /forgot-password: what their routes share. */

/** What React Router hands a route's loader or action. */
interface ActionOrLoaderArgs {
  context: AppLoadContext;
  request: Request;
}

/** The fields of the sign-in, sign-up and "Quên mật khẩu" forms, as typed. */
export function formValues(form: FormData): AuthFormValues {
  return {
    fullName: String(form.get("fullName") ?? ""),
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  };
}

/** The form again, with what the schema found wrong beside each field. */
export function invalidForm(values: AuthFormValues, issues: Parameters<typeof fieldErrorsOf>[0]) {
  return data<AuthFormResult>(
    {
      fieldErrors: fieldErrorsOf(issues),
      formError: viAuth.formError,
      values: { ...values, password: "" },
    },
    { status: 400 },
  );
}

/** The form again, with the operation's refusal above it and its status. */
export function refusedForm(values: AuthFormValues, failure: AuthFailure) {
  return data<AuthFormResult>(
    { fieldErrors: {}, formError: failure.message, values: { ...values, password: "" } },
    { status: failure.status },
  );
}

/**
 * Signed in: on to where the student was going, in a full document load so the header and
 * every page start from the new session. When the password was right but the account has
 * two-factor sign-in, there is no session yet, only the short-lived challenge cookie: the code
 * is asked for on its own page.
 */
export function afterSignIn(result: { headers: Headers; twoFactor?: boolean }, redirectTo: string) {
  if (result.twoFactor) {
    return redirect(paths.loginTwoFactor(redirectTo), { headers: result.headers });
  }
  result.headers.set("X-Remix-Reload-Document", "true");
  return redirect(redirectTo, { headers: result.headers });
}

/** "Đăng nhập bằng …": to the provider, or the screen again with why not. */
async function providerSignIn(context: AppLoadContext, request: Request, form: FormData) {
  const result = await startProviderSignIn(context, request, {
    providerId: form.get("provider"),
    redirectTo: safeRedirectPath(form.get("redirectTo")),
  });
  if (!result.ok) return refusedForm({ fullName: "", email: "", password: "" }, result);
  return redirect(result.url, { headers: result.headers });
}

/**
 * The action of /login and of /register: the provider buttons, or the screen's own form read,
 * checked by its schema and handed to its operation (signIn or signUp).
 */
export async function signInAction<Input>(
  { context, request }: ActionOrLoaderArgs,
  schema: z.ZodType<Input>,
  operation: (
    context: AppLoadContext,
    request: Request,
    input: Input,
  ) => Promise<AuthResult<{ twoFactor?: boolean }>>,
) {
  const form = await readForm(request);
  if (form.get("intent") === "provider") return providerSignIn(context, request, form);
  const values = formValues(form);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return invalidForm(values, parsed.error.issues);
  const result = await operation(context, request, parsed.data);
  if (!result.ok) return refusedForm(values, result);
  return afterSignIn(result, safeRedirectPath(form.get("redirectTo")));
}

/**
 * Signed in already: straight on to where the visitor was going. Otherwise the configured
 * provider buttons, and what went wrong when a provider sign-in came back here with ?error=…
 * (and ?provider=…, set when the flow started).
 */
export async function loadSignInScreen({ context, request }: ActionOrLoaderArgs) {
  const url = new URL(request.url);
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
