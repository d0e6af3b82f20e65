import { useEffect, useRef } from "react";
import { data, Link, useRouteError } from "react-router";
import type { Route } from "./+types/home";
import { listPracticesOfSubject } from "#db/catalogue.ts";
import { listSubjects } from "#db/subjects.ts";
import { todaysReview } from "#services/review/exam-dates.ts";
import { searchCatalogue } from "#services/search/search.ts";
import { PracticeCardList } from "#app/features/catalogue/practice-card.tsx";
import { SearchForm } from "#app/features/catalogue/search-form.tsx";
import { SearchResults, SearchStatus } from "#app/features/catalogue/search-results.tsx";
import { SubjectList } from "#app/features/catalogue/subject-list.tsx";
import { ExamCountdowns } from "#app/features/exam-date/exam-countdowns.tsx";
import { ReviewBanner } from "#app/features/review/review-banner.tsx";
import { UnfinishedRooms } from "#app/features/unfinished/unfinished-rooms.tsx";
import { vi } from "#app/i18n/vi.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { catalogueCacheHeaders } from "#app/features/catalogue/catalogue-cache.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { paths } from "#base/paths.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const query = loaderData?.query.trim();
  return pageTitle(query ? vi.search.title(query) : vi.pages.home.title);
};

/**
 * `?mon=code` selects a subject, so the selection is in the first HTML and can be shared;
 * `?q=…` searches subjects, practices and questions (services/search), shown instead of the
 * chosen subject's practices.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get("q") ?? "";
  const wanted = params.get("mon");
  const search = query.trim() ? await searchCatalogue(context.db, query) : null;
  const subjects = search ? [] : await listSubjects(context.db);
  const selected = subjects.find((s) => s.code === wanted) ?? subjects[0] ?? null;
  const practices =
    selected && !search ? await listPracticesOfSubject(context.db, selected.code) : [];
  // "Ôn tập hôm nay: N câu" for a signed-in student (a visitor's page stays cacheable).
  const user = await getSessionUser(context, request);
  // "Ngày thi" (issue 30): with the coming exams the student set, and today's review of each.
  const { dueToday, exams } = user
    ? await todaysReview(context.db, user.id, new Date())
    : { dueToday: 0, exams: [] };
  return data(
    {
      subjects,
      selected: selected?.code ?? null,
      subjectInAddress: wanted,
      practices,
      dueToday,
      exams,
      query,
      search,
    },
    { headers: catalogueCacheHeaders(request, context.publicEnv.countsCacheMinutes) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { subjects, selected, practices, dueToday, exams, query, search } = loaderData;
  const selectedSubject = subjects.find((s) => s.code === selected);
  const t = vi.pages.home;
  useShowChosenSubject(selected);
  return (
    <>
      <section className="page" aria-labelledby="subjects-heading">
        <div className="section-head">
          <h1 id="subjects-heading">{t.heading}</h1>
          <SearchForm query={query} subject={loaderData.subjectInAddress} />
        </div>
        <UnfinishedRooms />
        <ExamCountdowns exams={exams} />
        <ReviewBanner dueToday={dueToday} mixed={exams.length > 0} />
        <SearchStatus query={query} search={search} />
        {search ? null : <SubjectList subjects={subjects} selected={selected} />}
      </section>
      {search?.status === "done" ? <SearchResults query={query} search={search} /> : null}
      {!search && selectedSubject ? (
        <section className="page" aria-labelledby={PRACTICES_HEADING_ID}>
          <div className="section-head">
            <h2 id={PRACTICES_HEADING_ID}>
              {t.practicesHeading}: {selectedSubject.name}
            </h2>
            <Link to={paths.subject(selectedSubject.code)}>
              {t.allOfSubject(selectedSubject.name)}
            </Link>
          </div>
          <PracticeCardList practices={practices} />
        </section>
      ) : null}
    </>
  );
}

const PRACTICES_HEADING_ID = "practices-heading";

/**
 * On a phone the practice list sits far below the tiles, so choosing a subject brings its list
 * into view (focus stays on the tile, so the keyboard and screen readers go on as before).
 */
function useShowChosenSubject(selected: string | null) {
  const shown = useRef(selected);
  useEffect(() => {
    if (shown.current === selected) return;
    shown.current = selected;
    if (!window.matchMedia("(max-width: 1023px)").matches) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document
      .getElementById(PRACTICES_HEADING_ID)
      ?.scrollIntoView({ block: "start", behavior: reduced ? "instant" : "smooth" });
  }, [selected]);
}

/** The catalogue could not be loaded: say so and offer a retry, never a blank page. */
export function ErrorBoundary() {
  useRouteError();
  return (
    <section className="status-screen" role="alert">
      <h1>{vi.pages.home.heading}</h1>
      <p>{vi.pages.home.loadFailed}</p>
      <a className="button button-primary" href="/">
        {vi.pages.home.retry}
      </a>
    </section>
  );
}
