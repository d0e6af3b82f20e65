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
          <li key={exam.subjectCode}>
            <p>
              <Link to={paths.subject(exam.subjectCode)}>
                {t.countdown(exam.subjectName, exam.daysLeft, exam.dueToday)}
              </Link>
              <span className="muted"> · {t.on(exam.examDay)}</span>
            </p>
            {exam.dueToday > 0 && exam.daysLeft > 0 ? (
              <Link
                className="button button-primary"
                to={paths.reviewRoom(new URLSearchParams({ mon: exam.subjectCode }))}
                aria-label={t.reviewThisOf(exam.subjectName)}
              >
                {t.reviewThis}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
