/** A labelled input with its hint and its error, wired for screen readers (aria-describedby). */
export function FormField({
  name,
  label,
  type = "text",
  autoComplete,
  inputMode,
  defaultValue,
  hint,
  error,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  /** The phone keyboard to show ("numeric" for a code of digits). */
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  defaultValue?: string;
  hint?: string;
  error?: string;
}) {
  const describedBy =
    [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${name}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first message per field of a failed Zod parse. */
export function fieldErrorsOf(
  issues: { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
