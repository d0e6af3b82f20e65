import { memo } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import type { QuestionNumber } from "#app/lib/question-numbers.ts";
import { eagerPictures, placePictures } from "#app/lib/question-pictures.ts";
import { QuestionBlock } from "#app/features/room/question-block.tsx";
import type { ExamQuestionShown, SheetAnswer } from "./exam-sheet.ts";
import { ShortAnswerField, StatementMarks } from "./exam-response.tsx";

const t = vi.mockExam;

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
}) {
  const respond = (response: string) => onRespond(position, response);
  return (
    <li id={`cau-${position + 1}`} className="room-card exam-question" data-flagged={flagged}>
      {question.kind === "choice" ? (
        <QuestionBlock
          question={view}
          number={number}
          position={position}
          answerOrder={question.answers.map((a) => a.idx)}
          picks={answer.selectedAnswerIndexes}
          reveal="answering"
          showExplanation={false}
          onToggle={onToggle}
          headingId={questionHeadingId(position)}
          eager={position === 0}
        />
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
          <span aria-hidden="true">{flagged ? "⚑ " : "⚐ "}</span>
          {t.flag}
        </button>
      </p>
    </li>
  );
});
