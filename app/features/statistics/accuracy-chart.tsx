import type { SubjectProgress } from "#db/statistics.ts";
import { viStatistics } from "#app/i18n/vi/statistics.ts";

const t = viStatistics;

/** Width of one week's slot and height of 100 % in the chart's own units. */
const SLOT = 20;
const FULL = 60;

export function percentOf(right: number, questions: number): number {
  return questions === 0 ? 0 : Math.round((right * 100) / questions);
}

/** "03/03" and "03/03/2025" from "2025-03-03". */
const shortDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const longDate = (day: string) => `${shortDate(day)}/${day.slice(0, 4)}`;

/**
 * One subject's accuracy per week, as bars: hand-written SVG drawn on the server, no chart
 * library, nothing to run in the browser. The picture is hidden from screen readers, which
 * read the same figures from a table instead.
 */
export function AccuracyChart({
  subject,
  weeks,
}: {
  subject: SubjectProgress;
  /** Every Monday of the chart, oldest first. */
  weeks: readonly string[];
}) {
  const byWeek = new Map(subject.weeks.map((week) => [week.week, week]));
  const latest = subject.weeks.at(-1);
  const headingId = `chart-${subject.code}`;
  return (
    <li className="subject-chart" aria-labelledby={headingId}>
      <h3 id={headingId}>{subject.name}</h3>
      {latest ? (
        <p className="muted">{t.lastWeek(percentOf(latest.right, latest.questions))}</p>
      ) : null}
      <svg
        className="accuracy-chart"
        viewBox={`0 0 ${weeks.length * SLOT} ${FULL + 2}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line className="chart-grid" x1="0" x2={weeks.length * SLOT} y1="1" y2="1" />
        <line
          className="chart-grid"
          x1="0"
          x2={weeks.length * SLOT}
          y1={1 + FULL / 2}
          y2={1 + FULL / 2}
        />
        <line className="chart-base" x1="0" x2={weeks.length * SLOT} y1={FULL + 1} y2={FULL + 1} />
        {weeks.map((week, i) => {
          const figures = byWeek.get(week);
          if (!figures) return null;
          const height = Math.max((percentOf(figures.right, figures.questions) / 100) * FULL, 1);
          return (
            <rect
              key={week}
              className="chart-bar"
              x={i * SLOT + 3}
              y={FULL + 1 - height}
              width={SLOT - 6}
              height={height}
            />
          );
        })}
      </svg>
      <p className="chart-axis" aria-hidden="true">
        <span>{t.firstWeek(shortDate(weeks[0] ?? ""))}</span>
        <span>{t.thisWeek}</span>
      </p>
      {/* In a box: a table does not shrink to the 1 px of .visually-hidden and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t.chartCaption(subject.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.weekColumn}</th>
              <th scope="col">{t.questionsColumn}</th>
              <th scope="col">{t.accuracyColumn}</th>
            </tr>
          </thead>
          <tbody>
            {subject.weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{longDate(week.week)}</th>
                <td>{week.questions.toLocaleString("vi-VN")}</td>
                <td>{t.percent(percentOf(week.right, week.questions))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}
