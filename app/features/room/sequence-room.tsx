import { memo, useCallback, useEffect, useEffectEvent, useMemo, useRef } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { questionAt } from "#engine/room.ts";
import { scoreQuestion } from "#engine/scoring.ts";
import type { Confidence, RoomAction } from "#engine/types.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import { isAnswered } from "#engine/responses.ts";
import { questionNumbers } from "#app/lib/question-numbers.ts";
import { ConfidenceChoice } from "./confidence-choice.tsx";
import { HoldResult, QuestionTools } from "./question-tools.tsx";
import { QuestionBlock } from "./question-block.tsx";
import { RoomClock } from "./room-clock.tsx";
import { PausedPanel, RoomBar } from "./room-bar.tsx";
import type { Room } from "./use-room.ts";

const t = viRoom;
export const QUESTION_HEADING_ID = "room-question";

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
  const holdResult = useCallback(() => dispatch({ type: "holdResult" }), [dispatch]);
  const onConfide = useCallback(
    (at: number, confidence: Confidence) => dispatch({ type: "confide", confidence, position: at }),
    [dispatch],
  );

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
              withTools={false}
            />
            {state.config.askConfidence && !state.resultShown ? (
              <ConfidenceChoice
                position={position}
                answered={isAnswered(question, picks, response)}
                value={null}
                submits
                onConfide={onConfide}
              />
            ) : null}
            {state.resultShown ? (
              <>
                <Verdict
                  question={question}
                  picks={picks}
                  response={response}
                  shown={state.config.showNotification}
                />
                <HoldResult.Provider value={holdResult}>
                  <QuestionTools question={question} />
                </HoldResult.Provider>
              </>
            ) : null}
          </section>
          <p className="visually-hidden" role="status">
            {state.resultShown ? verdictText(question, picks, response) : ""}
          </p>
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
                  ? viQuestionKinds.answer
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

/**
 * Right, wrong or unanswered, in words, under the answers ("Hiển thị thông báo"; off, it is
 * kept for screen readers only). The live region beside the card reads it out: it is always
 * on the page, so a screen reader hears the change, which an element born with its text misses.
 */
const Verdict = memo(function Verdict({
  question,
  picks,
  response,
  shown,
}: {
  question: QuestionView;
  picks: readonly number[];
  response: string | null;
  shown: boolean;
}) {
  const { rightAnswer } = scoreQuestion(question, picks, response);
  return (
    <p
      className={shown ? "room-verdict" : "room-verdict visually-hidden"}
      id={VERDICT_ID}
      tabIndex={-1}
      data-right={rightAnswer}
    >
      {verdictText(question, picks, response)}
    </p>
  );
});

function verdictText(
  question: QuestionView,
  picks: readonly number[],
  response: string | null,
): string {
  const { rightAnswer } = scoreQuestion(question, picks, response);
  if (!rightAnswer && !isAnswered(question, picks, response)) {
    return question.kind === "true_false" || question.kind === "short_answer"
      ? viQuestionKinds.unanswered
      : t.unanswered;
  }
  return rightAnswer ? t.right : t.wrong;
}

/** The shortcuts that apply to the question on screen: picks by key only for multiple choice. */
function keyboardHint(question: QuestionView): string {
  if (question.kind === "true_false") return viQuestionKinds.trueFalseKeys;
  if (question.kind === "short_answer") return viQuestionKinds.shortAnswerKeys;
  return t.keyboardHint;
}

/**
 * When a result comes up, focus goes to the verdict, without scrolling: the question and the
 * answers just picked stay where the student sees them, and from there Enter or → moves on and
 * Space pauses, as the hint under the room says (on "Câu tiếp theo", Space pressed it and moved
 * on). No toast: the card already shows the result, and a toast covered "Câu tiếp theo" on a
 * phone. A state restored from storage is not announced again.
 */
function useResultFeedback(state: Room, restored: boolean) {
  const seen = useRef<{ restored: boolean; key: string } | null>(null);
  const key = `${state.currentIndex}:${state.resultShown}`;
  useEffect(() => {
    const before = seen.current;
    seen.current = { restored, key };
    if (!before || !before.restored || before.key === key || state.finished) return;
    if (state.resultShown) document.getElementById(VERDICT_ID)?.focus({ preventScroll: true });
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
