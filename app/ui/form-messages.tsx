/** A form's refusal, read out at once, or (`ok`) its success, read out when the reader is free. */
export function FormMessage({ message, ok = false }: { message?: string | null; ok?: boolean }) {
  if (!message) return null;
  return (
    <p className={ok ? "form-ok" : "form-error"} role={ok ? "status" : "alert"}>
      {message}
    </p>
  );
}

/** What an action answered a form: its success, else its refusal, else nothing. */
export function FormStatus({ result }: { result?: { ok?: string; formError?: string } }) {
  return result?.ok ? (
    <FormMessage ok message={result.ok} />
  ) : (
    <FormMessage message={result?.formError} />
  );
}
