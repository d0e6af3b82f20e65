import { createContext, lazy, Suspense, useContext, useId, useState } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { viQuestionReportsUi } from "#app/i18n/vi/question-reports.ts";

const t = viQuestionReportsUi;

/**
 * Where questions may be reported from ("Báo đáp án sai", issue 30): the practice's address the
 * student opened (a share link's `s_…` included; null in a review of several practices). A
 * screen provides it only to a signed-in student who does not own the practice; without it a
 * question shows its reports' state but no way to report.
 */
export const ReportPlace = createContext<{ address: string | null } | null>(null);

/**
 * What keeps the room's result on screen while a report is written (the sequence room's
 * countdown would otherwise move on to the next question mid-sentence).
 */
export const HoldResult = createContext<(() => void) | null>(null);

/**
 * Questions reported from this page: the room's result and its summary show the same question
 * twice, and the page's data, loaded before the report, does not know it yet. Gone with the page.
 */
const sentHere = new Set<number>();

// The form is fetched at the first tap: nobody who never reports pays for it.
const ReportForm = lazy(() => import("./question-report-form.tsx"));

/**
 * Under a question's result: "Đang được xem lại" while a report on it is open, the student's
 * own report and its answer, else "Báo đáp án sai", which opens the form in place.
 */
export function QuestionReport({ question }: { question: QuestionView }) {
  const place = useContext(ReportPlace);
  const holdResult = useContext(HoldResult);
  const [state, setState] = useState<"closed" | "open" | "sent">(() =>
    sentHere.has(question.id) ? "sent" : "closed",
  );
  const formId = useId();
  const mine =
    question.reports?.mine ??
    (state === "sent" ? ({ status: "open", reply: null } as const) : null);
  const underReview = question.reports?.open === true || state === "sent";
  const fix = question.keyFix;
  if (!underReview && !mine && !place && !fix) return null;
  return (
    <div className="question-report">
      {fix ? (
        <p className="key-fix" data-right={fix.rightNow}>
          {t.fixedOn(fix.date)} {fix.rightNow ? t.nowRight : t.nowWrong}
        </p>
      ) : null}
      {underReview ? (
        <p className="under-review" title={t.underReviewHint}>
          {t.underReview}
          <span className="visually-hidden">: {t.underReviewHint}</span>
        </p>
      ) : null}
      {mine ? (
        <p className="report-mine" role={state === "sent" ? "status" : undefined}>
          {state === "sent" ? t.sent : t.mine[mine.status]}
          {mine.reply ? <span className="report-reply"> {t.reply(mine.reply)}</span> : null}
        </p>
      ) : place ? (
        <>
          <button
            type="button"
            className="report-open"
            aria-expanded={state === "open"}
            aria-controls={state === "open" ? formId : undefined}
            onClick={() => {
              if (state !== "open") holdResult?.();
              setState(state === "open" ? "closed" : "open");
            }}
          >
            {t.open}
          </button>
          {state === "open" ? (
            <Suspense fallback={null}>
              <ReportForm
                id={formId}
                questionId={question.id}
                address={place.address}
                onSent={() => {
                  sentHere.add(question.id);
                  setState("sent");
                }}
                onCancel={() => setState("closed")}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
