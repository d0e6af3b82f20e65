import { memo, useCallback, useMemo, useRef } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { orderedQuestions } from "#engine/room.ts";
import type { RoomAction } from "#engine/types.ts";
import { vi } from "#app/i18n/vi.ts";
import { questionNumbers, type QuestionNumber } from "#app/lib/question-numbers.ts";
import { QuestionBlock } from "./question-block.tsx";
import { RoomClock } from "./room-clock.tsx";
import { PausedPanel, RoomBar } from "./room-bar.tsx";
import { countRender } from "./render-probe.ts";
import type { Room } from "./use-room.ts";

const t = vi.room;

/**
 * "Hiển thị toàn bộ câu hỏi": the whole sheet, an elapsed clock, a jump list showing what is
 * answered, and "Kết thúc", which asks first when questions are left unanswered.
 */
export function FlatRoom({
  state,
  dispatch,
  title,
  label,
}: {
  state: Room;
  dispatch: (action: RoomAction) => void;
  title: string;
  label: string;
}) {
  const questions = useMemo(() => orderedQuestions(state), [state.order, state.questions]); // eslint-disable-line react-hooks/exhaustive-deps
  const numbers = useMemo(() => questionNumbers(questions), [questions]);
  const confirm = useRef<HTMLDialogElement>(null);
  const onToggle = useCallback(
    (position: number, answerIdx: number) => dispatch({ type: "toggle", answerIdx, position }),
    [dispatch],
  );
  const unanswered = state.selections.filter((picks) => picks.length === 0).length;

  function finish() {
    if (unanswered > 0) confirm.current?.showModal();
    else dispatch({ type: "finish" });
  }

  return (
    <div className="room" data-mode="flat">
      <RoomBar
        title={title}
        label={label}
        paused={state.paused}
        onPause={() => dispatch({ type: state.paused ? "resume" : "pause" })}
      >
        <p className="room-progress">
          {t.answeredCount(questions.length - unanswered, questions.length)}
        </p>
        <RoomClock countdown={null} elapsed={state.totalTime} />
        <button type="button" className="button button-primary" onClick={finish}>
          {t.finish}
        </button>
      </RoomBar>
      {state.paused ? (
        <PausedPanel onResume={() => dispatch({ type: "resume" })} />
      ) : (
        <div className="flat-layout">
          <JumpList selections={state.selections} numbers={numbers} />
          <Sheet
            questions={questions}
            numbers={numbers}
            answerOrders={state.answerOrders}
            selections={state.selections}
            onToggle={onToggle}
          />
        </div>
      )}
      <dialog ref={confirm} className="confirm-dialog" aria-labelledby="confirm-finish-title">
        <form method="dialog">
          <h2 id="confirm-finish-title">{t.confirmTitle}</h2>
          <p>{t.confirmText(unanswered)}</p>
          <div className="confirm-actions">
            <button type="submit" className="button button-secondary" autoFocus>
              {t.keepGoing}
            </button>
            <button
              type="submit"
              className="button button-primary"
              onClick={() => dispatch({ type: "finish" })}
            >
              {t.finish}
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
  onToggle,
}: {
  questions: QuestionView[];
  numbers: QuestionNumber[];
  answerOrders: Room["answerOrders"];
  selections: Room["selections"];
  onToggle: (position: number, answerIdx: number) => void;
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
            eager={position === 0}
          />
        </li>
      ))}
    </ol>
  );
});

const JumpList = memo(function JumpList({
  selections,
  numbers,
}: {
  selections: Room["selections"];
  numbers: QuestionNumber[];
}) {
  return (
    <nav className="jump-list" aria-label={t.jumpList}>
      <ol>
        {selections.map((picks, position) => (
          <li key={position}>
            <a
              href={`#cau-${position + 1}`}
              data-answered={picks.length > 0}
              aria-label={t.jumpTo(numbers[position]?.shown ?? position + 1, picks.length > 0)}
            >
              {numbers[position]?.shown ?? position + 1}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
});
