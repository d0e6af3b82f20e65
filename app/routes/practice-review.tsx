import { data } from "react-router";
import type { Route } from "./+types/practice-review";
import { findPracticeByCode } from "#db/catalogue.ts";
import { SetupForm } from "#app/components/practice-setup/setup-form.tsx";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import katexStylesheet from "katex/dist/katex.min.css?url";

// Only pages that show questions load KaTeX's stylesheet (fonts are fetched only when used).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: katexStylesheet }];

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

export default function PracticeReview({ loaderData, matches }: Route.ComponentProps) {
  const { practice } = loaderData;
  const signedIn = Boolean(matches[0].loaderData.user);
  const t = vi.pages.practiceReview;
  return (
    <div className="setup-page">
      <article className="card info-card" aria-labelledby="practice-title">
        <p className="card-kicker">{t.subject(practice.subject.name)}</p>
        <h1 id="practice-title" className="info-title">
          {practice.title}
        </h1>
        {practice.description ? <p className="card-text">{practice.description}</p> : null}
        {practice.source ? <p className="card-text">{t.source(practice.source)}</p> : null}
        <p className="card-counts">
          <span>{vi.catalogue.attempts(practice.attemptCount)}</span>
          {practice.chapterCount > 0 ? (
            <span>{vi.catalogue.chapters(practice.chapterCount)}</span>
          ) : null}
          <span>{vi.catalogue.questions(practice.questionCount)}</span>
        </p>
      </article>
      <SetupForm practice={practice} signedIn={signedIn} />
    </div>
  );
}
