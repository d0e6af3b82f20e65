import { useEffect, useRef, useState } from "react";
import { data, Link, useRouteError } from "react-router";
import type { Route } from "./+types/home";
import { listPracticesOfSubject } from "#db/catalogue.ts";
import { listSubjects } from "#db/subjects.ts";
import { countDueToday } from "#services/review/review.ts";
import { PracticeCardList } from "#app/features/catalogue/practice-card.tsx";
import { SubjectArt } from "#app/features/catalogue/subject-art.tsx";
import { ReviewBanner } from "#app/features/review/review-banner.tsx";
import { UnfinishedRooms } from "#app/features/unfinished/unfinished-rooms.tsx";
import { vi } from "#app/i18n/vi.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { catalogueCacheHeaders } from "#app/features/catalogue/catalogue-cache.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { matchesSearch } from "#base/search.ts";
import { paths } from "#base/paths.ts";

export const meta: Route.MetaFunction = () => pageTitle(vi.pages.home.title);

/** `?mon=code` selects a subject, so the selection is in the first HTML and can be shared. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const subjects = await listSubjects(context.db);
  const wanted = new URL(request.url).searchParams.get("mon");
  const selected = subjects.find((s) => s.code === wanted) ?? subjects[0] ?? null;
  const practices = selected ? await listPracticesOfSubject(context.db, selected.code) : [];
  // "Ôn tập hôm nay: N câu" for a signed-in student (a visitor's page stays cacheable).
  const user = await getSessionUser(context, request);
  const dueToday = user ? await countDueToday(context.db, user.id, new Date()) : 0;
  return data(
    { subjects, selected: selected?.code ?? null, practices, dueToday },
    { headers: catalogueCacheHeaders(request, context.publicEnv.countsCacheMinutes) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { subjects, selected, practices, dueToday } = loaderData;
  const [query, setQuery] = useState("");
  const shown = subjects.filter((s) => matchesSearch(query, [s.name, s.keywords, s.code]));
  const selectedSubject = subjects.find((s) => s.code === selected);
  const t = vi.pages.home;
  useShowChosenSubject(selected);
  return (
    <>
      <section className="page" aria-labelledby="subjects-heading">
        <div className="section-head">
          <h1 id="subjects-heading">{t.heading}</h1>
          <div className="search">
            <label htmlFor="subject-search" className="visually-hidden">
              {t.searchLabel}
            </label>
            <input
              id="subject-search"
              type="search"
              placeholder={t.searchPlaceholder}
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <UnfinishedRooms />
        <ReviewBanner dueToday={dueToday} />
        {subjects.length === 0 ? (
          <p className="empty-state">{t.empty}</p>
        ) : shown.length === 0 ? (
          <p className="empty-state" role="status">
            {t.noMatch(query)}
          </p>
        ) : (
          <ul className="tile-grid">
            {shown.map((subject) => {
              const isSelected = subject.code === selected;
              return (
                <li key={subject.code}>
                  {/* First click selects the subject; a second click on it opens its page. */}
                  <Link
                    className="tile subject-tile"
                    to={isSelected ? paths.subject(subject.code) : paths.homeSubject(subject.code)}
                    preventScrollReset={!isSelected}
                    aria-current={isSelected ? "true" : undefined}
                    aria-label={isSelected ? vi.catalogue.openSubject(subject.name) : undefined}
                  >
                    <SubjectArt code={subject.code} name={subject.name} />
                    <span className="tile-title">{subject.name}</span>
                    <span className="tile-meta">{t.practiceCount(subject.practiceCount)}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {selectedSubject ? (
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
