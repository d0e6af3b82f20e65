import type { PreviewQuestion } from "#content/own-preview.ts";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { placePictures } from "#app/lib/question-pictures.ts";

const t = viOwnPracticeEditor;

/** Vietnamese writes a decimal comma: 0.1 → "0,1". */
function decimal(value: number): string {
  return value.toLocaleString("vi-VN", { maximumFractionDigits: 6 });
}

/**
 * A Đúng/Sai question's statements a), b)… each with its truth, or a short answer's accepted
 * answers: what the importer stores (ADR 0022), for the author to check before saving.
 */
export function KindAnswers({ question }: { question: PreviewQuestion }) {
  if (question.kind === "true_false") {
    return (
      <ul className="answer-list statement-list">
        {question.answers.map((answer, position) => (
          <li key={position} className="answer statement">
            <span className="answer-label">{String.fromCharCode(97 + position)})</span>{" "}
            <span
              className="rich"
              dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }}
            />{" "}
            <span className={answer.isKey ? "truth truth-true" : "truth truth-false"}>
              {answer.isKey ? t.statementTrue : t.statementFalse}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="accepted-answers">
      <p className="muted">{t.acceptedAnswers}:</p>
      <ul className="answer-list">
        {question.answers.map((answer, position) => (
          <li key={position} className="answer answer-key">
            <span
              className="rich"
              dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }}
            />
            {answer.tolerance ? (
              <span className="muted"> ({t.tolerance(decimal(answer.tolerance))})</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
