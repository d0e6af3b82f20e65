import { useId } from "react";

/**
 * An on/off setting: a checkbox with the switch role, styled as a track, labelled by its text;
 * a `hint` under it says what it does and describes the switch.
 */
export function Switch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint?: string;
}) {
  const hintId = useId();
  const control = (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? hintId : undefined}
      />
      <span className="switch-track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
  if (!hint) return control;
  // The hint stays out of the label, so the switch's name is its label alone.
  return (
    <div className="switch-field">
      {control}
      <p className="switch-hint" id={hintId}>
        {hint}
      </p>
    </div>
  );
}
