import { ScreenInProgress } from "#app/components/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import type { Route } from "./+types/practice-history";

export const meta: Route.MetaFunction = () => pageTitle(vi.pages.practiceHistory.title);

export default function PracticeHistory() {
  return <ScreenInProgress heading={vi.pages.practiceHistory.heading} />;
}
