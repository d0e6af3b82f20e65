import { memo, useCallback, useEffect, useEffectEvent, useMemo, useRef } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { questionAt } from "#engine/room.ts";
import { scoreQuestion } from "#engine/scoring.ts";
import type { RoomAction } from "#engine/types.ts";
import { dismissToast, showToast } from "#app/ui/toast.ts";
import { vi } from "#app/i18n/vi.ts";
import { isAnswered } from "#app/lib/answered.ts";
import { questionNumbers } from "#app/lib/question-numbers.ts";
import { QuestionBlock } from "./question-block.tsx";
import { RoomClock } from "./room-clock.tsx";
import { PausedPanel, RoomBar } from "./room-bar.tsx";
import type { Room } from "./use-room.ts";

const t = vi.room;
export const QUESTION_HEADING_ID = "room-question";
/** The result toast's id: each result replaces the last one, and it goes with its question. */
const RESULT_TOAST = "room-result";

/**
 * "Trả lời tuần tự từng câu hỏi": one question at a time with its countdown, the result when
 * enough answers are picked or time runs out, then the next question (by button or countdown).
 */
export function SequenceRoom({
  state,
  dispatch,
  title,
  label,
  restored,
}: {
  state: Room;
  dispatch: (action: RoomAction) => void;
  title: string;
  label: string;
  restored: boolean;
}) {
  const position = state.currentIndex;
  const question = questionAt(state, position);
  const count = state.order.length;
  const last = position + 1 >= count;
  // The numbers change only with the order, not with every tick of the clock.
  const { order, questions } = state;
  const numbers = useMemo(
    () => questionNumbers(order.map((index) => ({ idx: questions[index]?.idx ?? -1 }))),
    [order, questions],
  );
  const onToggle = useCallback(
    (at: number, answerIdx: number) => dispatch({ type: "toggle", answerIdx, position: at }),
    [dispatch],
  );
  const onRespond = useCallback(
    (at: number, response: string) => dispatch({ type: "respond", response, position: at }),
    [dispatch],
  );
  // Enter in a short answer's field: "Trả lời", as the button below.
  const onSubmit = useCallback(() => dispatch({ type: "next" }), [dispatch]);

  useResultFeedback(state, restored);
  useShortcuts(state, dispatch);

  if (!question) return null;
  const picks = state.selections[position] ?? [];
  const response = state.responses[position] ?? null;
  const showKey = state.config.showQuestionKeyAfterQuestionEnd;
  return (
    <div className="room" data-mode="sequence">
      <RoomBar
        title={title}
        label={label}
        paused={state.paused}
        onPause={() => dispatch({ type: state.paused ? "resume" : "pause" })}
      >
        <p className="room-progress" aria-label={t.progressLabel(position + 1, count)}>
          {t.progress(position + 1, count)}
        </p>
        <RoomClock
          countdown={state.resultShown ? state.resultCountdown : state.questionCountdown}
          elapsed={state.totalTime}
        />
      </RoomBar>
      {state.paused ? (
        <PausedPanel onResume={() => dispatch({ type: "resume" })} />
      ) : (
        <>
          <section className="room-card" aria-labelledby={QUESTION_HEADING_ID}>
            <QuestionBlock
              question={question}
              number={numbers[position]!}
              position={position}
              answerOrder={state.answerOrders[position] ?? []}
              picks={picks}
              reveal={state.resultShown ? (showKey ? "result-keys" : "result-picks") : "answering"}
              showExplanation={state.resultShown && showKey}
              onToggle={onToggle}
              response={response}
              onRespond={onRespond}
              onSubmit={onSubmit}
              headingId={QUESTION_HEADING_ID}
              eager
            />
            {state.resultShown ? (
              <Verdict question={question} picks={picks} response={response} />
            ) : null}
          </section>
          <div className="room-actions">
            <p className="room-auto-next">
              {state.resultShown && state.resultCountdown !== null
                ? t.autoNext(state.resultCountdown)
                : ""}
            </p>
            <button
              type="button"
              className="button button-primary"
              onClick={() => dispatch({ type: "next" })}
            >
              {!state.resultShown
                ? question.kind === "short_answer"
                  ? vi.questionKinds.answer
                  : t.showAnswer
                : last
                  ? t.finish
                  : t.next}
            </button>
          </div>
          <p className="room-hint">{keyboardHint(question)}</p>
        </>
      )}
    </div>
  );
}

const VERDICT_ID = "room-verdict";

/** Right, wrong or unanswered, in words: shown under the answers and read out by screen readers. */
const Verdict = memo(function Verdict({
  question,
  picks,
  response,
}: {
  question: QuestionView;
  picks: readonly number[];
  response: string | null;
}) {
  const { rightAnswer } = scoreQuestion(question, picks, response);
  const text = verdictText(question, rightAnswer, picks, response);
  return (
    <p
      className="room-verdict"
      id={VERDICT_ID}
      tabIndex={-1}
      data-right={rightAnswer}
      role="status"
    >
      {text}
    </p>
  );
});

function verdictText(
  question: QuestionView,
  right: boolean,
  picks: readonly number[],
  response: string | null,
): string {
  if (!right && !isAnswered(question, picks, response)) {
    return question.kind === "true_false" || question.kind === "short_answer"
      ? vi.questionKinds.unanswered
      : t.unanswered;
  }
  return right ? t.right : t.wrong;
}

/** The shortcuts that apply to the question on screen: picks by key only for multiple choice. */
function keyboardHint(question: QuestionView): string {
  if (question.kind === "true_false") return vi.questionKinds.trueFalseKeys;
  if (question.kind === "short_answer") return vi.questionKinds.shortAnswerKeys;
  return t.keyboardHint;
}

/**
 * When a result comes up: the toast (only with "Hiển thị thông báo" on), replacing the last
 * one, and focus on the verdict; when the question changes or the room ends, the toast
 * goes (useScreenStart moves focus to the new question). A state restored from storage is
 * not announced again.
 */
function useResultFeedback(state: Room, restored: boolean) {
  const seen = useRef<{ restored: boolean; key: string } | null>(null);
  const key = `${state.currentIndex}:${state.resultShown}`;
  const notify = state.config.showNotification;
  // The room ended (the summary replaces it) or was left: its last result goes with it.
  useEffect(
    () => () => {
      if (notify) void dismissToast(RESULT_TOAST);
    },
    [notify],
  );
  useEffect(() => {
    const before = seen.current;
    seen.current = { restored, key };
    if (!before || !before.restored || before.key === key || state.finished) return;
    if (state.resultShown) {
      // The verdict, not "Câu tiếp theo": from there Enter or → moves on and Space pauses, as
      // the hint under the room says (on the button, Space pressed it and moved on).
      document.getElementById(VERDICT_ID)?.focus();
      const question = questionAt(state, state.currentIndex);
      const picks = state.selections[state.currentIndex] ?? [];
      const response = state.responses[state.currentIndex] ?? null;
      if (question && notify) {
        const { rightAnswer } = scoreQuestion(question, picks, response);
        void showToast(
          rightAnswer ? "success" : "error",
          verdictText(question, rightAnswer, picks, response),
          { id: RESULT_TOAST },
        );
      }
    } else if (notify) {
      void dismissToast(RESULT_TOAST);
    }
    // Only the transition matters; the rest of the state is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, restored]);
}

/** 1–8 or A–H pick, Enter or → next, Space pause/resume; keys typed into a control are left alone. */
function useShortcuts(state: Room, dispatch: (action: RoomAction) => void) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    // Typing goes to the field; Space and Enter on a button or link keep their own meaning; keys
    // pressed in a dialog (a picture enlarged) are the dialog's.
    if (target?.closest("input, textarea, select, dialog")) return;
    const onControl = Boolean(target?.closest("button, a"));
    const room = state;
    if (room.finished) return;
    if (event.key === " " && !onControl) {
      event.preventDefault();
      dispatch({ type: room.paused ? "resume" : "pause" });
      return;
    }
    if (room.paused) return;
    if ((event.key === "Enter" && !onControl) || event.key === "ArrowRight") {
      event.preventDefault();
      dispatch({ type: "next" });
      return;
    }
    const displayPosition = shortcutPosition(event.key);
    const answerIdx =
      displayPosition === null
        ? undefined
        : room.answerOrders[room.currentIndex]?.[displayPosition];
    if (answerIdx !== undefined) {
      event.preventDefault();
      dispatch({ type: "toggle", answerIdx, position: room.currentIndex });
    }
  });
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

function shortcutPosition(key: string): number | null {
  if (/^[1-8]$/.test(key)) return Number(key) - 1;
  if (/^[a-h]$/i.test(key)) return key.toUpperCase().charCodeAt(0) - 65;
  return null;
}
