import { isRouteErrorResponse, useRouteError } from "react-router";
import { BadRequestScreen, ServerErrorScreen } from "#app/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/lib/page-title.ts";

/** The Vietnamese message of a request refused with a 4xx (app/lib/form.server.ts), if any. */
function refusalOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}

/**
 * An account screen's own boundary: a form refused for its shape (a body no page of ours
 * sends) says why, anything else is the plain apology, as on every other screen. The header
 * and the rest of the shell stay.
 */
export function AuthErrorBoundary() {
  const refusal = refusalOf(useRouteError());
  return refusal ? <BadRequestScreen message={refusal} /> : <ServerErrorScreen />;
}

/** The screen's title, or, when its boundary shows, the title of what went wrong. */
export function authMeta(title: string) {
  return ({ error }: { error?: unknown }) =>
    pageTitle(!error ? title : refusalOf(error) ? vi.requests.heading : vi.pages.error.title);
}
