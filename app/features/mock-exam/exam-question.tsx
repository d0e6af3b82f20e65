import { memo, type ReactNode } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import type { QuestionNumber } from "#app/lib/question-numbers.ts";
import type { SheetAnswer } from "./exam-sheet.ts";

const t = viMockExam;

/**
 * What the room's question block takes to show a question of any kind with nothing revealed;
 * the route hands the block in (a feature does not import another).
 */
export interface ChoiceBlockProps {
  question: QuestionView;
  number: QuestionNumber;
  position: number;
  answerOrder: readonly number[];
  picks: readonly number[];
  /** A Đúng/Sai question's marks or a short answer's text (engine/responses.ts). */
  response: string | null;
  reveal: "answering";
  showExplanation: false;
  onToggle: (position: number, answerIdx: number) => void;
  onRespond: (position: number, response: string) => void;
  headingId: string;
  eager: boolean;
}

export type RenderChoice = (props: ChoiceBlockProps) => ReactNode;

export const questionHeadingId = (position: number) => `cau-${position + 1}-de`;

/**
 * One question of the exam sheet, nothing revealed, through the room's own question block (the
 * same Đúng/Sai rows and answer boxes as the rooms), and "Đánh dấu" to come back to it.
 */
export const ExamQuestion = memo(function ExamQuestion({
  view,
  number,
  position,
  answer,
  flagged,
  onToggle,
  onRespond,
  onFlag,
  renderChoice,
}: {
  /** The question as the room's block takes it (answeringView). */
  view: QuestionView;
  number: QuestionNumber;
  position: number;
  answer: SheetAnswer;
  flagged: boolean;
  onToggle: (position: number, answerIdx: number) => void;
  onRespond: (position: number, response: string) => void;
  onFlag: (position: number) => void;
  /** The room's question block (the route composes it). */
  renderChoice: RenderChoice;
}) {
  return (
    <li id={`cau-${position + 1}`} className="room-card exam-question" data-flagged={flagged}>
      {renderChoice({
        question: view,
        number,
        position,
        answerOrder: view.answers.map((a) => a.idx),
        picks: answer.selectedAnswerIndexes,
        response: answer.response,
        reveal: "answering",
        showExplanation: false,
        onToggle,
        onRespond,
        headingId: questionHeadingId(position),
        eager: position === 0,
      })}
      <p className="exam-flag">
        <button
          type="button"
          className="button button-secondary"
          aria-pressed={flagged}
          aria-label={t.flagOf(number.shown)}
          onClick={() => onFlag(position)}
        >
          <span aria-hidden="true">{flagged ? "⚑" : "⚐"}</span>
          {t.flag}
        </button>
      </p>
    </li>
  );
});
