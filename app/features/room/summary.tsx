import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { QuestionView } from "#db/catalogue.ts";
import type { RoomSummary } from "#engine/types.ts";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { viHistory } from "#app/i18n/vi/history.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import { viSummary } from "#app/i18n/vi/summary.ts";
import { isAnswered } from "#engine/responses.ts";
import { markClaimIntent } from "#app/lib/guest-attempts.ts";
import { paths } from "#base/paths.ts";
import { type QuestionNumber, questionNumbers } from "#app/lib/question-numbers.ts";
import { RingChart } from "#app/ui/ring-chart.tsx";
import { Switch } from "#app/ui/switch.tsx";
import { QuestionBlock } from "./question-block.tsx";
import type { SaveStatus } from "./use-attempt-save.ts";
import { viAttempts } from "#base/i18n/vi/attempts.ts";

const t = viSummary;

export const SUMMARY_HEADING_ID = "summary-heading";

/**
 * The end of a room: time, the ring, "Số câu đúng: k/N", where the save stands, and every
 * question with its keys, wrong picks and explanation. The results stay on screen whatever
 * happens to the save (never a blank screen).
 */
export function Summary({
  title,
  label,
  summary,
  questions,
  answerOrders,
  save,
  onAgain,
  setupHref,
  setupText = t.backToSetup,
  doneAt,
  heading = t.heading,
  scoreNote,
  onRetryWrong,
}: {
  title: string;
  label: string;
  summary: RoomSummary;
  questions: ReadonlyMap<number, QuestionView>;
  answerOrders: readonly (readonly number[])[];
  /** The room's save; absent when showing an attempt saved earlier (history). */
  save?: {
    status: SaveStatus;
    onRetry: () => void;
    loginHref: string;
    /** A visitor's room (issue 28): kept on the device until a sign-up or sign-in claims it. */
    guest?: boolean;
  };
  /** "Làm lại"; absent in history. */
  onAgain?: () => void;
  setupHref: string;
  /** The text of the link to `setupHref`; "Quay lại trang thiết lập" by default. */
  setupText?: string;
  /** When it was done, already formatted (history). */
  doneAt?: string;
  /** The heading; the room's summary by default. */
  heading?: string;
  /** Shown under "Số câu đúng": a mock exam's score on 10 and its parts (history). */
  scoreNote?: React.ReactNode;
  /**
   * "Ôn lại câu sai (n)": a run over the questions answered wrong (app/lib/retry-wrong.ts). Shown
   * once the attempt is saved, since the run reviews the cards the save made.
   */
  onRetryWrong?: (questionIds: number[]) => void;
}) {
  // What the server computed, once it answered; the browser's identical figures until then.
  const saved = save?.status.kind === "saved" ? save.status.attempt : null;
  const right = saved?.numberOfRight ?? summary.numberOfRight;
  const total = summary.results.length;
  const wrongIds = summary.results
    .filter((result) => !result.rightAnswer)
    .map((result) => result.questionId);
  const mayRetry = onRetryWrong && wrongIds.length > 0 && (!save || saved !== null);
  const numbers = useMemo(
    () =>
      questionNumbers(
        summary.results.map((result) => ({ idx: questions.get(result.questionId)?.idx ?? -1 })),
      ),
    [summary.results, questions],
  );
  return (
    <div className="summary">
      <section className="room-card summary-head" aria-labelledby={SUMMARY_HEADING_ID}>
        <div className="summary-text">
          <h1 id={SUMMARY_HEADING_ID} tabIndex={-1}>
            {heading}
          </h1>
          <p className="summary-title">{title}</p>
          <p className="muted">{label}</p>
          {doneAt ? <p>{viHistory.doneAt(doneAt)}</p> : null}
          <p>{t.time(summary.totalTime)}</p>
          <p className="summary-score">{t.score(right, total)}</p>
          <ConfidenceFigures results={summary.results} />
          {scoreNote}
          {save ? <SaveNotice {...save} /> : null}
        </div>
        <RingChart right={right} total={total} />
        <div className="summary-actions">
          {onAgain ? (
            <button type="button" className="button button-primary" onClick={onAgain}>
              {t.again}
            </button>
          ) : null}
          {mayRetry ? (
            <button
              type="button"
              className={onAgain ? "button button-secondary" : "button button-primary"}
              onClick={() => onRetryWrong(wrongIds)}
            >
              {t.retryWrong(wrongIds.length)}
            </button>
          ) : null}
          <Link className="button button-secondary" to={setupHref}>
            {setupText}
          </Link>
        </div>
      </section>
      <SummaryList
        summary={summary}
        questions={questions}
        answerOrders={answerOrders}
        numbers={numbers}
      />
    </div>
  );
}

/**
 * "Độ chắc chắn" (issue 30): the lucky guesses (which the save puts in "Ôn lỗi sai") and the
 * confident mistakes, when the room asked and there are any.
 */
function ConfidenceFigures({ results }: { results: RoomSummary["results"] }) {
  const lucky = results.filter((r) => r.rightAnswer && r.confidence === "GUESS").length;
  const mistaken = results.filter((r) => !r.rightAnswer && r.confidence === "SURE").length;
  if (lucky === 0 && mistaken === 0) return null;
  return (
    <ul className="summary-confidence">
      {lucky > 0 ? <li>{t.luckyGuesses(lucky)}</li> : null}
      {mistaken > 0 ? <li>{t.confidentMistakes(mistaken)}</li> : null}
    </ul>
  );
}

function SaveNotice({
  status,
  onRetry,
  loginHref,
  guest = false,
}: {
  status: SaveStatus;
  onRetry: () => void;
  loginHref: string;
  guest?: boolean;
}) {
  if (guest && status.kind === "saved") return <GuestNotice />;
  let text = "";
  let action: React.ReactNode = null;
  switch (status.kind) {
    case "idle":
    case "saving":
      text = t.saving;
      break;
    case "saved":
      text = t.saved;
      break;
    case "waiting":
      text = t.retrying(status.retryInSeconds);
      action = retryButton(onRetry);
      break;
    case "gaveUp":
      text = t.gaveUp;
      action = retryButton(onRetry);
      break;
    case "queued":
      text = viOffline.queued;
      action = retryButton(onRetry);
      break;
    case "signedOut":
      text = t.signedOut;
      action = (
        <a className="button button-secondary" href={loginHref}>
          {t.signIn}
        </a>
      );
      break;
    case "refused":
      text = status.message || viAttempts.errors.BAD_REQUEST;
      break;
  }
  return (
    <div className="save-notice" data-kind={status.kind}>
      <p role="status">{text}</p>
      {action}
    </div>
  );
}

/**
 * A guest's result: scored, kept on this device, and one tap from the history. Either link
 * marks this tab's intent, so the sign-in that follows saves it without asking again.
 */
function GuestNotice() {
  const history = paths.history();
  return (
    <div className="save-notice" data-kind="guest">
      <p role="status">{t.guestSaved}</p>
      <a className="button button-primary" href={paths.register(history)} onClick={markClaimIntent}>
        {t.guestRegister}
      </a>
      <a className="button button-secondary" href={paths.login(history)} onClick={markClaimIntent}>
        {t.guestSignIn}
      </a>
    </div>
  );
}

function retryButton(onRetry: () => void) {
  return (
    <button type="button" className="button button-secondary" onClick={onRetry}>
      {t.retry}
    </button>
  );
}

/**
 * Every question with its keys, wrong picks and explanation; "Chỉ xem câu sai" keeps only those
 * answered wrong (issue 28: nineteen questions made an 11,000-px page on a phone). Numbers stay
 * the run's own, so "Câu 7" is the same question with the filter on or off.
 */
function SummaryList({
  summary,
  questions,
  answerOrders,
  numbers,
}: {
  summary: RoomSummary;
  questions: ReadonlyMap<number, QuestionView>;
  answerOrders: readonly (readonly number[])[];
  numbers: readonly QuestionNumber[];
}) {
  const [onlyWrong, setOnlyWrong] = useState(false);
  const wrong = summary.results.filter((result) => !result.rightAnswer).length;
  return (
    <section aria-labelledby="summary-list-heading">
      <div className="summary-list-head">
        <h2 id="summary-list-heading">{t.list}</h2>
        {wrong > 0 && wrong < summary.results.length ? (
          <Switch label={t.onlyWrong(wrong)} checked={onlyWrong} onChange={setOnlyWrong} />
        ) : null}
      </div>
      <ol className="summary-list">
        {summary.results.map((result, position) => {
          const question = questions.get(result.questionId);
          if (!question || (onlyWrong && result.rightAnswer)) return null;
          return (
            <li
              key={result.questionId}
              className="room-card summary-card"
              data-right={result.rightAnswer}
            >
              <p className="summary-verdict">
                {result.rightAnswer ? t.right : t.wrong}
                {isAnswered(question, result.selectedAnswerIndexes, result.response)
                  ? ""
                  : ` · ${question.kind === "true_false" || question.kind === "short_answer" ? viQuestionKinds.noAnswer : t.noPick}`}
                {result.confidence
                  ? ` · ${result.confidence === "GUESS" ? t.markedGuess : t.markedSure}`
                  : ""}
              </p>
              <QuestionBlock
                question={question}
                number={numbers[position]!}
                position={position}
                answerOrder={answerOrders[position] ?? []}
                picks={result.selectedAnswerIndexes}
                response={result.response ?? null}
                reveal="review"
                showExplanation
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
