import { Link } from "react-router";
import type {
  PracticeProgress,
  SelectionScore,
  SubjectConfidence,
  UserStatistics,
} from "#db/statistics.ts";
import { viStatistics } from "#app/i18n/vi/statistics.ts";
import { offeredSelection } from "#app/lib/room-setup.ts";
import { selectionParams } from "#app/lib/selection-links.ts";
import type { Selection } from "#base/selection.ts";
import { AccuracyChart, percentOf } from "./accuracy-chart.tsx";
import { paths } from "#base/paths.ts";
import { viSelection } from "#base/i18n/vi/selection.ts";

const t = viStatistics;

/**
 * The "Thống kê" tab of the history: totals, accuracy per subject and week, and per practice
 * the chapters or ranges to practise again. Everything is computed by the server (days in a
 * row included, in Vietnamese days), so the page renders the same on both sides.
 */
export function StatisticsView({ statistics }: { statistics: UserStatistics }) {
  const { totals, chartWeeks, subjects, confidence, practices } = statistics;
  return (
    <div className="statistics">
      <section aria-labelledby="stats-overview">
        <h2 id="stats-overview">{t.overview}</h2>
        <dl className="stat-tiles">
          <div className="stat-tile">
            <dt>{t.questions}</dt>
            <dd>{totals.questions.toLocaleString("vi-VN")}</dd>
          </div>
          <div className="stat-tile">
            <dt>{t.accuracy}</dt>
            <dd>{t.percent(percentOf(totals.right, totals.questions))}</dd>
          </div>
          <div className="stat-tile">
            <dt>{t.time}</dt>
            <dd>{t.duration(totals.time)}</dd>
          </div>
          <div className="stat-tile">
            <dt>{t.daysInARow}</dt>
            <dd>{t.days(totals.daysInARow)}</dd>
          </div>
        </dl>
        {totals.daysInARow > 0 && !totals.practisedToday ? (
          <p className="muted">{t.keepStreak}</p>
        ) : null}
      </section>

      <section aria-labelledby="stats-subjects">
        <h2 id="stats-subjects">{t.bySubject}</h2>
        {subjects.length === 0 ? (
          <p className="muted">{t.noRecentWeeks(chartWeeks.length)}</p>
        ) : (
          <>
            <p className="muted">{t.bySubjectIntro(chartWeeks.length)}</p>
            <ul className="subject-charts">
              {subjects.map((subject) => (
                <AccuracyChart key={subject.code} subject={subject} weeks={chartWeeks} />
              ))}
            </ul>
          </>
        )}
      </section>

      {confidence.length > 0 ? <ConfidenceStats subjects={confidence} /> : null}

      {/* Reviews of mistakes have no practice: a student with only those has nothing here. */}
      {practices.length > 0 ? (
        <section aria-labelledby="stats-practices">
          <h2 id="stats-practices">{t.byPractice}</h2>
          <ul className="practice-stats">
            {practices.map((practice) => (
              <PracticeStats key={practice.code} practice={practice} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * "Độ chắc chắn" (issue 30) per subject: of the answers marked, the lucky guesses and the
 * confident mistakes, the two a student should look at again.
 */
function ConfidenceStats({ subjects }: { subjects: readonly SubjectConfidence[] }) {
  return (
    <section aria-labelledby="stats-confidence">
      <h2 id="stats-confidence">{t.confidence}</h2>
      <p className="muted">{t.confidenceIntro}</p>
      <ul className="confidence-stats">
        {subjects.map((subject) => (
          <li key={subject.code} aria-labelledby={`confidence-${subject.code}`}>
            <h3 id={`confidence-${subject.code}`}>{subject.name}</h3>
            <dl className="stat-tiles confidence-tiles">
              <div className="stat-tile">
                <dt>{t.confidenceMarked}</dt>
                <dd>{subject.marked.toLocaleString("vi-VN")}</dd>
              </div>
              <div className="stat-tile">
                <dt>{t.luckyGuesses}</dt>
                <dd>{subject.luckyGuesses.toLocaleString("vi-VN")}</dd>
              </div>
              <div className="stat-tile">
                <dt>{t.confidentMistakes}</dt>
                <dd>{subject.confidentMistakes.toLocaleString("vi-VN")}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PracticeStats({ practice }: { practice: PracticeProgress }) {
  const headingId = `practice-${practice.code}`;
  const percent = percentOf(practice.right, practice.questions);
  return (
    <li className="card practice-stat" aria-labelledby={headingId}>
      <p className="card-kicker">{practice.subjectName}</p>
      <h3 id={headingId}>
        {practice.hidden ? (
          practice.title
        ) : (
          <Link to={paths.practiceSetup(practice.code)}>{practice.title}</Link>
        )}
      </h3>
      <p>{t.practiceFigures(t.attempts(practice.attempts), percent)}</p>
      {practice.hidden ? <p className="muted">{t.hiddenPractice}</p> : null}
      <h4>{t.weakest}</h4>
      {practice.weakest.length > 0 ? (
        <ul className="weak-list">
          {practice.weakest.map((weak) => (
            <WeakItem key={weakKey(weak)} practice={practice} weak={weak} />
          ))}
        </ul>
      ) : (
        <p className="muted">
          {practice.parts === 0
            ? t.wholePracticeOnly
            : practice.chapterCount > 0
              ? t.noWeakChapter
              : t.noWeakRange}
        </p>
      )}
    </li>
  );
}

function weakKey(weak: SelectionScore): string {
  return `${weak.type}-${weak.chapterIdx}-${weak.rangeStart}-${weak.rangeEnd}`;
}

function WeakItem({ practice, weak }: { practice: PracticeProgress; weak: SelectionScore }) {
  const label =
    weak.type === "PRACTICE_TIME_CHAPTER"
      ? weak.chapterTitle === null
        ? t.unnamedChapter((weak.chapterIdx ?? 0) + 1)
        : viSelection.chapterTitle((weak.chapterIdx ?? 0) + 1, weak.chapterTitle)
      : viSelection.range(weak.rangeStart ?? 0, weak.rangeEnd ?? 0);
  const href = againHref(practice, weak);
  return (
    <li className="weak-item">
      <span className="weak-text">
        <strong>{label}</strong>
        <span className="muted">
          {t.weakScore(
            percentOf(weak.right, weak.questions),
            t.rightOf(weak.right, weak.questions),
            weak.attempts,
          )}
        </span>
      </span>
      {href ? (
        <Link
          className="button button-secondary"
          to={href}
          aria-label={t.practiseAgainLabel(label, practice.title)}
        >
          {t.practiseAgain}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * The set-up page with this chapter or range chosen; null when that page cannot show it any
 * more (the practice withdrawn, the chapter gone, the range no longer one of its tiles).
 */
function againHref(practice: PracticeProgress, weak: SelectionScore): string | null {
  if (practice.hidden) return null;
  let selection: Selection;
  if (weak.type === "PRACTICE_TIME_CHAPTER") {
    if (weak.chapterTitle === null || weak.chapterIdx === null) return null;
    selection = { type: weak.type, chapterIdx: weak.chapterIdx };
  } else {
    if (practice.chapterCount > 0 || weak.rangeStart === null || weak.rangeEnd === null) {
      return null;
    }
    selection = { type: weak.type, start: weak.rangeStart, end: weak.rangeEnd };
    if (!offeredSelection(selection, { questionCount: practice.questionCount, chapterIdxs: [] })) {
      return null;
    }
  }
  return paths.practiceSetup(practice.code, selectionParams(selection));
}
