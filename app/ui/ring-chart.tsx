import { viSummary } from "#app/i18n/vi/summary.ts";

/** A ring showing the share of right answers, with the percentage in its middle. */
export function RingChart({ right, total }: { right: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((right / total) * 100);
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg
      className="ring-chart"
      viewBox="0 0 120 120"
      role="img"
      aria-label={viSummary.ring(percent)}
    >
      <circle className="ring-track" cx="60" cy="60" r={radius} />
      {/* A round line cap draws a dot even for a zero-length arc: 0% draws nothing. */}
      {percent > 0 ? (
        <circle
          className="ring-value"
          cx="60"
          cy="60"
          r={radius}
          strokeDasharray={`${(percent / 100) * circumference} ${circumference}`}
          transform="rotate(-90 60 60)"
        />
      ) : null}
      <text x="60" y="60" textAnchor="middle" dominantBaseline="central" aria-hidden="true">
        {percent}%
      </text>
    </svg>
  );
}
