import { isRouteErrorResponse } from "react-router";

/**
 * The Vietnamese message of a request refused with a 4xx (`data({ message }, { status })`, as
 * app/lib/form.server.ts badRequest throws it), if the error is one; the error boundaries show it.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}
