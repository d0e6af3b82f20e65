import { memo, useId } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { answerLabel } from "#engine/labels.ts";
import { markOf, markStatement, rightStatements, trueFalsePoints } from "#engine/responses.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import { placePictures } from "#app/lib/question-pictures.ts";
import type { Reveal } from "./answer-options.tsx";

const t = viQuestionKinds;

interface TrueFalseStatementsProps {
  question: QuestionView;
  /** Original statement idxs in display order: letters a), b)… go by display position. */
  answerOrder: readonly number[];
  /** The marks, one character per statement in idx order (engine/responses.ts); null: none yet. */
  marks: string | null | undefined;
  /**
   * "answering" shows the marks only (nothing of the truth: what a mock exam uses until it is
   * handed in); "result-picks" says of each mark whether it is right; "result-keys" and
   * "review" add each statement's truth, its explanation and the question's points.
   */
  reveal: Reveal;
  /** Display position of the question, passed back to onRespond (FLAT answers any question). */
  position: number;
  disabled?: boolean;
  /** The whole new marks string; absent: the marks are shown read-only. */
  onRespond?: (position: number, response: string) => void;
}

/**
 * A Đúng/Sai question's statements: while answering, one fieldset per statement named by its
 * text with two real radio buttons "Đúng" / "Sai" (a screen reader says "a) …, Đúng, 1 trên
 * 2"; Tab goes from statement to statement, the arrows choose); after the result, each
 * statement with the student's mark, whether it was right, and as much of the truth as
 * `reveal` allows.
 */
export const TrueFalseStatements = memo(function TrueFalseStatements({
  question,
  answerOrder,
  marks,
  reveal,
  position,
  disabled = false,
  onRespond,
}: TrueFalseStatementsProps) {
  const name = useId();
  const answering = reveal === "answering";
  const showTruth = reveal === "result-keys" || reveal === "review";
  const right = rightStatements(question, marks);
  const count = question.answers.length;
  return (
    <>
      <ol className="statements" data-answering={answering}>
        {answerOrder.map((idx, displayPosition) => {
          const statement = question.answers.find((answer) => answer.idx === idx);
          if (!statement) return null;
          const letter = t.statementLetter(answerLabel(displayPosition).toLowerCase());
          const mark = markOf(question, marks, idx);
          const text = (
            <>
              <span className="statement-letter">{letter}</span>{" "}
              <span
                className="rich"
                dangerouslySetInnerHTML={{ __html: placePictures(statement.html) }}
              />
            </>
          );
          if (answering) {
            const choose = (value: boolean) => {
              const next = markStatement(question, marks ?? null, idx, value);
              if (next !== null) onRespond?.(position, next);
            };
            return (
              <li key={idx} className="statement">
                <fieldset className="statement-field" disabled={disabled || !onRespond}>
                  <legend className="statement-text">{text}</legend>
                  <div className="statement-choices">
                    {[true, false].map((value) => (
                      <label key={String(value)} className="statement-choice">
                        <input
                          type="radio"
                          name={`${name}-${idx}`}
                          checked={mark === value}
                          onChange={() => choose(value)}
                        />
                        <span>{value ? t.true : t.false}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            );
          }
          const state = mark === null ? "none" : mark === statement.isKey ? "right" : "wrong";
          return (
            <li key={idx} className="statement" data-state={state}>
              <p className="statement-text">{text}</p>
              <p className="statement-result">
                <span className="statement-verdict" aria-hidden="true">
                  {state === "right" ? "✓" : state === "wrong" ? "✗" : "–"}
                </span>
                <span>
                  {t.yourMark(mark)}
                  {mark === null ? "" : ` (${state === "right" ? t.markRight : t.markWrong})`}
                </span>
                {showTruth ? (
                  <span className="statement-truth">{t.truth(statement.isKey)}</span>
                ) : null}
              </p>
              {showTruth && statement.feedbackHtml ? (
                <p className="statement-explanation">
                  <strong>{t.statementExplanation}</strong>{" "}
                  <span
                    className="rich"
                    dangerouslySetInnerHTML={{ __html: placePictures(statement.feedbackHtml) }}
                  />
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {answering ? null : (
        <p className="statements-points">
          {t.statementsRight(right, count)}
          {showTruth ? ` · ${t.points(trueFalsePoints(right, count))}` : ""}
        </p>
      )}
    </>
  );
});
