import { answerLabel } from "#engine/labels.ts";
import { vi } from "#app/i18n/vi.ts";
import { placePictures } from "#app/lib/question-pictures.ts";
import type { ExamQuestionShown } from "./exam-sheet.ts";

const t = vi.mockExam;

/**
 * A Đúng/Sai question's statements, each a pair of radio buttons, giving the contract's marks
 * ("TF-T": one character per statement in idx order). A plain placeholder: the room's own
 * component for the new kinds replaces it.
 */
export function StatementMarks({
  question,
  number,
  response,
  onRespond,
}: {
  question: ExamQuestionShown;
  number: number;
  response: string | null;
  onRespond: (response: string) => void;
}) {
  const idxs = question.answers.map((answer) => answer.idx).sort((a, b) => a - b);
  const marks = response ?? "-".repeat(idxs.length);
  const mark = (answerIdx: number, value: "T" | "F") => {
    const position = idxs.indexOf(answerIdx);
    onRespond(marks.slice(0, position) + value + marks.slice(position + 1));
  };
  return (
    <fieldset className="exam-statements">
      <legend className="visually-hidden">{t.statementsOf(number)}</legend>
      {question.answers.map((answer, shown) => {
        const given = marks[idxs.indexOf(answer.idx)];
        const name = `cau-${question.id}-y-${answer.idx}`;
        const letter = answerLabel(shown).toLowerCase();
        return (
          <div
            key={answer.idx}
            className="exam-statement"
            role="radiogroup"
            aria-labelledby={`${name}-text`}
          >
            <p id={`${name}-text`} className="exam-statement-text">
              <span className="visually-hidden">{t.statement(letter)}: </span>
              <span aria-hidden="true">{letter}) </span>
              <span
                className="rich"
                dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }}
              />
            </p>
            <span className="exam-marks">
              {(["T", "F"] as const).map((value) => (
                <label key={value} className="segment">
                  <input
                    type="radio"
                    name={name}
                    checked={given === value}
                    onChange={() => mark(answer.idx, value)}
                  />
                  <span>{value === "T" ? t.trueLabel : t.falseLabel}</span>
                </label>
              ))}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A short answer typed in one field (at most 32 characters, the contract's response). */
export function ShortAnswerField({
  question,
  response,
  onRespond,
}: {
  question: ExamQuestionShown;
  response: string | null;
  onRespond: (response: string) => void;
}) {
  const id = `cau-${question.id}-tra-loi`;
  return (
    <p className="exam-short-answer">
      <label htmlFor={id}>{t.shortAnswer}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        aria-describedby={`${id}-hint`}
        value={response ?? ""}
        onChange={(event) => onRespond(event.currentTarget.value)}
      />
      <span id={`${id}-hint`} className="muted">
        {t.shortAnswerHint}
      </span>
    </p>
  );
}
