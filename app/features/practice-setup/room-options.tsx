import { vi } from "#app/i18n/vi.ts";
import type { RoomSetup } from "#app/lib/room-setup.ts";
import { Switch } from "#app/ui/switch.tsx";
import { QUESTION_TIMES, RESULT_TIMES } from "#engine/countdowns.ts";
import type { Seconds } from "#engine/room-config.ts";

const t = vi.practiceSetup;

/** How to practise: the display mode, a sequence's countdowns, and the switches. */
export function RoomOptions({
  setup,
  update,
}: {
  setup: RoomSetup;
  update: (change: Partial<RoomSetup>) => void;
}) {
  const sequence = setup.practiceType === "SEQUENCE";
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
                checked={setup.practiceType === mode}
                onChange={() => update({ practiceType: mode })}
              />
              <span>{mode === "SEQUENCE" ? t.sequence : t.flat}</span>
            </label>
          ))}
        </div>
      </fieldset>

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
        </div>
      </fieldset>
    </>
  );
}

function SecondsChoice({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly number[];
  value: Seconds;
  onChange: (value: Seconds) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      <div className="segmented">
        {[...options, "OFF" as const].map((option) => (
          <label key={option} className="segment">
            <input
              type="radio"
              name={name}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{option === "OFF" ? t.off : t.seconds(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
