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
 * "Ngày thi của bạn" on a subject's page, for a signed-in student, and on the set-up page of the
 * student's own practice: set, move or clear the exam day (plain POST forms: they work before
 * the scripts load). The review of its mistakes is one tap away once a day is set.
 */
export function ExamDateForm({
  of,
  examDay,
  daysLeft,
  today,
  answer,
  className = "page",
}: {
  /** A subject (by its code) or the student's own practice (by its). */
  of: { kind: "subject" | "practice"; code: string };
  examDay: string | null;
  daysLeft: number | null;
  /** The Vietnamese day today, "2026-11-28": the earliest the calendar offers. */
  today: string;
  answer: ExamDateAnswer | undefined;
  /** The section's look beside its neighbours: a page section, or a card (the set-up page). */
  className?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const refused = answer && !answer.ok ? answer : undefined;
  return (
    <section className={`${className} exam-date`} aria-labelledby="exam-date-heading">
      <h2 id="exam-date-heading">{t.heading}</h2>
      <p className="muted">
        {examDay !== null && daysLeft !== null
          ? t.current(examDay, daysLeft)
          : of.kind === "subject"
            ? t.intro
            : t.introPractice}
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
          <Link className="button button-secondary" to={paths.reviewOf(of)}>
            {of.kind === "subject" ? t.reviewSubject : t.reviewPractice}
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
