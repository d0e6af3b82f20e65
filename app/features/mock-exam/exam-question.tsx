import { memo, type ReactNode } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import type { QuestionNumber } from "#app/lib/question-numbers.ts";
import { eagerPictures, placePictures } from "#app/lib/question-pictures.ts";
import type { ExamQuestionShown, SheetAnswer } from "./exam-sheet.ts";
import { ShortAnswerField, StatementMarks } from "./exam-response.tsx";

const t = vi.mockExam;

/**
 * What the room's question block takes to show a multiple-choice question with nothing
 * revealed; the route hands the block in (a feature does not import another).
 */
export interface ChoiceBlockProps {
  question: QuestionView;
  number: QuestionNumber;
  position: number;
  answerOrder: readonly number[];
  picks: readonly number[];
  reveal: "answering";
  showExplanation: false;
  onToggle: (position: number, answerIdx: number) => void;
  headingId: string;
  eager: boolean;
}

export type RenderChoice = (props: ChoiceBlockProps) => ReactNode;

export const questionHeadingId = (position: number) => `cau-${position + 1}-de`;

/**
 * One question of the exam sheet, nothing revealed: multiple choice through the room's own
 * question block; Đúng/Sai and short answer through this feature's placeholders; and
 * "Đánh dấu" to come back to it.
 */
export const ExamQuestion = memo(function ExamQuestion({
  question,
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
  question: ExamQuestionShown;
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
  const respond = (response: string) => onRespond(position, response);
  return (
    <li id={`cau-${position + 1}`} className="room-card exam-question" data-flagged={flagged}>
      {question.kind === "choice" ? (
        renderChoice({
          question: view,
          number,
          position,
          answerOrder: view.answers.map((a) => a.idx),
          picks: answer.selectedAnswerIndexes,
          reveal: "answering",
          showExplanation: false,
          onToggle,
          headingId: questionHeadingId(position),
          eager: position === 0,
        })
      ) : (
        <div className="question-block">
          <div className="question-text" id={questionHeadingId(position)} tabIndex={-1}>
            <span className="question-number">
              {number.inPractice === null
                ? vi.room.questionLabel(number.shown)
                : vi.room.shuffledQuestionLabel(number.shown, number.inPractice)}
            </span>{" "}
            <span
              className="rich"
              dangerouslySetInnerHTML={{
                __html: placePictures(
                  position === 0 ? eagerPictures(question.textHtml) : question.textHtml,
                ),
              }}
            />
          </div>
          {question.kind === "true_false" ? (
            <StatementMarks
              question={question}
              number={number.shown}
              response={answer.response}
              onRespond={respond}
            />
          ) : (
            <ShortAnswerField question={question} response={answer.response} onRespond={respond} />
          )}
        </div>
      )}
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
