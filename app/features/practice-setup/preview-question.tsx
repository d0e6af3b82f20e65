import type { QuestionView } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import { answerLabel } from "#engine/labels.ts";
import { pictureAnswersClass, placePictures } from "#app/lib/question-pictures.ts";

const t = vi.practiceSetup;

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
      <ul className={`answer-list${pictureAnswersClass(question.answers)}`}>
        {question.answers.map((answer, position) => {
          const marked = showKeys && answer.isKey;
          return (
            <li key={answer.idx} className={marked ? "answer answer-key" : "answer"}>
              <span className="answer-label">{answerLabel(position)}.</span>{" "}
              <span
                className="rich"
                dangerouslySetInnerHTML={{ __html: placePictures(answer.html) }}
              />
              {marked ? <span className="visually-hidden"> ({t.keyBadge})</span> : null}
            </li>
          );
        })}
      </ul>
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
