import { useRouteError } from "react-router";
import { BadRequestScreen, ServerErrorScreen } from "#app/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { refusalMessage } from "#app/lib/refusal.ts";

/**
 * An account screen's own boundary: a form refused for its shape (a body no page of ours
 * sends) says why, anything else is the plain apology, as on every other screen. The header
 * and the rest of the shell stay.
 */
export function AuthErrorBoundary() {
  const refusal = refusalMessage(useRouteError());
  return refusal ? <BadRequestScreen message={refusal} /> : <ServerErrorScreen />;
}

/** The screen's title, or, when its boundary shows, the title of what went wrong. */
export function authMeta(title: string) {
  return ({ error }: { error?: unknown }) =>
    pageTitle(
      !error ? title : refusalMessage(error) ? vi.pages.refusedHeading : vi.pages.error.title,
    );
}
