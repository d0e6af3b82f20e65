import { data } from "react-router";
import type { Route } from "./+types/practice-review";
import { findPracticeByCode } from "#db/catalogue.ts";
import { ScreenInProgress } from "#app/components/ui/status-screens.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageTitle(
    loaderData
      ? `${loaderData.practice.title} — ${vi.pages.practiceReview.title}`
      : vi.pages.practiceReview.title,
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const practice = await findPracticeByCode(context.db, params.practiceCode);
  if (!practice) throw data(null, { status: 404 });
  return { practice };
}

export default function PracticeReview({ loaderData }: Route.ComponentProps) {
  const { practice } = loaderData;
  return (
    <ScreenInProgress heading={vi.pages.practiceReview.heading}>
      <article className="card">
        <h2 className="card-title">{practice.title}</h2>
        <p className="card-text">{practice.description}</p>
      </article>
    </ScreenInProgress>
  );
}
