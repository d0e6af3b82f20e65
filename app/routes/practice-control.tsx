import type { RouteHandle } from "#app/root.tsx";
import { ScreenInProgress } from "#app/components/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import type { Route } from "./+types/practice-control";

/** The practice room: no footer and no snow, nothing between the student and the question. */
export const handle: RouteHandle = { immersive: true };

export const meta: Route.MetaFunction = () => pageTitle(vi.pages.practiceControl.title);

export default function PracticeControl() {
  return <ScreenInProgress heading={vi.pages.practiceControl.heading} />;
}
