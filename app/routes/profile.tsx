import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { AvatarPicker } from "#app/features/account/avatar-picker.tsx";
import { PasswordField } from "#app/ui/password-field.tsx";
import { FormStatus } from "#app/ui/form-messages.tsx";
import { fieldErrorsOf, FormField } from "#app/ui/form-field.tsx";
import { DownloadsList } from "#app/features/offline/downloads-list.tsx";
import { DangerZone, DataExportSection } from "#app/features/account/profile-sections.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { ChangePasswordSchema, DeleteAccountSchema, UpdateNameSchema } from "#base/auth-schemas.ts";
import { requireUser, type SessionUser } from "#app/lib/session.server.ts";
import { isTwoFactorEnabled, listSignInMethods } from "#db/accounts.ts";
import { isWrongPassword, type AuthFailure } from "#server/auth-failure.ts";
import {
  changePassword,
  deleteAccount,
  sendDeletionLink,
  updateName,
} from "#server/auth-operations.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { TwoFactorSection } from "#app/features/account/two-factor-section.tsx";
import {
  runTwoFactorIntent,
  TWO_FACTOR_INTENTS,
  type TwoFactorResult,
} from "#app/features/account/two-factor.server.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { paths } from "#base/paths.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";
import { viAvatar } from "#base/i18n/vi/avatar.ts";

const t = viAuth.profile;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const methods = await listSignInMethods(context.db, user.id);
  // A provider by the name on its button ("Google", OIDC_NAME), not by its id.
  const names = new Map<string, string>(
    context.publicEnv.signInProviders.map((provider) => [provider.id, provider.name]),
  );
  return {
    user,
    methods,
    methodLabels: methods.map((id) => names.get(id) ?? t.method(id)),
    twoFactorEnabled: await isTwoFactorEnabled(context.db, user.id),
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

type Fields = Record<string, string>;

const answer = (result: Result, status = 200, headers?: Headers) =>
  data<Result>(result, { status, headers });

/** A refusal: a wrong password beside `passwordField`, anything else above the form. */
function refused(intent: string, failure: AuthFailure, passwordField: string) {
  return answer(
    isWrongPassword(failure)
      ? { intent, fieldErrors: { [passwordField]: viAuth.errors.wrongCurrentPassword } }
      : { intent, formError: failure.message },
    failure.status,
  );
}

/** Gone: home, with the toast, and the session cookie cleared. */
const deleted = (headers: Headers) =>
  redirectWithToast("/", { type: "info", message: t.deleted }, { headers });

async function saveName({ request, context }: Route.ActionArgs, form: Fields) {
  const parsed = UpdateNameSchema.safeParse(form);
  if (!parsed.success) {
    return answer({ intent: "name", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  }
  const result = await updateName(context, request, parsed.data);
  if (!result.ok) return answer({ intent: "name", formError: result.message }, result.status);
  return answer({ intent: "name", ok: t.nameSaved });
}

async function savePassword({ request, context }: Route.ActionArgs, form: Fields) {
  const parsed = ChangePasswordSchema.safeParse(form);
  if (!parsed.success) {
    return answer({ intent: "password", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  }
  const result = await changePassword(context, request, parsed.data);
  if (!result.ok) return refused("password", result, "currentPassword");
  // The session was renewed when the others were revoked: keep the new cookie.
  return answer({ intent: "password", ok: t.passwordChanged }, 200, result.headers);
}

/**
 * With the account's password; an account without one (Google, a school's sign-in) gets a
 * link to its mailbox instead, which proves it is the owner.
 */
async function removeAccount(
  { request, context }: Route.ActionArgs,
  form: Fields,
  user: SessionUser,
) {
  const parsed = DeleteAccountSchema.safeParse(form);
  if (!parsed.success) {
    return answer({ intent: "delete", fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  }
  if (parsed.data.confirmEmail.toLowerCase() !== user.email.toLowerCase()) {
    return answer(
      { intent: "delete", fieldErrors: { confirmEmail: viAuth.errors.confirmEmailMismatch } },
      400,
    );
  }
  if (!(await listSignInMethods(context.db, user.id)).includes("credential")) {
    const sent = await sendDeletionLink(context, user);
    if (!sent.ok) return answer({ intent: "delete", formError: sent.message }, sent.status);
    return answer({ intent: "delete", ok: t.deleteLinkSent(user.email) });
  }
  if (parsed.data.password === "") {
    return answer(
      { intent: "delete", fieldErrors: { password: viAuth.errors.passwordRequired } },
      400,
    );
  }
  const result = await deleteAccount(context, request, { password: parsed.data.password });
  if (!result.ok) return refused("delete", result, "password");
  return deleted(result.headers);
}

/** The last press after the mailed link of an account without a password. */
async function confirmDeletion({ request, context }: Route.ActionArgs, form: Fields) {
  const token = deleteTokenOf(form.token);
  const result = token ? await deleteAccount(context, request, { token }) : null;
  if (!result?.ok) {
    return answer(
      { intent: "delete-confirm", formError: t.deleteLinkInvalid },
      result?.status ?? 400,
    );
  }
  return deleted(result.headers);
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const user = await requireUser(context, request);
  const form = Object.fromEntries(await readForm(request)) as Fields;
  const intent = form.intent ?? "";
  // "Xác minh hai bước" (app/features/account/two-factor.server.ts).
  if (TWO_FACTOR_INTENTS.includes(intent)) {
    const outcome = await runTwoFactorIntent(context, request, intent, form);
    if (outcome instanceof Response) return outcome;
    return answer(outcome.result, outcome.status, outcome.headers);
  }
  if (intent === "name") return saveName(args, form);
  if (intent === "password") return savePassword(args, form);
  if (intent === "delete") return removeAccount(args, form, user);
  if (intent === "delete-confirm") return confirmDeletion(args, form);
  throw redirect(paths.profile);
}

/** One form of the profile: its heading (which names the form), its intent, its answer. */
function ProfileForm({
  intent,
  heading,
  result,
  children,
}: {
  intent: string;
  heading: string;
  result?: Result;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" noValidate className="auth-form" aria-labelledby={`${intent}-heading`}>
      <h2 id={`${intent}-heading`}>{heading}</h2>
      <input type="hidden" name="intent" value={intent} />
      <FormStatus result={result} />
      {children}
    </Form>
  );
}

/** "/profile": name, sign-in methods, password, one's data to take away, and the danger zone. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, methods, methodLabels, twoFactorEnabled, deleteToken } = loaderData;
  const hasPassword = methods.includes("credential");
  const result = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const errors = (intent: string) => result(intent)?.fieldErrors ?? {};
  return (
    <section className="page page-narrow profile-page">
      <h1>{t.heading}</h1>

      <section className="auth-form avatar-section" aria-labelledby="avatar-heading">
        <h2 id="avatar-heading">{viAvatar.section}</h2>
        <AvatarPicker
          avatarUrl={user.avatarUrl}
          fullName={user.fullName}
          size={96}
          labelledButton
        />
        <p className="field-hint">{viAvatar.hint}</p>
      </section>

      <ProfileForm intent="name" heading={t.nameSection} result={result("name")}>
        <FormField
          name="fullName"
          label={viAuth.fullName}
          autoComplete="name"
          defaultValue={user.fullName}
          error={errors("name").fullName}
        />
        <p className="muted">
          {viAuth.email}: {user.email}
        </p>
        <p className="muted">
          {t.methods}: {methodLabels.join(", ")}
        </p>
        <button type="submit" className="button button-primary">
          {t.saveName}
        </button>
      </ProfileForm>

      {hasPassword ? (
        <ProfileForm intent="password" heading={t.passwordSection} result={result("password")}>
          <PasswordField
            name="currentPassword"
            label={t.currentPassword}
            error={errors("password").currentPassword}
          />
          <PasswordField
            name="newPassword"
            label={t.newPassword}
            error={errors("password").newPassword}
            isNew
          />
          <button type="submit" className="button button-primary">
            {t.changePassword}
          </button>
        </ProfileForm>
      ) : null}

      <TwoFactorSection
        enabled={twoFactorEnabled}
        hasPassword={hasPassword}
        result={actionData?.intent.startsWith("2fa-") ? actionData : undefined}
      />

      <DataExportSection />

      <DownloadsList />

      <DangerZone
        deleteToken={deleteToken}
        hasPassword={hasPassword}
        deleteResult={result("delete")}
        confirmResult={result("delete-confirm")}
      />
    </section>
  );
}
