import { useState } from "react";
import { Link, useRouteError } from "react-router";
import type { Route } from "./+types/home";
import { listSubjects } from "#db/subjects.ts";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { matchesSearch } from "#app/utils/search.ts";

export const meta: Route.MetaFunction = () => pageTitle(vi.pages.home.title);

export async function loader({ context }: Route.LoaderArgs) {
  return { subjects: await listSubjects(context.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { subjects } = loaderData;
  const [query, setQuery] = useState("");
  const shown = subjects.filter((s) => matchesSearch(query, [s.name, s.keywords, s.code]));
  const t = vi.pages.home;
  return (
    <section className="page">
      <div className="section-head">
        <h1>{t.heading}</h1>
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
      {subjects.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : shown.length === 0 ? (
        <p className="empty-state" role="status">
          {t.noMatch(query)}
        </p>
      ) : (
        <ul className="tile-grid">
          {shown.map((subject) => (
            <li key={subject.code}>
              <Link className="tile" to={`/practice-subject/${subject.code}`}>
                <span className="tile-title">{subject.name}</span>
                <span className="tile-meta">{t.practiceCount(subject.practiceCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
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
