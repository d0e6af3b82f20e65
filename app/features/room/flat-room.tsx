import { memo, useCallback, useMemo, useRef } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { orderedQuestions } from "#engine/room.ts";
import type { Confidence, RoomAction } from "#engine/types.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import { isAnswered } from "#engine/responses.ts";
import { questionNumbers, type QuestionNumber } from "#app/lib/question-numbers.ts";
import { ConfidenceChoice } from "./confidence-choice.tsx";
import { QuestionBlock } from "./question-block.tsx";
import { RoomClock } from "./room-clock.tsx";
import { PausedPanel, RoomBar, RoomProgress } from "./room-bar.tsx";
import { countRender } from "./render-probe.ts";
import type { Room } from "./use-room.ts";

const t = viRoom;

/**
 * "Hiển thị toàn bộ câu hỏi": the whole sheet, an elapsed clock, a jump list showing what is
 * answered, and "Kết thúc", which asks first when questions are left unanswered.
 */
export function FlatRoom({
  state,
  dispatch,
  title,
  label,
  examClock = null,
}: {
  state: Room;
  dispatch: (action: RoomAction) => void;
  title: string;
  label: string;
  /** A mock exam on the device (device-exam.tsx): its clock, in place of the elapsed one and "Tạm dừng". */
  examClock?: React.ReactNode;
}) {
  const exam = state.config.examMinutes !== undefined;
  const words = exam ? viMockExam : t;
  const questions = useMemo(() => orderedQuestions(state), [state.order, state.questions]); // eslint-disable-line react-hooks/exhaustive-deps
  const numbers = useMemo(() => questionNumbers(questions), [questions]);
  const confirm = useRef<HTMLDialogElement>(null);
  const onToggle = useCallback(
    (position: number, answerIdx: number) => dispatch({ type: "toggle", answerIdx, position }),
    [dispatch],
  );
  const onRespond = useCallback(
    (position: number, response: string) => dispatch({ type: "respond", response, position }),
    [dispatch],
  );
  const onConfide = useCallback(
    (position: number, confidence: Confidence) =>
      dispatch({ type: "confide", confidence, position }),
    [dispatch],
  );
  // Per position, answered or not, whatever the kind: the jump list and the count read it.
  const answered = useMemo(
    () =>
      questions.map((question, position) =>
        isAnswered(question, state.selections[position], state.responses[position]),
      ),
    [questions, state.selections, state.responses],
  );
  const unanswered = answered.filter((done) => !done).length;

  function finish() {
    // A mock exam asks first, as the online one does: once handed in, nothing can change.
    if (exam || unanswered > 0) confirm.current?.showModal();
    else dispatch({ type: "finish" });
  }

  return (
    <div className="room" data-mode="flat">
      <RoomBar
        title={title}
        label={label}
        paused={state.paused}
        onPause={exam ? undefined : () => dispatch({ type: state.paused ? "resume" : "pause" })}
      >
        <RoomProgress
          words={words.answeredWords}
          done={questions.length - unanswered}
          total={questions.length}
        />
        {exam ? examClock : <RoomClock countdown={null} elapsed={state.totalTime} />}
        <button type="button" className="button button-primary" onClick={finish}>
          {exam ? viMockExam.submit : t.finish}
        </button>
      </RoomBar>
      {state.paused ? (
        <PausedPanel onResume={() => dispatch({ type: "resume" })} />
      ) : (
        <div className="flat-layout">
          <JumpList answered={answered} numbers={numbers} />
          <Sheet
            questions={questions}
            numbers={numbers}
            answerOrders={state.answerOrders}
            selections={state.selections}
            responses={state.responses}
            onToggle={onToggle}
            onRespond={onRespond}
            confidences={state.config.askConfidence ? state.confidences : null}
            answered={answered}
            onConfide={onConfide}
          />
        </div>
      )}
      <dialog ref={confirm} className="confirm-dialog" aria-labelledby="confirm-finish-title">
        <form method="dialog">
          <h2 id="confirm-finish-title">{words.confirmTitle}</h2>
          <p>{words.confirmText(unanswered)}</p>
          <div className="confirm-actions">
            <button type="submit" className="button button-secondary" autoFocus>
              {words.keepGoing}
            </button>
            <button
              type="submit"
              className="button button-primary"
              onClick={() => dispatch({ type: "finish" })}
            >
              {exam ? viMockExam.submit : t.finish}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

const Sheet = memo(function Sheet({
  questions,
  numbers,
  answerOrders,
  selections,
  responses,
  onToggle,
  onRespond,
  confidences,
  answered,
  onConfide,
}: {
  questions: QuestionView[];
  numbers: QuestionNumber[];
  answerOrders: Room["answerOrders"];
  selections: Room["selections"];
  responses: Room["responses"];
  onToggle: (position: number, answerIdx: number) => void;
  onRespond: (position: number, response: string) => void;
  /** The marks when the room asks "Độ chắc chắn"; null when it does not. */
  confidences: Room["confidences"] | null;
  answered: readonly boolean[];
  onConfide: (position: number, confidence: Confidence) => void;
}) {
  countRender("sheet");
  return (
    <ol className="sheet">
      {questions.map((question, position) => (
        <li key={question.id} id={`cau-${position + 1}`} className="room-card">
          <QuestionBlock
            question={question}
            number={numbers[position]!}
            position={position}
            answerOrder={answerOrders[position] ?? []}
            picks={selections[position] ?? []}
            reveal="answering"
            showExplanation={false}
            onToggle={onToggle}
            response={responses[position] ?? null}
            onRespond={onRespond}
            eager={position === 0}
          />
          {confidences ? (
            <ConfidenceChoice
              position={position}
              answered={answered[position] ?? false}
              value={confidences[position] ?? null}
              submits={false}
              onConfide={onConfide}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
});

const JumpList = memo(function JumpList({
  answered,
  numbers,
}: {
  answered: readonly boolean[];
  numbers: QuestionNumber[];
}) {
  return (
    <nav className="jump-list" aria-label={t.jumpList}>
      <ol>
        {answered.map((done, position) => (
          <li key={position}>
            <a
              href={`#cau-${position + 1}`}
              data-answered={done}
              aria-label={t.jumpTo(numbers[position]?.shown ?? position + 1, done)}
            >
              {numbers[position]?.shown ?? position + 1}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
});
