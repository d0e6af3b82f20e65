import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { fieldErrorsOf, FormField } from "#app/components/ui/form-field.tsx";
import { vi } from "#app/i18n/vi.ts";
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  UpdateNameSchema,
} from "#app/utils/auth-schemas.ts";
import {
  callAuthEndpoint,
  cookiesOf,
  describeAuthFailure,
  listSignInMethods,
  requireUser,
} from "#app/utils/auth.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { redirectWithToast } from "#app/utils/toast-url.ts";

const t = vi.auth.profile;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { user, methods: await listSignInMethods(context, user.id) };
}

type Result = {
  intent: string;
  ok?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = form.intent ?? "";
  const fail = (result: Omit<Result, "intent">, status = 400) =>
    data<Result>({ intent, ...result }, { status });

  if (intent === "name") {
    const parsed = UpdateNameSchema.safeParse(form);
    if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error.issues) });
    const response = await callAuthEndpoint(context, request, "/update-user", {
      name: parsed.data.fullName,
    });
    if (!response.ok)
      return fail({ formError: await describeAuthFailure(response) }, response.status);
    return data<Result>({ intent, ok: t.nameSaved });
  }

  if (intent === "password") {
    const parsed = ChangePasswordSchema.safeParse(form);
    if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error.issues) });
    const response = await callAuthEndpoint(context, request, "/change-password", {
      ...parsed.data,
      revokeOtherSessions: true,
    });
    if (!response.ok) {
      const message = await describeAuthFailure(response);
      return fail(
        message === vi.auth.errors.wrongCredentials
          ? { fieldErrors: { currentPassword: vi.auth.errors.wrongCurrentPassword } }
          : { formError: message },
        response.status,
      );
    }
    // The session was renewed when the others were revoked: keep the new cookie.
    return data<Result>({ intent, ok: t.passwordChanged }, { headers: cookiesOf(response) });
  }

  if (intent === "delete") {
    const parsed = DeleteAccountSchema.safeParse(form);
    if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error.issues) });
    if (parsed.data.confirmEmail.toLowerCase() !== user.email.toLowerCase()) {
      return fail({ fieldErrors: { confirmEmail: vi.auth.errors.confirmEmailMismatch } });
    }
    const hasPassword = (await listSignInMethods(context, user.id)).includes("credential");
    const response = await callAuthEndpoint(
      context,
      request,
      "/delete-user",
      hasPassword ? { password: parsed.data.password } : {},
    );
    if (!response.ok) {
      const message = await describeAuthFailure(response);
      return fail(
        message === vi.auth.errors.wrongCredentials
          ? { fieldErrors: { password: vi.auth.errors.wrongCurrentPassword } }
          : { formError: message },
        response.status,
      );
    }
    return redirectWithToast(
      "/",
      { type: "info", message: t.deleted },
      { headers: cookiesOf(response) },
    );
  }

  throw redirect("/profile");
}

/** "/profile": name, sign-in methods, password, and the danger zone. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, methods } = loaderData;
  const result = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const status = (intent: string) => {
    const r = result(intent);
    if (r?.ok)
      return (
        <p role="status" className="form-ok">
          {r.ok}
        </p>
      );
    if (r?.formError)
      return (
        <p role="alert" className="form-error">
          {r.formError}
        </p>
      );
    return null;
  };
  const errors = (intent: string) => result(intent)?.fieldErrors ?? {};
  return (
    <section className="page page-narrow profile-page">
      <h1>{t.heading}</h1>

      <Form method="post" noValidate className="auth-form" aria-labelledby="name-heading">
        <h2 id="name-heading">{t.nameSection}</h2>
        <input type="hidden" name="intent" value="name" />
        {status("name")}
        <FormField
          name="fullName"
          label={vi.auth.fullName}
          autoComplete="name"
          defaultValue={user.fullName}
          error={errors("name").fullName}
        />
        <p className="muted">
          {vi.auth.email}: {user.email}
        </p>
        <p className="muted">
          {t.methods}: {methods.map(t.method).join(", ")}
        </p>
        <button type="submit" className="button button-primary">
          {t.saveName}
        </button>
      </Form>

      {methods.includes("credential") ? (
        <Form method="post" noValidate className="auth-form" aria-labelledby="password-heading">
          <h2 id="password-heading">{t.passwordSection}</h2>
          <input type="hidden" name="intent" value="password" />
          {status("password")}
          <FormField
            name="currentPassword"
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors("password").currentPassword}
          />
          <FormField
            name="newPassword"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            hint={vi.auth.passwordHint}
            error={errors("password").newPassword}
          />
          <button type="submit" className="button button-primary">
            {t.changePassword}
          </button>
        </Form>
      ) : null}

      <Form
        method="post"
        noValidate
        className="auth-form danger-zone"
        aria-labelledby="danger-heading"
      >
        <h2 id="danger-heading">{t.dangerSection}</h2>
        <p>{t.dangerText}</p>
        <input type="hidden" name="intent" value="delete" />
        {status("delete")}
        <FormField
          name="confirmEmail"
          label={t.confirmEmail}
          type="email"
          autoComplete="off"
          error={errors("delete").confirmEmail}
        />
        {methods.includes("credential") ? (
          <FormField
            name="password"
            label={vi.auth.password}
            type="password"
            autoComplete="current-password"
            error={errors("delete").password}
          />
        ) : (
          <input type="hidden" name="password" value="" />
        )}
        <button type="submit" className="button button-danger">
          {t.deleteAccount}
        </button>
      </Form>
    </section>
  );
}
