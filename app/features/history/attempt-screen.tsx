import { useMemo, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { StoredAttempt } from "#db/attempts.ts";
import type { QuestionView } from "#db/catalogue.ts";
import type { RoomSummary } from "#engine/types.ts";
import { viHistory } from "#app/i18n/vi/history.ts";
import { viMyPractices } from "#app/i18n/vi/my-practices.ts";
import { viReviewRoom } from "#app/i18n/vi/review-room.ts";
import { formatDateTime } from "#base/dates.ts";
import { newRoomIdentity, roomUrl, setupOfAttempt } from "#app/lib/room-setup.ts";
import { paths } from "#base/paths.ts";
import { ExamResult, type ExamResultData } from "#app/ui/exam-result.tsx";
import { KeyFixNotice, type KeyFixes } from "./key-fix-notice.tsx";

const t = viHistory;

/** What the room's summary shows of an attempt saved earlier. */
export interface SavedSummary {
  heading: string;
  title: string;
  label: string;
  summary: RoomSummary;
  questions: ReadonlyMap<number, QuestionView>;
  answerOrders: readonly (readonly number[])[];
  setupHref: string;
  setupText: string | undefined;
  doneAt: string;
  /** A mock exam's score on 10 and its parts, under the count of right answers. */
  scoreNote?: ReactNode;
}

/**
 * /practice-history?id=…: one attempt shown like the room's summary, against the question
 * revisions that were answered.
 */
export function AttemptScreen({
  attempt,
  questions,
  practiceDeleted,
  examScore = null,
  reviewHref,
  renderSummary,
  fixes = null,
  rescoreError,
}: {
  attempt: StoredAttempt;
  questions: QuestionView[];
  practiceDeleted: boolean;
  /** A mock exam's score (null for any other attempt). */
  examScore?: ExamResultData | null;
  /** Where a new review of mistakes starts. */
  reviewHref: string;
  /** The room's summary (another feature's), as the route composes it. */
  renderSummary: (props: SavedSummary) => ReactNode;
  /** Keys fixed since the attempt (issue 30): the notice and its "Chấm lại". */
  fixes?: KeyFixes | null;
  rescoreError?: string;
}) {
  const review = attempt.type === "MISTAKES";
  const byId = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const summary: RoomSummary = useMemo(
    () => ({
      results: attempt.results,
      numberOfRight: attempt.numberOfRight,
      numberOfWrong: attempt.numberOfWrong,
      totalTime: attempt.totalTime,
      questionOrder: attempt.results.map((result) => result.questionId),
      answerOrders: attempt.answerOrders,
    }),
    [attempt],
  );
  // Answers in the order the student saw them: the saved shuffle, or the question's own order.
  const answerOrders = useMemo(
    () =>
      attempt.answerOrders ??
      attempt.results.map(
        (result) => byId.get(result.questionId)?.answers.map((answer) => answer.idx) ?? [],
      ),
    [attempt, byId],
  );
  return (
    <>
      {practiceDeleted ? (
        <p className="own-notice own-notice-replay" role="note">
          {viMyPractices.deletedPractice}
        </p>
      ) : null}
      {renderSummary({
        heading: t.attemptTitle,
        title: attempt.practiceTitle,
        label: attempt.description,
        summary,
        questions: byId,
        answerOrders,
        setupHref:
          review || practiceDeleted ? paths.home : paths.practiceSetup(attempt.practiceCode),
        setupText: review || practiceDeleted ? viReviewRoom.toHome : undefined,
        doneAt: formatDateTime(attempt.createdAt),
        scoreNote:
          examScore || fixes ? (
            <>
              {examScore ? (
                <ExamResult
                  result={examScore}
                  minutes={attempt.examMinutes}
                  offline={attempt.offline}
                />
              ) : null}
              {fixes ? (
                <KeyFixNotice
                  attemptId={attempt.id}
                  total={attempt.results.length}
                  fixes={fixes}
                  error={rescoreError}
                />
              ) : null}
            </>
          ) : undefined,
      })}
      <p className="history-back history-more">
        {practiceDeleted ? null : <RetryLink attempt={attempt} reviewHref={reviewHref} />}
        <Link to={paths.history()}>{t.allAttempts}</Link>
      </p>
    </>
  );
}

/**
 * "Làm lại đề này": the same practice, selection and settings in a new room. The new attempt's
 * id and seed are drawn in the browser at the click (never in the server's HTML); before the
 * page's JavaScript runs, the link opens the set-up page instead.
 */
function RetryLink({ attempt, reviewHref }: { attempt: StoredAttempt; reviewHref: string }) {
  const navigate = useNavigate();
  const setupHref = paths.practiceSetup(attempt.practiceCode);
  if (attempt.type === "MISTAKES") {
    // A review is not repeated as it was (its cards have moved on): a new one of what is due.
    return (
      <Link className="button button-primary" to={reviewHref}>
        {viReviewRoom.newReview}
      </Link>
    );
  }
  // A mock exam is taken again from the set-up page, where "Thi thử" starts a new one.
  if (attempt.examMinutes !== null) {
    return (
      <Link className="button button-primary" to={setupHref}>
        {t.retry}
      </Link>
    );
  }
  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(roomUrl(attempt.practiceCode, setupOfAttempt(attempt), newRoomIdentity()));
  };
  return (
    <Link className="button button-primary" to={setupHref} onClick={retry}>
      {t.retry}
    </Link>
  );
}

/** An attempt that is not this student's, or not at all. */
export function AttemptNotFound() {
  return (
    <section className="status-screen">
      <h1>{t.notFoundHeading}</h1>
      <p>{t.notFoundText}</p>
      <Link className="button button-primary" to={paths.history()}>
        {t.allAttempts}
      </Link>
    </section>
  );
}
