import { Form, useNavigation } from "react-router";
import { viQuestionReportsUi } from "#app/i18n/vi/question-reports.ts";

const t = viQuestionReportsUi;

/** The figures of a replay's key fixes (services/question-reports/rescore.ts ReplayFixes). */
export interface KeyFixes {
  count: number;
  rightNow: number;
  right: number;
  original: number | null;
  rescoredOn: string | null;
  exam: boolean;
  mayRescore: boolean;
}

/**
 * A replay whose keys were fixed after reports (issue 30): how many, the score under the new
 * keys, and "Chấm lại theo đáp án mới", one tap that rescores this attempt on the server. Once
 * rescored, the first score stays in view beside the new one.
 */
export function KeyFixNotice({
  attemptId,
  total,
  fixes,
  error,
}: {
  attemptId: string;
  total: number;
  fixes: KeyFixes;
  error?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="key-fix-notice" aria-labelledby="key-fix-heading">
      <h2 id="key-fix-heading">{t.fixesHeading}</h2>
      <p>{t.fixedCount(fixes.count)}</p>
      {fixes.original !== null && fixes.rescoredOn !== null ? (
        <p>{t.rescored(fixes.rescoredOn, fixes.right, total, fixes.original)}</p>
      ) : null}
      {fixes.mayRescore || fixes.original === null ? (
        <p>{t.scoreNow(fixes.rightNow, total)}</p>
      ) : null}
      {fixes.exam ? <p className="muted">{t.examKeepsScore}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {fixes.mayRescore ? (
        <Form method="post">
          <input type="hidden" name="id" value={attemptId} />
          <button
            type="submit"
            name="intent"
            value="rescore"
            className="button button-primary"
            disabled={busy}
          >
            {t.rescore}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
