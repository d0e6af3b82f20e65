import { memo, useEffect, useId, useState } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { shortAnswerIsRight } from "#engine/responses.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import type { Reveal } from "./answer-options.tsx";
import { AnswerBoxes, BOX_COUNT } from "./answer-boxes.tsx";

const t = viQuestionKinds;

/** The student's choice of input, kept for every short answer on this device. */
const INPUT_KEY = "on-tap:short-answer-input";
const MAX_LENGTH = 32;

type InputMode = "boxes" | "plain";

function storedMode(): InputMode {
  try {
    return localStorage.getItem(INPUT_KEY) === "plain" ? "plain" : "boxes";
  } catch {
    return "boxes";
  }
}

interface ShortAnswerFieldProps {
  question: QuestionView;
  /** What the student typed (the response); null: nothing yet. */
  value: string | null | undefined;
  /**
   * "answering": the field only (what a mock exam uses until it is handed in); "result-picks":
   * the typed answer, right or not; "result-keys" and "review" add the accepted answers.
   */
  reveal: Reveal;
  /** Display position of the question, passed back to onRespond. */
  position: number;
  disabled?: boolean;
  /** The whole typed text; absent: the answer is shown read-only. */
  onRespond?: (position: number, response: string) => void;
  /** Enter in the field: the sequence room's "Trả lời". */
  onSubmit?: () => void;
}

/**
 * A short answer ("Trả lời ngắn"): four boxes like the exam's answer sheet, or one plain field
 * ("Nhập bằng ô thường", remembered on the device) for a longer answer or a keyboard with no
 * ","; after the result, the typed answer, whether it is right and the accepted answers.
 */
export const ShortAnswerField = memo(function ShortAnswerField({
  question,
  value,
  reveal,
  position,
  disabled = false,
  onRespond,
  onSubmit,
}: ShortAnswerFieldProps) {
  const labelId = useId();
  const [mode, setMode] = useState<InputMode>("boxes");
  // Storage exists only in the browser, after hydration.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setMode(storedMode()), []);
  const text = value ?? "";

  if (reveal !== "answering")
    return <ShortAnswerResult question={question} text={text} reveal={reveal} />;

  const readOnly = disabled || !onRespond;
  // An answer longer than the sheet's boxes (typed in the plain field) stays in the plain field.
  const plain = mode === "plain" || [...text].length > BOX_COUNT;
  const change = (response: string) => onRespond?.(position, response);
  const switchTo = (next: InputMode) => {
    setMode(next);
    try {
      localStorage.setItem(INPUT_KEY, next);
    } catch {
      // Blocked storage: the choice lasts for this page.
    }
  };
  return (
    <div className="short-answer">
      <p className="short-answer-label" id={labelId}>
        {plain ? t.plainLabel : t.boxesLabel}
      </p>
      {plain ? (
        <input
          className="short-answer-input"
          aria-labelledby={labelId}
          value={text}
          maxLength={MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          disabled={readOnly}
          onChange={(event) => change(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            onSubmit?.();
          }}
        />
      ) : (
        <AnswerBoxes
          value={text}
          labelId={labelId}
          disabled={readOnly}
          onChange={change}
          onSubmit={onSubmit}
        />
      )}
      {readOnly || (plain && [...text].length > BOX_COUNT) ? null : (
        <button
          type="button"
          className="short-answer-switch"
          onClick={() => switchTo(plain ? "boxes" : "plain")}
        >
          {plain ? t.toBoxes : t.toPlain}
        </button>
      )}
    </div>
  );
});

/** The typed answer after the result: right or not, and the accepted answers when the keys show. */
function ShortAnswerResult({
  question,
  text,
  reveal,
}: {
  question: QuestionView;
  text: string;
  reveal: Reveal;
}) {
  const right = shortAnswerIsRight(question, text);
  const answered = text.trim() !== "";
  const showKeys = reveal === "result-keys" || reveal === "review";
  const accepted = question.answers.filter((answer) => answer.isKey && answer.value !== undefined);
  const tolerance = accepted.find((answer) => answer.tolerance)?.tolerance;
  return (
    <div className="short-answer-result">
      <p className="short-answer-given" data-state={!answered ? "none" : right ? "right" : "wrong"}>
        <span className="statement-verdict" aria-hidden="true">
          {!answered ? "–" : right ? "✓" : "✗"}
        </span>
        <span>
          {answered ? t.yourAnswer(text) : t.noAnswer}
          {answered ? ` (${right ? t.markRight : t.markWrong})` : ""}
        </span>
      </p>
      {showKeys && accepted.length > 0 ? (
        <p className="short-answer-key">
          {t.accepted(accepted.map((answer) => answer.value ?? ""))}
          {tolerance ? ` ${t.tolerance(tolerance)}` : ""}
        </p>
      ) : null}
    </div>
  );
}
