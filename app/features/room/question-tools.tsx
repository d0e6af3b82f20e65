import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { viQuestionReportsUi } from "#app/i18n/vi/question-reports.ts";

const t = viQuestionReportsUi;

/**
 * Where a screen's questions were opened (issue 30): the practice's address the student came by
 * (a share link's `s_…` included; null in a review of several practices), whether somebody is
 * signed in, and whether they may report (not on their own practice). Without it, a question
 * shows its reports' state only: no report, no discussion (a room built offline, a preview).
 */
export interface QuestionPlaceValue {
  address: string | null;
  signedIn: boolean;
  mayReport: boolean;
}
export const QuestionPlace = createContext<QuestionPlaceValue | null>(null);

/**
 * What keeps the room's result on screen while a report or a comment is written (the sequence
 * room's countdown would otherwise move on to the next question mid-sentence).
 */
export const HoldResult = createContext<(() => void) | null>(null);

/**
 * Questions reported from this page: the room's result and its summary show the same question
 * twice, and the page's data, loaded before the report, does not know it yet. Gone with the page.
 */
const sentHere = new Set<number>();

// Fetched at the first tap: nobody who never reports or reads a discussion pays for them.
const ReportForm = lazy(() => import("./question-report-form.tsx"));
const DiscussionPanel = lazy(() => import("./discussion-panel.tsx"));

type Open = "none" | "report" | "discussion";

/**
 * Under a question's result: a key fixed since (a replay), "Đang được xem lại" while a report on
 * it is open, the student's own report and its answer, else "Báo đáp án sai"; and "Thảo luận",
 * its comments. Each opens in place.
 */
export function QuestionTools({ question }: { question: QuestionView }) {
  const place = useContext(QuestionPlace);
  const holdResult = useContext(HoldResult);
  const [open, setOpen] = useState<Open>("none");
  const [sent, setSent] = useState(() => sentHere.has(question.id));
  const panelId = useId();
  // After "Gửi báo cáo" the form is gone: focus goes to the thanks that replaced it.
  const thanks = useRef<HTMLParagraphElement>(null);
  const [justSent, setJustSent] = useState(false);
  useEffect(() => {
    if (justSent) thanks.current?.focus();
  }, [justSent]);
  const mine = question.reports?.mine ?? (sent ? ({ status: "open", reply: null } as const) : null);
  const underReview = question.reports?.open === true || sent;
  const fix = question.keyFix;
  if (!underReview && !mine && !place && !fix) return null;
  const toggle = (which: Open) => {
    if (open !== which) holdResult?.();
    setOpen(open === which ? "none" : which);
  };
  const count = question.comments ?? 0;
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
        <p
          className="report-mine"
          role={sent ? "status" : undefined}
          ref={thanks}
          tabIndex={sent ? -1 : undefined}
        >
          {sent ? t.sent : t.mine[mine.status]}
          {mine.reply ? <span className="report-reply"> {t.reply(mine.reply)}</span> : null}
        </p>
      ) : null}
      {place ? (
        <div className="question-tools">
          <button
            type="button"
            className="tool-toggle"
            aria-expanded={open === "discussion"}
            aria-controls={open === "discussion" ? panelId : undefined}
            onClick={() => toggle("discussion")}
          >
            {count > 0 ? t.discussionCount(count) : t.discussion}
          </button>
          {!mine && place.signedIn && place.mayReport ? (
            <button
              type="button"
              className="tool-toggle"
              aria-expanded={open === "report"}
              aria-controls={open === "report" ? panelId : undefined}
              onClick={() => toggle("report")}
            >
              {t.open}
            </button>
          ) : null}
        </div>
      ) : null}
      {place && open !== "none" ? (
        <Suspense fallback={<p className="muted">{t.loading}</p>}>
          {open === "report" ? (
            <ReportForm
              id={panelId}
              questionId={question.id}
              address={place.address}
              onSent={() => {
                sentHere.add(question.id);
                setSent(true);
                setJustSent(true);
                setOpen("none");
              }}
              onCancel={() => setOpen("none")}
            />
          ) : (
            <DiscussionPanel
              id={panelId}
              questionId={question.id}
              address={place.address}
              signedIn={place.signedIn}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
