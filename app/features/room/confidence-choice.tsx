import { memo } from "react";
import type { Confidence } from "#engine/types.ts";
import { viRoom } from "#app/i18n/vi/room.ts";

const t = viRoom;

/**
 * "Độ chắc chắn" (issue 30): "Chắc chắn" or "Đoán" for the question at `position`, offered once it
 * is answered. In a sequence the tap submits the answer, so the buttons are plain actions; on the
 * whole sheet each is a toggle that stays pressed until "Kết thúc" (aria-pressed says which).
 */
export const ConfidenceChoice = memo(function ConfidenceChoice({
  position,
  answered,
  value,
  submits,
  onConfide,
}: {
  position: number;
  answered: boolean;
  /** The mark given so far (the sheet); null: none. */
  value: Confidence | null;
  /** A sequence room: the tap is the submit. */
  submits: boolean;
  onConfide: (position: number, confidence: Confidence) => void;
}) {
  const hintId = `confidence-hint-${position}`;
  return (
    <div
      className="confidence-choice"
      role="group"
      aria-label={t.confidenceQuestion}
      aria-describedby={answered ? undefined : hintId}
    >
      <p className="confidence-question" aria-hidden="true">
        {t.confidenceQuestion}
      </p>
      <div className="confidence-buttons">
        {(["SURE", "GUESS"] as const).map((mark) => (
          <button
            key={mark}
            type="button"
            className={submits ? "button button-primary" : "button button-secondary"}
            data-mark={mark}
            aria-pressed={submits ? undefined : value === mark}
            disabled={!answered}
            onClick={() => onConfide(position, mark)}
          >
            {mark === "SURE" ? t.sure : t.guess}
          </button>
        ))}
      </div>
      {answered ? null : (
        <p className="confidence-hint" id={hintId}>
          {t.confidenceAnswerFirst}
        </p>
      )}
    </div>
  );
});
