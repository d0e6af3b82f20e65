import { Form, Link, useNavigation } from "react-router";
import { viExamDate } from "#app/i18n/vi/exam-date.ts";
import { paths } from "#base/paths.ts";

const t = viExamDate;

/** What the subject page's action answers to the form: a message, and whether it was a refusal. */
export interface ExamDateAnswer {
  intent: "exam-set" | "exam-clear";
  ok: boolean;
  message: string;
}

/**
 * "Ngày thi của bạn" on a subject's page, for a signed-in student: set, move or clear the exam
 * day (plain POST forms: they work before the scripts load). The review of this subject's
 * mistakes is one tap away once a day is set.
 */
export function ExamDateForm({
  subjectCode,
  examDay,
  daysLeft,
  today,
  answer,
}: {
  subjectCode: string;
  examDay: string | null;
  daysLeft: number | null;
  /** The Vietnamese day today, "2026-11-28": the earliest the calendar offers. */
  today: string;
  answer: ExamDateAnswer | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section className="page exam-date" aria-labelledby="exam-date-heading">
      <h2 id="exam-date-heading">{t.heading}</h2>
      <p className="muted">
        {examDay !== null && daysLeft !== null ? t.current(examDay, daysLeft) : t.intro}
      </p>
      <Form method="post" className="exam-date-form">
        <input type="hidden" name="intent" value="exam-set" />
        <div className="field">
          <label htmlFor="exam-day">{t.label}</label>
          <input
            id="exam-day"
            name="examDay"
            type="date"
            required
            min={today}
            defaultValue={examDay ?? ""}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "exam-day-error" : undefined}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t.save}
        </button>
      </Form>
      {refused ? (
        <p id="exam-day-error" className="form-error" role="alert">
          {refused.message}
        </p>
      ) : answer ? (
        <p className="form-ok" role="status">
          {answer.message}
        </p>
      ) : null}
      {examDay !== null ? (
        <div className="exam-date-actions">
          <Link
            className="button button-secondary"
            to={paths.reviewRoom(new URLSearchParams({ mon: subjectCode }))}
          >
            {t.reviewSubject}
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="exam-clear" />
            <button type="submit" className="button button-secondary" disabled={busy}>
              {t.clear}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
