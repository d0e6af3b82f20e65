import { Link } from "react-router";
import { viReports } from "#app/i18n/vi/reports.ts";
import { paths } from "#base/paths.ts";

const t = viReports;

export interface SuspectKeyItem {
  practiceCode: string;
  practiceTitle: string;
  number: number;
  excerpt: string;
  strongAnswered: number;
  strongRight: number;
  fixId: number | null;
}

/**
 * "Đáp án đáng ngờ" (issue 30): the questions whose key most strong attempts miss, for the
 * operators (every practice, /admin/reports) and for an owner (their own practices, "Đề của
 * tôi"). Nothing when there are none.
 */
export function SuspectKeys({ keys }: { keys: readonly SuspectKeyItem[] }) {
  if (keys.length === 0) return null;
  return (
    <section className="suspect-keys" aria-labelledby="suspect-keys-heading">
      <h2 id="suspect-keys-heading">{t.suspectHeading}</h2>
      <p className="muted">{t.suspectIntro}</p>
      <ul className="report-list">
        {keys.map((key) => (
          <li key={`${key.practiceCode}-${key.number}`} className="card report">
            <h3 className="report-title">{t.suspectQuestion(key.number, key.practiceTitle)}</h3>
            <p className="report-reason">{key.excerpt}</p>
            <p className="muted">{t.suspectCount(key.strongRight, key.strongAnswered)}</p>
            <p className="own-practice-actions">
              {key.fixId !== null ? (
                <Link className="button button-secondary" to={paths.questionReports(key.fixId)}>
                  {t.suspectFix}
                </Link>
              ) : null}
              <Link to={paths.practiceSetup(key.practiceCode)}>{t.suspectOpen}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
