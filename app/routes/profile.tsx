import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { AvatarPicker } from "#app/components/ui/avatar-picker.tsx";
import { fieldErrorsOf, FormField } from "#app/components/ui/form-field.tsx";
import { vi } from "#app/i18n/vi.ts";
import { readForm } from "#app/utils/form.server.ts";
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
import { TwoFactorSection } from "#app/components/ui/two-factor-section.tsx";
import {
  isTwoFactorEnabled,
  runTwoFactorIntent,
  TWO_FACTOR_INTENTS,
  type TwoFactorResult,
} from "#app/utils/two-factor.server.ts";
import { redirectWithToast } from "#app/utils/toast-url.ts";

const t = vi.auth.profile;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const methods = await listSignInMethods(context, user.id);
  // A provider by the name on its button ("Google", OIDC_NAME), not by its id.
  const names = new Map<string, string>(
    context.publicEnv.signInProviders.map((provider) => [provider.id, provider.name]),
  );
  return {
    user,
    methods,
    methodLabels: methods.map((id) => names.get(id) ?? t.method(id)),
    twoFactorEnabled: await isTwoFactorEnabled(context, user.id),
    // The mailed "xoá tài khoản" link of an account without a password lands here.
    deleteToken: deleteTokenOf(new URL(request.url).searchParams.get("deleteToken")),
  };
}

/** A deletion token as sendAccountDeletionLink makes them (base64url), or nothing. */
function deleteTokenOf(value: unknown): string | null {
  return typeof value === "string" && /^[\w-]{16,128}$/.test(value) ? value : null;
}

type Result = {
  intent: string;
  ok?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
} & Pick<TwoFactorResult, "setup" | "codes">;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = Object.fromEntries(await readForm(request)) as Record<string, string>;
  const intent = form.intent ?? "";
  const fail = (result: Omit<Result, "intent">, status = 400) =>
    data<Result>({ intent, ...result }, { status });

  // "Xác minh hai bước" (app/utils/two-factor.server.ts).
  if (TWO_FACTOR_INTENTS.includes(intent)) {
    const outcome = await runTwoFactorIntent(context, request, intent, form);
    if (outcome instanceof Response) return outcome;
    return data<Result>(outcome.result, { status: outcome.status, headers: outcome.headers });
  }

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
    if (!hasPassword) {
      // No password to prove it is the owner: a link to the account's mailbox does.
      try {
        await context.auth.sendAccountDeletionLink({
          id: user.id,
          name: user.fullName,
          email: user.email,
        });
      } catch (error) {
        const refusal = error as { statusCode?: number; body?: { message?: string } };
        return fail(
          { formError: refusal.body?.message ?? vi.auth.errors.serverError },
          refusal.statusCode ?? 503,
        );
      }
      return data<Result>({ intent, ok: t.deleteLinkSent(user.email) });
    }
    if (parsed.data.password === "") {
      return fail({ fieldErrors: { password: vi.auth.errors.passwordRequired } });
    }
    const response = await callAuthEndpoint(context, request, "/delete-user", {
      password: parsed.data.password,
    });
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

  if (intent === "delete-confirm") {
    const token = deleteTokenOf(form.token);
    const response = token
      ? await callAuthEndpoint(context, request, "/delete-user", { token })
      : null;
    if (!response?.ok) return fail({ formError: t.deleteLinkInvalid }, response?.status ?? 400);
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
  const { user, methods, methodLabels, twoFactorEnabled, deleteToken } = loaderData;
  const hasPassword = methods.includes("credential");
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

      <section className="auth-form avatar-section" aria-labelledby="avatar-heading">
        <h2 id="avatar-heading">{vi.avatar.section}</h2>
        <AvatarPicker
          avatarUrl={user.avatarUrl}
          fullName={user.fullName}
          size={96}
          labelledButton
        />
        <p className="field-hint">{vi.avatar.hint}</p>
      </section>

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
          {t.methods}: {methodLabels.join(", ")}
        </p>
        <button type="submit" className="button button-primary">
          {t.saveName}
        </button>
      </Form>

      {hasPassword ? (
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

      <TwoFactorSection
        enabled={twoFactorEnabled}
        hasPassword={hasPassword}
        result={actionData?.intent.startsWith("2fa-") ? actionData : undefined}
      />

      <Form
        method="post"
        noValidate
        className="auth-form danger-zone"
        aria-labelledby="danger-heading"
      >
        <h2 id="danger-heading">{t.dangerSection}</h2>
        {deleteToken ? (
          // Opened from the mailed link of an account without a password: one last press.
          <>
            <p>{t.confirmDeleteText}</p>
            <input type="hidden" name="intent" value="delete-confirm" />
            <input type="hidden" name="token" value={deleteToken} />
            {status("delete-confirm")}
          </>
        ) : (
          <>
            <p>{t.dangerText}</p>
            {hasPassword ? null : <p>{t.deleteByMailText}</p>}
            <input type="hidden" name="intent" value="delete" />
            {status("delete")}
            <FormField
              name="confirmEmail"
              label={t.confirmEmail}
              type="email"
              autoComplete="off"
              error={errors("delete").confirmEmail}
            />
            {hasPassword ? (
              <FormField
                name="password"
                label={vi.auth.password}
                type="password"
                autoComplete="current-password"
                error={errors("delete").password}
              />
            ) : null}
          </>
        )}
        <button type="submit" className="button button-danger">
          {hasPassword || deleteToken ? t.deleteAccount : t.sendDeleteLink}
        </button>
      </Form>
    </section>
  );
}
