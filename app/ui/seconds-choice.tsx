import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import type { Seconds } from "#engine/room-config.ts";

const t = viPracticeSetup;

/**
 * A countdown's length: "20 giây", "30 giây"… and "Tắt", as radio buttons styled as segments
 * (the practice set-up and the review's set-up). Each radio's value is the address's spelling
 * (`30`, `OFF`), so a plain form sends it before any script runs.
 */
export function SecondsChoice({
  name,
  legend,
  options,
  value,
  onChange,
  children,
}: {
  name: string;
  legend: string;
  options: readonly number[];
  value: Seconds;
  onChange: (value: Seconds) => void;
  /** Said under the legend. */
  children?: React.ReactNode;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      {children}
      <div className="segmented">
        {[...options, "OFF" as const].map((option) => (
          <label key={option} className="segment">
            <input
              type="radio"
              name={name}
              value={String(option)}
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
