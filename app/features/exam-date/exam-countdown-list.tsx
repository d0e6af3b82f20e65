import { Link } from "react-router";
import { viExamDate } from "#app/i18n/vi/exam-date.ts";
import { paths } from "#base/paths.ts";

const t = viExamDate;

import type { ExamCountdownItem } from "./exam-countdowns.tsx";

/** The countdown itself (see exam-countdowns.tsx), loaded only for a student with exams set. */
export default function ExamCountdownList({ exams }: { exams: readonly ExamCountdownItem[] }) {
  return (
    <section className="exam-countdowns" aria-labelledby="exam-countdowns-heading">
      <h2 id="exam-countdowns-heading">{t.countdownHeading}</h2>
      <ul>
        {exams.map((exam) => (
          <li key={`${exam.kind}-${exam.code}`}>
            <p>
              <Link
                to={
                  exam.kind === "subject"
                    ? paths.subject(exam.code)
                    : paths.practiceSetup(exam.code)
                }
              >
                {t.countdown(exam.name, exam.daysLeft, exam.dueToday)}
              </Link>
              <span className="muted"> · {t.on(exam.examDay)}</span>
            </p>
            {exam.dueToday > 0 && exam.daysLeft > 0 ? (
              <Link
                className="button button-primary"
                to={paths.reviewOf(exam)}
                aria-label={
                  exam.kind === "subject"
                    ? t.reviewThisOf(exam.name)
                    : t.reviewThisPracticeOf(exam.name)
                }
              >
                {exam.kind === "subject" ? t.reviewThis : t.reviewThisPractice}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
