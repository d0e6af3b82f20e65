import { data } from "react-router";
import { NotFoundScreen } from "#app/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => pageTitle(vi.pages.notFound.title);

/** Any other path: the not-found screen, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
