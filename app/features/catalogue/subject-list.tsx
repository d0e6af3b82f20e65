import { Link } from "react-router";
import type { SubjectSummary } from "#db/subjects.ts";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";
import { SubjectArt } from "./subject-art.tsx";

/**
 * The subjects as tiles with their drawing; on a phone one row of small tiles that scrolls
 * sideways (catalogue.css), so the chosen subject's practices show on the first screen. The
 * first click selects a subject; a second click on it opens its page.
 */
export function SubjectList({
  subjects,
  selected,
}: {
  subjects: SubjectSummary[];
  selected: string | null;
}) {
  const t = vi.pages.home;
  if (subjects.length === 0) return <p className="empty-state">{t.empty}</p>;
  return (
    <ul className="tile-grid subject-list">
      {subjects.map((subject) => {
        const isSelected = subject.code === selected;
        return (
          <li key={subject.code}>
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
  );
}
