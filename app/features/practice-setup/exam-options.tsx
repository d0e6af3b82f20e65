import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { MOCK_EXAM_MINUTES } from "#base/limits.ts";
import type { ExamMinutes } from "./mock-exam-start.ts";

const t = viMockExam;

/** "Thời gian làm bài" of a mock exam: 15, 45, 50, 90 phút or Tắt. */
export function ExamMinutesChoice({
  value,
  onChange,
}: {
  value: ExamMinutes;
  onChange: (value: ExamMinutes) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{t.minutes}</legend>
      <p className="muted choice-hint">{t.modeHint}</p>
      <div className="segmented">
        {[...MOCK_EXAM_MINUTES, null].map((option) => (
          <label key={option ?? "off"} className="segment">
            <input
              type="radio"
              name="exam-minutes"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{option === null ? t.noLimit : t.minutesOption(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
