import type { QuestionView } from "#db/catalogue.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";
import { answerLabel } from "#engine/labels.ts";
import { pictureAnswersClass, placePictures } from "#app/lib/question-pictures.ts";

const t = viPracticeSetup;

/** One question of "Xem trước câu hỏi", its keys and explanation marked when `showKeys`. */
export function PreviewQuestion({
  question,
  showKeys,
}: {
  question: QuestionView;
  showKeys: boolean;
}) {
  return (
    <li className="question-card">
      <p className="question-text">
        <strong>{t.questionLabel(question.idx + 1)}</strong>{" "}
        <span
          className="rich"
          dangerouslySetInnerHTML={{ __html: placePictures(question.textHtml) }}
        />
      </p>
      {question.keyCount > 1 ? (
        <p className="question-hint">{t.chooseKeys(question.keyCount)}</p>
      ) : null}
      {question.kind === "short_answer" ? (
        // A short answer's answers are its accepted answers: shown only with the keys.
        showKeys ? (
          <p className="answer answer-key">
            {viQuestionKinds.accepted(question.answers.map((answer) => answer.value ?? ""))}
          </p>
        ) : null
      ) : (
        <ul className={`answer-list${pictureAnswersClass(question.answers)}`}>
          {question.answers.map((answer, position) => (
            <PreviewAnswer
              key={answer.idx}
              answer={answer}
              position={position}
              statement={question.kind === "true_false"}
              showKeys={showKeys}
            />
          ))}
        </ul>
      )}
      {showKeys && question.explanationHtml ? (
        <p className="explanation">
          <strong>{t.explanation}:</strong>{" "}
          <span
            className="rich"
            dangerouslySetInnerHTML={{ __html: placePictures(question.explanationHtml) }}
          />
        </p>
      ) : null}
      {showKeys && question.referenceUrl ? (
        <p>
          <a href={question.referenceUrl} rel="noopener noreferrer" target="_blank">
            {t.reference}
          </a>
        </p>
      ) : null}
    </li>
  );
}

/**
 * One answer, or one statement of a Đúng/Sai question ("a) …", with "Đáp án đúng: Đúng/Sai"
 * when the keys show: a false statement is no less an answer to read).
 */
function PreviewAnswer({
  answer,
  position,
  statement,
  showKeys,
}: {
  answer: QuestionView["answers"][number];
  position: number;
  statement: boolean;
  showKeys: boolean;
}) {
  const marked = showKeys && answer.isKey && !statement;
  const letter = answerLabel(position);
  return (
    <li className={marked ? "answer answer-key" : "answer"}>
      <span className="answer-label">
        {statement ? viQuestionKinds.statementLetter(letter.toLowerCase()) : `${letter}.`}
      </span>{" "}
      <span className="rich" dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }} />
      {marked ? <span className="visually-hidden"> ({t.keyBadge})</span> : null}
      {statement && showKeys ? <strong> — {viQuestionKinds.truth(answer.isKey)}</strong> : null}
    </li>
  );
}
