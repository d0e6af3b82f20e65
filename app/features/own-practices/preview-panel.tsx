import type { PreviewProblem, PreviewQuestion } from "#content/own-preview.ts";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import type { PreviewReply } from "./preview-request.ts";
import { answerLabel } from "#engine/labels.ts";
import { pictureAnswersClass, placePictures } from "#app/lib/question-pictures.ts";
import { KindAnswers } from "./kind-answers.tsx";

const t = viOwnPracticeEditor;

/**
 * The preview beside the text area: the problems first (each at its line, the line itself
 * shown and highlighted, a click puts the caret there), then every question as the room shows
 * it, keys marked.
 */
export function PreviewPanel({
  preview,
  sourceText,
  updating,
  failure,
  empty,
  onGoTo,
}: {
  preview: PreviewReply | null;
  sourceText: string;
  updating: boolean;
  failure: string | null;
  empty: boolean;
  onGoTo: (line: number) => void;
}) {
  const errors = preview?.problems.filter((p) => p.severity === "error").length ?? 0;
  const warnings = (preview?.problems.length ?? 0) - errors;
  return (
    <section className="own-preview" aria-labelledby="own-preview-heading">
      <div className="own-preview-head">
        <h2 id="own-preview-heading">{t.previewHeading}</h2>
        <p className="muted" role="status">
          {updating ? t.previewUpdating : ""}
        </p>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {!preview || empty ? (
        <p className="muted">{t.previewEmpty}</p>
      ) : (
        <>
          <p className="own-summary">{t.summary(preview.questions.length, preview.chapterCount)}</p>
          <section className="own-problems" aria-labelledby="own-problems-heading">
            <h3 id="own-problems-heading" aria-live="polite">
              {preview.problems.length > 0 ? t.problemsHeading(errors, warnings) : t.noProblems}
            </h3>
            {preview.problems.length > 0 ? (
              <ProblemList problems={preview.problems} text={sourceText} onGoTo={onGoTo} />
            ) : null}
          </section>
          <div className="own-questions" tabIndex={0} role="region" aria-label={t.previewQuestions}>
            <ol className="question-list">
              {preview.questions.map((question) => (
                <QuestionCard key={question.number} question={question} />
              ))}
            </ol>
          </div>
        </>
      )}
    </section>
  );
}

export function ProblemList({
  problems,
  text,
  onGoTo,
}: {
  problems: PreviewProblem[];
  text: string;
  onGoTo: (line: number) => void;
}) {
  const lines = text.split("\n");
  return (
    <ul className="own-problem-list">
      {problems.map((problem, index) => {
        const source = lines[problem.line - 1] ?? "";
        return (
          <li key={index} className={`own-problem own-problem-${problem.severity}`}>
            <button
              type="button"
              className="own-problem-button"
              onClick={() => onGoTo(problem.line)}
              title={t.goToLine(problem.line)}
            >
              <span className="own-problem-where">
                <span className="own-problem-kind">
                  {problem.severity === "error" ? t.error : t.warning}
                </span>{" "}
                {t.line(problem.line)}
              </span>
              <span className="own-problem-message">{problem.message}</span>
            </button>
            <pre className="own-problem-source">
              <span className="own-problem-number" aria-hidden="true">
                {problem.line}
              </span>
              <mark>{source.trim() === "" ? t.emptyLine : source}</mark>
            </pre>
          </li>
        );
      })}
    </ul>
  );
}

function QuestionCard({ question }: { question: PreviewQuestion }) {
  return (
    <li className="question-card">
      {question.chapter ? <p className="own-chapter muted">{question.chapter}</p> : null}
      <p className="question-text">
        <strong>{t.questionLabel(question.number)}</strong>{" "}
        <span
          className="rich"
          dangerouslySetInnerHTML={{ __html: placePictures(question.textHtml) }}
        />
      </p>
      {question.keyCount > 1 ? (
        <p className="question-hint">{t.chooseKeys(question.keyCount)}</p>
      ) : null}
      {question.kind === "choice" ? (
        <ChoiceAnswers question={question} />
      ) : (
        <KindAnswers question={question} />
      )}
      {question.explanationHtml ? (
        <p className="explanation">
          <strong>{t.explanation}:</strong>{" "}
          <span
            className="rich"
            dangerouslySetInnerHTML={{ __html: placePictures(question.explanationHtml) }}
          />
        </p>
      ) : null}
    </li>
  );
}

function ChoiceAnswers({ question }: { question: PreviewQuestion }) {
  return (
    <ul className={`answer-list${pictureAnswersClass(question.answers)}`}>
      {question.answers.map((answer, position) => (
        <li key={position} className={answer.isKey ? "answer answer-key" : "answer"}>
          <span className="answer-label">{answerLabel(position)}.</span>{" "}
          <span className="rich" dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }} />
          {answer.isKey ? <span className="visually-hidden"> ({t.keyBadge})</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The layout the page teaches, with an example to copy. */
export function FormatHelp() {
  return (
    <section className="own-help" aria-labelledby="own-help-heading">
      <h2 id="own-help-heading">{t.helpHeading}</h2>
      <p>{t.helpIntro}</p>
      <pre className="own-help-example">{t.helpExample}</pre>
      <p>{t.helpKinds}</p>
      <pre className="own-help-example own-help-wrap">{t.helpKindsExample}</pre>
      <p>{t.helpMath}</p>
    </section>
  );
}
