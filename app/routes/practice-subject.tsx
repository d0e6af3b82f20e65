import { data } from "react-router";
import type { Route } from "./+types/practice-subject";
import {
  findSubjectByCode,
  listPracticesOfSubject,
  listSuggestedPractices,
} from "#db/catalogue.ts";
import { PracticeCardList } from "#app/features/catalogue/practice-card.tsx";
import { vi } from "#app/i18n/vi.ts";
import { catalogueCacheHeaders } from "#app/features/catalogue/catalogue-cache.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageTitle(
    vi.pages.practiceSubject.title(
      loaderData?.subject.name ?? vi.pages.practiceSubject.fallbackName,
    ),
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const subject = await findSubjectByCode(context.db, params.subjectCode);
  if (!subject) throw data(null, { status: 404 });
  const [practices, suggestions] = await Promise.all([
    listPracticesOfSubject(context.db, subject.code),
    listSuggestedPractices(context.db, subject.code, 10),
  ]);
  return data(
    { subject, practices, suggestions },
    { headers: catalogueCacheHeaders(request, context.publicEnv.countsCacheMinutes) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function PracticeSubject({ loaderData }: Route.ComponentProps) {
  const { subject, practices, suggestions } = loaderData;
  const t = vi.pages.practiceSubject;
  return (
    <>
      <section className="page" aria-labelledby="subject-heading">
        <h1 id="subject-heading">{t.heading(subject.name)}</h1>
        {subject.description ? <p className="muted">{subject.description}</p> : null}
        <PracticeCardList practices={practices} />
      </section>
      {suggestions.length > 0 ? (
        <section className="page" aria-labelledby="suggestions-heading">
          <h2 id="suggestions-heading">{t.suggestions}</h2>
          <PracticeCardList practices={suggestions} />
        </section>
      ) : null}
    </>
  );
}
