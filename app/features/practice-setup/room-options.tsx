import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import type { RoomSetup } from "#app/lib/room-setup.ts";
import { SecondsChoice } from "#app/ui/seconds-choice.tsx";
import { Switch } from "#app/ui/switch.tsx";
import { QUESTION_TIMES, RESULT_TIMES } from "#engine/countdowns.ts";
import { ExamMinutesChoice } from "./exam-options.tsx";
import type { ExamMinutes } from "./mock-exam-start.ts";

const t = viPracticeSetup;

/** A mock exam ("Thi thử") beside the room's modes: whether it is chosen, and its time. */
export interface ExamChoice {
  on: boolean;
  minutes: ExamMinutes;
  set: (change: { on?: boolean; minutes?: ExamMinutes }) => void;
}

/** How to practise: the display mode or a mock exam, a sequence's countdowns, and the switches. */
export function RoomOptions({
  setup,
  update,
  exam,
}: {
  setup: RoomSetup;
  update: (change: Partial<RoomSetup>) => void;
  exam: ExamChoice;
}) {
  const sequence = setup.practiceType === "SEQUENCE" && !exam.on;
  return (
    <>
      <fieldset className="choice-group">
        <legend>{t.displayMode}</legend>
        <div className="segmented">
          {(["SEQUENCE", "FLAT"] as const).map((mode) => (
            <label key={mode} className="segment">
              <input
                type="radio"
                name="mode"
                checked={!exam.on && setup.practiceType === mode}
                onChange={() => {
                  exam.set({ on: false });
                  update({ practiceType: mode });
                }}
              />
              <span>{mode === "SEQUENCE" ? t.sequence : t.flat}</span>
            </label>
          ))}
          <label className="segment">
            <input
              type="radio"
              name="mode"
              checked={exam.on}
              onChange={() => exam.set({ on: true })}
            />
            <span>{viMockExam.mode}</span>
          </label>
        </div>
      </fieldset>

      {exam.on ? (
        <ExamMinutesChoice value={exam.minutes} onChange={(minutes) => exam.set({ minutes })} />
      ) : null}

      {sequence ? (
        <>
          <SecondsChoice
            name="question-time"
            legend={t.questionTime}
            options={QUESTION_TIMES}
            value={setup.maxQuestionTime}
            onChange={(v) => update({ maxQuestionTime: v })}
          />
          <SecondsChoice
            name="result-time"
            legend={t.resultTime}
            options={RESULT_TIMES}
            value={setup.maxResultTime}
            onChange={(v) => update({ maxResultTime: v })}
          />
        </>
      ) : null}

      <fieldset className="choice-group">
        <legend>{t.options}</legend>
        <div className="switches">
          {sequence ? (
            <>
              <Switch
                label={t.showKey}
                checked={setup.showQuestionKeyAfterQuestionEnd}
                onChange={(v) => update({ showQuestionKeyAfterQuestionEnd: v })}
              />
              <Switch
                label={t.notify}
                checked={setup.showNotification}
                onChange={(v) => update({ showNotification: v })}
              />
            </>
          ) : null}
          <Switch
            label={t.shuffleQuestions}
            checked={setup.shuffleQuestions}
            onChange={(v) => update({ shuffleQuestions: v })}
          />
          <Switch
            label={t.shuffleAnswers}
            checked={setup.shuffleAnswers}
            onChange={(v) => update({ shuffleAnswers: v })}
          />
          {exam.on ? null : (
            <Switch
              label={t.askConfidence}
              checked={setup.askConfidence === true}
              onChange={(v) => update({ askConfidence: v })}
              hint={t.askConfidenceHint}
            />
          )}
        </div>
      </fieldset>
    </>
  );
}
