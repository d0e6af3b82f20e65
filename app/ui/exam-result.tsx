import { viMockExam } from "#app/i18n/vi/mock-exam.ts";

const t = viMockExam;

/** What a mock exam's replay shows of its score (engine/exam-score.ts ExamScore). */
export interface ExamResultData {
  score: number;
  parts: readonly { part: 1 | 2 | 3; points: number; max: number }[];
}

const ROMAN = { 1: "I", 2: "II", 3: "III" } as const;

/** 7.25 → "7,25": the decimal comma, as a Vietnamese score is written. */
function decimal(value: number): string {
  return String(Math.round(value * 100) / 100).replace(".", ",");
}

/** "Điểm: 7,25/10" and each part's points ("Phần I: 2,5/3 điểm"). */
export function ExamResult({
  result,
  minutes,
  offline = false,
}: {
  result: ExamResultData;
  minutes: number | null;
  /** Taken on the device from a downloaded practice, its keys there: "làm offline". */
  offline?: boolean;
}) {
  return (
    <div className="exam-result">
      <p className="muted">
        {t.minutesUsed(minutes)}
        {offline ? ` · ${t.takenOffline}` : null}
      </p>
      <p className="summary-score exam-score">{t.score(decimal(result.score))}</p>
      {result.parts.length > 0 ? (
        <ul className="exam-parts">
          {result.parts.map((part) => (
            <li key={part.part}>
              {t.part(ROMAN[part.part], decimal(part.points), decimal(part.max))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
