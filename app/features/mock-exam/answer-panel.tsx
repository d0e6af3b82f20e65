import { memo, type MouseEvent } from "react";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import type { QuestionNumber } from "#app/lib/question-numbers.ts";
import { isDone, type SheetAnswer } from "./exam-sheet.ts";
import { questionHeadingId } from "./exam-question.tsx";

const t = viMockExam;

export const PANEL_ID = "phieu-tra-loi";

/**
 * Brings question `position` into view just under the sticky bar (whose height changes with the
 * screen's width) and moves focus to its text, so the keyboard carries on from there.
 */
function jumpToQuestion(position: number) {
  const card = document.getElementById(`cau-${position + 1}`);
  if (!card) return;
  const bar = document.querySelector(".exam-bar")?.getBoundingClientRect().height ?? 0;
  const top = card.getBoundingClientRect().top + window.scrollY - bar - 12;
  window.scrollTo({ top, behavior: "instant" });
  document.getElementById(questionHeadingId(position))?.focus({ preventScroll: true });
  history.replaceState(history.state, "", `#cau-${position + 1}`);
}

/**
 * "Phiếu trả lời": every question's number with its state (chưa làm / đã làm / đánh dấu), told
 * by a mark and by words, never by colour alone; each a link to the question.
 */
export const AnswerPanel = memo(function AnswerPanel({
  answers,
  flags,
  numbers,
  open,
  onJump,
}: {
  answers: readonly SheetAnswer[];
  flags: readonly number[];
  numbers: readonly QuestionNumber[];
  /** On a phone the panel opens over the sheet from the bar's button. */
  open: boolean;
  onJump: () => void;
}) {
  const jump = (event: MouseEvent<HTMLAnchorElement>, position: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onJump();
    jumpToQuestion(position);
  };
  return (
    <nav
      id={PANEL_ID}
      className="exam-panel"
      data-open={open}
      aria-labelledby={`${PANEL_ID}-title`}
      // On a phone the panel covers the sheet: Escape closes it and goes back to its button.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        onJump();
        document.querySelector<HTMLElement>(".exam-panel-toggle")?.focus();
      }}
    >
      <h2 id={`${PANEL_ID}-title`}>{t.panel}</h2>
      <ol className="exam-grid">
        {answers.map((answer, position) => {
          const n = numbers[position]?.shown ?? position + 1;
          const done = isDone(answer);
          const flagged = flags.includes(position);
          return (
            <li key={answer.questionId}>
              <a
                href={`#cau-${position + 1}`}
                data-done={done}
                data-flagged={flagged}
                aria-label={t.jumpTo(n, done, flagged)}
                onClick={(event) => jump(event, position)}
              >
                <span>{n}</span>
                <span className="exam-grid-mark" aria-hidden="true">
                  {flagged ? "⚑" : done ? "✓" : ""}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
      <ul className="exam-legend" aria-hidden="true">
        <li data-state="blank">{t.stateBlank}</li>
        <li data-state="done">✓ {t.stateDone}</li>
        <li data-state="flagged">⚑ {t.stateFlagged}</li>
      </ul>
    </nav>
  );
});
