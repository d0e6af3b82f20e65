import { Link } from "react-router";
import type { PracticeCard as PracticeCardData } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import { paths } from "#base/paths.ts";

/** A practice: title, description and its three counts; opens the set-up page. */
function PracticeCard({
  practice,
  subjectName,
}: {
  practice: PracticeCardData;
  subjectName?: string;
}) {
  const t = vi.catalogue;
  return (
    <Link className="card practice-card" to={paths.practiceSetup(practice.code)}>
      {subjectName ? <span className="card-kicker">{subjectName}</span> : null}
      <span className="card-title">{practice.title}</span>
      <span className="card-text">{practice.description}</span>
      <span className="card-counts">
        <span>{t.attempts(practice.attemptCount)}</span>
        {practice.chapterCount > 0 ? <span>{t.chapters(practice.chapterCount)}</span> : null}
        <span>{t.questions(practice.questionCount)}</span>
      </span>
    </Link>
  );
}

/** A subject's practices as cards, or a line saying it has none yet. */
/** Practices as cards; each names its subject when it carries one (suggestions, search results). */
export function PracticeCardList({
  practices,
}: {
  practices: (PracticeCardData & { subjectName?: string })[];
}) {
  if (practices.length === 0) return <p className="empty-state">{vi.catalogue.noPractices}</p>;
  return (
    <ul className="card-list">
      {practices.map((practice) => (
        <li key={practice.code}>
          <PracticeCard practice={practice} subjectName={practice.subjectName} />
        </li>
      ))}
    </ul>
  );
}
