import { memo, useRef } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import { viReviewRoom } from "#app/i18n/vi/review-room.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import type { QuestionNumber } from "#app/lib/question-numbers.ts";
import { eagerPictures, placePictures } from "#app/lib/question-pictures.ts";
import { useKeyboardScrollable } from "#app/ui/keyboard-scroll.ts";
import { AnswerOptions, type Reveal } from "./answer-options.tsx";
import { QuestionTools } from "./question-tools.tsx";
import { countRender } from "./render-probe.ts";
import { ShortAnswerField } from "./short-answer-field.tsx";
import { TrueFalseStatements } from "./true-false-statements.tsx";

const t = viRoom;

interface QuestionBlockProps {
  question: QuestionView;
  /** "Câu n:" in the run's order, with the practice's number when it differs (questionNumbers). */
  number: QuestionNumber;
  position: number;
  answerOrder: readonly number[];
  picks: readonly number[];
  reveal: Reveal;
  /** Explanation and "Tham khảo" link: with the keys, never before. */
  showExplanation: boolean;
  disabled?: boolean;
  onToggle?: (position: number, answerIdx: number) => void;
  /** A Đúng/Sai question's marks or a short answer's text (engine/responses.ts); null: none. */
  response?: string | null;
  /** A Đúng/Sai or short-answer question answered: the whole new response. */
  onRespond?: (position: number, response: string) => void;
  /** Enter in a short answer's field (the sequence room's "Trả lời"). */
  onSubmit?: () => void;
  /** Lets the room move focus here when a new question comes up. */
  headingId?: string;
  /** On screen from the first paint: its pictures load at once (eagerPictures). */
  eager?: boolean;
  /** "Thảo luận" and "Báo đáp án sai" with the result; false when the screen places them itself (the sequence room). */
  withTools?: boolean;
}

/** One question: its text (line breaks kept as written), "Chọn N đáp án", answers, explanation. */
export const QuestionBlock = memo(function QuestionBlock({
  question,
  number,
  position,
  answerOrder,
  picks,
  reveal,
  showExplanation,
  disabled,
  onToggle,
  response,
  onRespond,
  onSubmit,
  headingId,
  eager,
  withTools = true,
}: QuestionBlockProps) {
  countRender("question");
  const block = useRef<HTMLDivElement>(null);
  useKeyboardScrollable(block);
  return (
    <div className="question-block" ref={block}>
      {question.practiceTitle ? (
        <p className="question-practice">{viReviewRoom.fromPractice(question.practiceTitle)}</p>
      ) : null}
      <div className="question-text" id={headingId} tabIndex={headingId ? -1 : undefined}>
        <span className="question-number">
          {number.inPractice === null
            ? t.questionLabel(number.shown)
            : t.questionLabelInPractice(number.shown, number.inPractice)}
        </span>{" "}
        <span
          className="rich"
          dangerouslySetInnerHTML={{
            __html: placePictures(eager ? eagerPictures(question.textHtml) : question.textHtml),
          }}
        />
      </div>
      {question.kind === "true_false" ? (
        <>
          {reveal === "answering" ? (
            <p className="question-hint">{viQuestionKinds.trueFalseHint}</p>
          ) : null}
          <TrueFalseStatements
            question={question}
            answerOrder={answerOrder}
            marks={response}
            reveal={reveal}
            position={position}
            disabled={disabled}
            onRespond={onRespond}
          />
        </>
      ) : question.kind === "short_answer" ? (
        <ShortAnswerField
          question={question}
          value={response}
          reveal={reveal}
          position={position}
          disabled={disabled}
          onRespond={onRespond}
          onSubmit={onSubmit}
        />
      ) : (
        <>
          {question.keyCount > 1 ? (
            <p className="question-hint">{t.chooseKeys(question.keyCount)}</p>
          ) : null}
          <AnswerOptions
            question={question}
            answerOrder={answerOrder}
            picks={picks}
            reveal={reveal}
            disabled={disabled}
            position={position}
            onToggle={onToggle}
          />
          {reveal !== "answering" && question.keyCount === 0 ? (
            <p className="question-hint">{t.noKey}</p>
          ) : null}
        </>
      )}
      {showExplanation && (question.explanationHtml || question.referenceUrl) ? (
        <div className="explanation">
          {question.explanationHtml ? (
            <p>
              <strong>{t.explanation}: </strong>
              <span
                className="rich"
                dangerouslySetInnerHTML={{ __html: placePictures(question.explanationHtml) }}
              />
            </p>
          ) : null}
          {question.referenceUrl ? (
            <p>
              <a href={question.referenceUrl} target="_blank" rel="noopener noreferrer">
                {t.reference}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      {withTools && reveal !== "answering" ? <QuestionTools question={question} /> : null}
    </div>
  );
});
