import { memo } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { answerLabel } from "#engine/labels.ts";
import { vi } from "#app/i18n/vi.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import { inertPictures, pictureAnswersClass, placePictures } from "#app/lib/question-pictures.ts";

const t = viRoom;

/**
 * How much of the truth an answer list shows:
 * - "answering": picks only;
 * - "result-keys": keys green, wrong picks red (the result, "Hiển thị đáp án sau câu hỏi" on);
 * - "result-picks": each pick green or red, unpicked keys stay hidden (that option off);
 * - "review": the summary: keys and wrong picks, nothing to click.
 */
export type Reveal = "answering" | "result-keys" | "result-picks" | "review";

interface AnswerOptionsProps {
  question: QuestionView;
  /** Original answer idxs in display order: letters go by display position. */
  answerOrder: readonly number[];
  picks: readonly number[];
  reveal: Reveal;
  disabled?: boolean;
  /** Display position of the question, passed back to onToggle (FLAT toggles any question). */
  position: number;
  onToggle?: (position: number, answerIdx: number) => void;
}

/**
 * The answers of one question as toggle buttons labelled A, B, C… for any count (E, F and on):
 * round marks when one answer is asked for, square when several are. Memoised on its props,
 * which stay the same objects across countdown ticks, so a tick never re-renders it. Answers
 * that are only pictures sit in a grid; inside an answer's button a picture picks the answer,
 * and a zoom button beside it enlarges the picture (a button may not hold another).
 */
export const AnswerOptions = memo(function AnswerOptions({
  question,
  answerOrder,
  picks,
  reveal,
  disabled = false,
  position,
  onToggle,
}: AnswerOptionsProps) {
  const multi = question.keyCount > 1;
  const interactive = reveal === "answering" && onToggle !== undefined;
  return (
    <ul
      className={`answer-options${pictureAnswersClass(question.answers)}`}
      data-shape={multi ? "square" : "round"}
    >
      {answerOrder.map((idx, displayPosition) => {
        const answer = question.answers.find((a) => a.idx === idx);
        if (!answer) return null;
        const picked = picks.includes(idx);
        const state = answerState(reveal, picked, answer.isKey);
        const letter = answerLabel(displayPosition);
        const label = `${letter}.`;
        // The source's feedback on this answer, once the result is out, to whoever picked it.
        const feedback = reveal !== "answering" && picked ? answer.feedbackHtml : undefined;
        // How others answered (issue 30), once the result is out and enough have answered.
        const share =
          reveal !== "answering" && question.share ? (question.share.percents[idx] ?? 0) : null;
        const shown = interactive
          ? inertPictures(placePictures(answer.html))
          : { html: placePictures(answer.html), count: 0 };
        const content = (
          <>
            <span className="answer-mark" aria-hidden="true" />
            <span className="answer-letter">{label}</span>
            <span className="answer-body">
              <span className="rich" dangerouslySetInnerHTML={{ __html: shown.html }} />
              {feedback ? (
                <span className="answer-feedback">
                  {t.answerFeedback}{" "}
                  <span
                    className="rich"
                    dangerouslySetInnerHTML={{ __html: placePictures(feedback) }}
                  />
                </span>
              ) : null}
            </span>
            {share !== null && question.share ? (
              <span
                className="answer-share"
                title={t.answerShareOf(share, question.share.answered)}
              >
                {t.answerShare(share)}
              </span>
            ) : null}
            {state === "key" || state === "right" ? (
              <span className="visually-hidden">
                {" "}
                ({picked ? t.pickedMark + ", " : ""}
                {t.keyMark})
              </span>
            ) : state === "wrong" ? (
              <span className="visually-hidden"> ({t.wrongMark})</span>
            ) : null}
          </>
        );
        return (
          <li key={idx} data-zoom={shown.count > 0 || undefined}>
            {interactive ? (
              <>
                <button
                  type="button"
                  className="answer-option"
                  data-state={state}
                  aria-pressed={picked}
                  disabled={disabled}
                  onClick={() => onToggle(position, idx)}
                >
                  {content}
                </button>
                <ZoomButtons count={shown.count} letter={letter} />
              </>
            ) : (
              <div className="answer-option" data-state={state} data-picked={picked}>
                {picked && state === "picked" ? (
                  <span className="visually-hidden">({t.pickedMark}) </span>
                ) : null}
                {content}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
});

/**
 * One zoom button per picture of an answer shown as a button (AnswerOptions), in a column at the
 * answer's corner: the lightbox (app/features/pictures) opens the answer's picture at
 * `data-picture-index`.
 */
function ZoomButtons({ count, letter }: { count: number; letter: string }) {
  if (count === 0) return null;
  return (
    <span className="answer-zooms">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="answer-zoom"
          data-picture-zoom
          data-picture-index={index}
          aria-label={vi.pictures.zoomAnswer(letter, count > 1 ? index + 1 : null)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path
              d="M15 15l5.5 5.5M10.5 7.5v6M7.5 10.5h6"
              stroke="currentColor"
              strokeWidth="2.2"
            />
          </svg>
        </button>
      ))}
    </span>
  );
}

function answerState(
  reveal: Reveal,
  picked: boolean,
  isKey: boolean,
): "idle" | "picked" | "key" | "right" | "wrong" {
  if (reveal === "answering") return picked ? "picked" : "idle";
  if (reveal === "result-picks") return picked ? (isKey ? "right" : "wrong") : "idle";
  if (isKey) return picked ? "right" : "key";
  return picked ? "wrong" : "idle";
}
