import { Link } from "react-router";
import type { AttemptSummary } from "#db/attempts.ts";
import { RingChart } from "#app/ui/ring-chart.tsx";
import { viHistory } from "#app/i18n/vi/history.ts";
import { formatDateTime } from "#base/dates.ts";
import { paths } from "#base/paths.ts";

const t = viHistory;

/**
 * Saved attempts as cards: practice (unless the list is of one practice), label, when, the
 * score, the time and a ring with the share right; each opens the attempt on /practice-history.
 */
export function AttemptList({
  attempts,
  showPractice,
}: {
  attempts: readonly AttemptSummary[];
  showPractice: boolean;
}) {
  return (
    <ol className="attempt-list">
      {attempts.map((attempt) => {
        const when = formatDateTime(attempt.createdAt);
        const total = attempt.numberOfRight + attempt.numberOfWrong;
        return (
          <li key={attempt.id}>
            <Link className="attempt-card" to={paths.history({ id: attempt.id })}>
              <RingChart right={attempt.numberOfRight} total={total} />
              <span className="attempt-text">
                {showPractice ? <strong>{attempt.practiceTitle}</strong> : null}
                <span>{attempt.description}</span>
                <span className="muted">{t.doneAt(when)}</span>
                <span>
                  {t.score(attempt.numberOfRight, total)} · {t.time(attempt.totalTime)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
