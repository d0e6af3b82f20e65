import { FormField } from "./form-field.tsx";
import { viAuth } from "#base/i18n/vi/auth.ts";

export type AuthFieldName = "fullName" | "email" | "password";

export type AuthFormValues = Record<AuthFieldName, string>;

/** What the sign-in, sign-up and "Quên mật khẩu" actions answer their form. */
export interface AuthFormResult {
  fieldErrors: Partial<Record<AuthFieldName, string>>;
  formError?: string;
  /** "Quên mật khẩu": the mail is on its way (if the address has an account). */
  sent?: string;
  /** What was typed, to fill the form again; the password never comes back. */
  values: AuthFormValues;
}

/** A field of those forms, filled again with what was typed and with its error, if any. */
export function AuthField({
  result,
  ...field
}: {
  name: AuthFieldName;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  result?: AuthFormResult;
}) {
  const typed = field.name === "password" ? undefined : (result?.values[field.name] ?? "");
  return <FormField {...field} defaultValue={typed} error={result?.fieldErrors[field.name]} />;
}

/**
 * A password field: the current one, typed to confirm a change, or (`isNew`) a new one, with
 * the length it needs. Password managers tell them apart by their autocomplete.
 */
export function PasswordField({
  name,
  label,
  error,
  isNew = false,
}: {
  name: string;
  label: string;
  error?: string;
  isNew?: boolean;
}) {
  return (
    <FormField
      name={name}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      hint={isNew ? viAuth.passwordHint : undefined}
      error={error}
    />
  );
}
