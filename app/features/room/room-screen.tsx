import { useCallback, useMemo, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { QuestionView } from "#db/catalogue.ts";
import type { RoomConfig, RoomSummary } from "#engine/types.ts";
import type { AnySubmission } from "#services/attempts/save-attempt.ts";
import { guestSecretFor } from "#app/lib/guest-attempts.ts";
import { hasProgress, type ResumeInfo } from "#app/lib/room-storage.ts";
import { FlatRoom } from "./flat-room.tsx";
import { LeaveGuard } from "./leave-guard.tsx";
import { PAUSED_HEADING_ID, ROOM_HEADING_ID } from "./room-bar.tsx";
import { QUESTION_HEADING_ID, SequenceRoom } from "./sequence-room.tsx";
import { Summary, SUMMARY_HEADING_ID } from "./summary.tsx";
import { useAttemptSave } from "./use-attempt-save.ts";
import { useRoom } from "./use-room.ts";
import { useScreenStart } from "./use-screen-start.ts";

/**
 * What every submission carries of a finished room: picks (or a Đúng/Sai or short-answer
 * question's response, which the server scores), answer orders, times.
 */
export function finishedAnswers(finished: RoomSummary) {
  return {
    answers: finished.results.map((result) => ({
      questionId: result.questionId,
      selectedAnswerIndexes: [...result.selectedAnswerIndexes],
      ...(typeof result.response === "string" ? { response: result.response } : {}),
      // Only a room that asks records a mark (null when none was given); the server refuses one otherwise.
      ...(result.confidence === undefined ? {} : { confidence: result.confidence }),
    })),
    answerOrders: finished.answerOrders?.map((order) => [...order]) ?? null,
    totalTime: finished.totalTime,
    answerSeconds: finished.answerSeconds ? [...finished.answerSeconds] : null,
  };
}

/**
 * A room from its first question to its saved summary: the engine's state laid over with the
 * progress stored for the attempt (a refresh comes back to the same question), the save sent
 * once finished (retried offline, idempotent by attempt id), and focus moved to each new
 * screen. The practice room and the review of mistakes differ only in what they send.
 */
export function RoomScreen({
  questions,
  config,
  attemptId,
  contentVersion,
  title,
  label,
  submissionOf,
  onAgain,
  setupHref,
  setupText,
  loginHref,
  summaryHeading,
  scoreNote,
  examClock,
  resume,
  onRetryWrong,
}: {
  questions: QuestionView[];
  config: RoomConfig;
  attemptId: string;
  contentVersion: number;
  title: string;
  label: string;
  /** The body of POST /api/attempts for the finished room; stable (memoised) across renders. */
  submissionOf: (finished: RoomSummary) => AnySubmission;
  onAgain: () => void;
  setupHref: string;
  setupText?: string;
  loginHref: string;
  /** The summary's heading; "Kết quả luyện tập" by default. */
  summaryHeading?: string;
  /** Under "Số câu đúng" once finished: a mock exam's score on 10 (device-exam.tsx). */
  scoreNote?: (finished: RoomSummary, questions: ReadonlyMap<number, QuestionView>) => ReactNode;
  /** A mock exam on the device: its clock, drawn once the progress is back; hands in at zero. */
  examClock?: (onExpire: () => void) => ReactNode;
  /** How "Làm tiếp bài đang dở" lists and reopens this room (memoised); absent: not listed. */
  resume?: ResumeInfo;
  /** "Ôn lại câu sai" on the summary: the route opens the run (app/lib/retry-wrong.ts). */
  onRetryWrong?: (questionIds: number[]) => void;
}) {
  const { state, dispatch, restored, saveState, markSaved } = useRoom({
    questions,
    config,
    attemptId,
    contentVersion,
    resume,
  });
  const finished = state.finished;
  const userId = (useRouteLoaderData("root") as { user?: { id: string } | null } | undefined)?.user
    ?.id;
  const submission = useMemo(() => {
    if (!finished || !restored) return null;
    const body = submissionOf(finished);
    if (userId) return body;
    // A guest's room (issue 28): kept on the device with the secret that claims it later.
    const guestSecret = guestSecretFor({
      id: attemptId,
      title,
      label,
      numberOfRight: finished.numberOfRight,
      questionCount: finished.results.length,
    });
    return { ...body, guestSecret };
  }, [finished, restored, submissionOf, userId, attemptId, title, label]);
  const queueEntry = useCallback(
    () =>
      finished && userId
        ? {
            id: attemptId,
            userId,
            title,
            label,
            numberOfRight: finished.numberOfRight,
            questionCount: finished.results.length,
            totalTime: finished.totalTime,
            finishedAt: Date.now(),
          }
        : null,
    [finished, userId, attemptId, title, label],
  );
  const { status, retry } = useAttemptSave(
    submission,
    saveState === "saved",
    markSaved,
    queueEntry,
  );
  const finishNow = useCallback(() => dispatch({ type: "finish" }), [dispatch]);
  const questionsById = useMemo(
    () => new Map(questions.map((question) => [question.id, question])),
    [questions],
  );
  const [screen, headingId] = finished
    ? ["summary", SUMMARY_HEADING_ID]
    : state.paused
      ? ["paused", PAUSED_HEADING_ID]
      : state.config.practiceType === "FLAT"
        ? ["sheet", ROOM_HEADING_ID]
        : [`question-${state.currentIndex}`, QUESTION_HEADING_ID];
  useScreenStart(screen, headingId, restored);

  if (finished) {
    return (
      <Summary
        title={title}
        label={label}
        summary={finished}
        questions={questionsById}
        answerOrders={state.answerOrders}
        save={{ status, onRetry: retry, loginHref, guest: !userId }}
        onAgain={onAgain}
        setupHref={setupHref}
        setupText={setupText}
        heading={summaryHeading}
        scoreNote={scoreNote?.(finished, questionsById)}
        onRetryWrong={onRetryWrong}
      />
    );
  }
  return (
    <>
      <LeaveGuard active={restored && hasProgress(state)} />
      {state.config.practiceType === "FLAT" ? (
        <FlatRoom
          state={state}
          dispatch={dispatch}
          title={title}
          label={label}
          examClock={restored ? examClock?.(finishNow) : null}
        />
      ) : (
        <SequenceRoom
          state={state}
          dispatch={dispatch}
          title={title}
          label={label}
          restored={restored}
        />
      )}
    </>
  );
}
