import { Form, Link, useNavigation } from "react-router";
import { viQuestionReports } from "#base/i18n/vi/question-reports.ts";
import { QUESTION_FIX_TEXT_MAX, QUESTION_REPORT_REPLY_MAX } from "#base/limits.ts";
import type { ReportReasonName } from "#base/question-reports.ts";
import { answerLabel } from "#engine/labels.ts";
import { viQuestionFixes } from "#app/i18n/vi/question-fixes.ts";

const t = viQuestionFixes;

interface FixPageProps {
  number: number;
  practiceTitle: string;
  backHref: string;
  live: {
    id: number;
    kind: "choice" | "true_false" | "short_answer";
    text: string;
    explanation: string | null;
    answers: { text: string; isKey: boolean }[];
  } | null;
  reports: {
    id: number;
    reason: ReportReasonName;
    note: string;
    reporterName: string;
    createdAt: string;
  }[];
  /** The last refusal of a form of this page, in words. */
  error?: string;
}

/**
 * A reported question for its handler (issue 30): what students said, then the two ways out:
 * "Sửa câu hỏi" (a new revision; students may rescore) or "Giữ nguyên câu hỏi" (reply, or
 * dismiss). Plain forms: they work before scripts load.
 */
export function QuestionFixPage({
  number,
  practiceTitle,
  backHref,
  live,
  reports,
  error,
}: FixPageProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="page question-fix-page" aria-labelledby="question-fix-heading">
      <p>
        <Link to={backHref}>← {t.back}</Link>
      </p>
      <h1 id="question-fix-heading">{t.pageHeading(number, practiceTitle)}</h1>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <section aria-labelledby="question-fix-reports">
        <h2 id="question-fix-reports">{t.reportsHeading}</h2>
        {reports.length === 0 ? (
          <p className="muted">{t.noOpenReports}</p>
        ) : (
          <ul className="report-list">
            {reports.map((report) => (
              <li key={report.id} className="card report">
                <p>
                  <strong>{viQuestionReports.reasons[report.reason]}</strong>
                  {report.note ? `: ${report.note}` : ""}
                </p>
                <p className="muted">{t.reporterOn(report.reporterName, report.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {live ? <FixForm live={live} busy={busy} /> : <p className="muted">{t.removed}</p>}
      {reports.length > 0 ? <CloseForm busy={busy} /> : null}
    </section>
  );
}

function FixForm({ live, busy }: { live: NonNullable<FixPageProps["live"]>; busy: boolean }) {
  const answerName = (i: number) =>
    live.kind === "short_answer"
      ? t.acceptedText(i + 1)
      : live.kind === "true_false"
        ? t.statementText(String.fromCharCode(97 + i))
        : t.answerText(answerLabel(i));
  return (
    <Form method="post" className="card question-fix-form" aria-labelledby="question-fix-form">
      <h2 id="question-fix-form">{t.fixHeading}</h2>
      <p className="muted">{t.fixIntro}</p>
      <input type="hidden" name="startedFrom" value={live.id} />
      <input type="hidden" name="answerCount" value={live.answers.length} />
      <div className="field">
        <label htmlFor="fix-text">{t.questionText}</label>
        <textarea
          id="fix-text"
          name="text"
          rows={4}
          required
          maxLength={QUESTION_FIX_TEXT_MAX}
          defaultValue={live.text}
        />
      </div>
      {live.answers.map((answer, i) => (
        <div key={i} className="field question-fix-answer">
          <label htmlFor={`fix-answer-${i}`}>{answerName(i)}</label>
          <textarea
            id={`fix-answer-${i}`}
            name={`answer-${i}`}
            rows={2}
            required
            maxLength={QUESTION_FIX_TEXT_MAX}
            defaultValue={answer.text}
          />
          {live.kind === "short_answer" ? null : (
            <label className="question-fix-key">
              <input type="checkbox" name={`key-${i}`} defaultChecked={answer.isKey} />
              {live.kind === "true_false" ? t.isTrue : t.isKey}
            </label>
          )}
        </div>
      ))}
      <div className="field">
        <label htmlFor="fix-explanation">{t.explanation}</label>
        <textarea
          id="fix-explanation"
          name="explanation"
          rows={3}
          maxLength={QUESTION_FIX_TEXT_MAX}
          defaultValue={live.explanation ?? ""}
        />
      </div>
      <div className="field">
        <label htmlFor="fix-reply">{t.replyLabel}</label>
        <textarea id="fix-reply" name="reply" rows={2} maxLength={QUESTION_REPORT_REPLY_MAX} />
      </div>
      <button
        type="submit"
        name="intent"
        value="fix"
        className="button button-primary"
        disabled={busy}
      >
        {t.saveFix}
      </button>
    </Form>
  );
}

function CloseForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="card question-fix-form" aria-labelledby="question-keep">
      <h2 id="question-keep">{t.answerHeading}</h2>
      <p className="muted">{t.answerIntro}</p>
      <div className="field">
        <label htmlFor="keep-reply">{t.replyRequiredLabel}</label>
        <textarea id="keep-reply" name="reply" rows={3} maxLength={QUESTION_REPORT_REPLY_MAX} />
      </div>
      <div className="own-practice-actions">
        <button
          type="submit"
          name="intent"
          value="answer"
          className="button button-primary"
          disabled={busy}
        >
          {t.answer}
        </button>
        <button
          type="submit"
          name="intent"
          value="dismiss"
          className="button button-secondary"
          disabled={busy}
        >
          {t.dismiss}
        </button>
      </div>
    </Form>
  );
}
