import { useEffect, useRef, useState } from "react";
import { viQuestionReports } from "#base/i18n/vi/question-reports.ts";
import { QUESTION_REPORT_NOTE_MAX } from "#base/limits.ts";
import { paths } from "#base/paths.ts";
import { REPORT_REASON_NAMES, type ReportReasonName } from "#base/question-reports.ts";
import { viQuestionReportForm } from "#app/i18n/vi/question-report-form.ts";

const t = viQuestionReportForm;

/**
 * The report form of one question ("Báo đáp án sai"): a reason, an optional note, sent to
 * POST /api/question-reports. A refusal or a dropped connection shows its message and keeps what
 * was typed; sending twice is impossible (the button waits, and the server keeps one report per
 * student and question).
 */
export default function QuestionReportForm({
  id,
  questionId,
  address,
  onSent,
  onCancel,
}: {
  id: string;
  questionId: number;
  address: string | null;
  onSent: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<ReportReasonName>("key");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError(null);
    const body = new URLSearchParams({ questionId: String(questionId), reason, note });
    if (address) body.set("address", address);
    try {
      const response = await fetch(paths.apiQuestionReports, { method: "POST", body });
      if (response.ok) return onSent();
      const answer = (await response.json().catch(() => null)) as { message?: string } | null;
      setError(answer?.message ?? t.offline);
    } catch {
      setError(t.offline);
    }
    setSending(false);
  }

  const errorId = `${id}-error`;
  return (
    <form id={id} className="report-question-form" onSubmit={(event) => void send(event)}>
      <fieldset>
        <legend>{t.reasonLegend}</legend>
        {REPORT_REASON_NAMES.map((name, index) => (
          <label key={name} className="report-reason">
            <input
              ref={index === 0 ? first : undefined}
              type="radio"
              name="reason"
              value={name}
              checked={reason === name}
              onChange={() => setReason(name)}
            />
            {viQuestionReports.reasons[name]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-note`}>{t.note}</label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={QUESTION_REPORT_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t.noteHint(QUESTION_REPORT_NOTE_MAX)}
      </p>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="report-question-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t.sending : t.send}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
