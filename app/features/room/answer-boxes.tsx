import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { viQuestionKinds } from "#app/i18n/vi/question-kinds.ts";

const t = viQuestionKinds;

/** The exam's answer sheet: four boxes for a short answer (Công văn 1239/BGDĐT-QLCL). */
export const BOX_COUNT = 4;

/**
 * What a box takes: a digit, "-" or ",". A "." becomes "," (a phone's number pad often has
 * only the point; the sheet writes the comma). Anything else typed is dropped.
 */
export function boxChars(text: string): string[] {
  const chars: string[] = [];
  for (const char of text) {
    if (/^[0-9,-]$/.test(char)) chars.push(char);
    else if (char === ".") chars.push(",");
  }
  return chars;
}

function boxesOf(value: string): string[] {
  const chars = [...value].slice(0, BOX_COUNT);
  return Array.from({ length: BOX_COUNT }, (_, i) => chars[i] ?? "");
}

/**
 * The four boxes: typing fills a box and moves to the next, Backspace in an empty box goes
 * back and clears the one before, the arrows move, a paste fills the boxes from where it
 * lands, Enter submits. The response is the boxes read left to right, empty ones skipped.
 */
export function AnswerBoxes({
  value,
  labelId,
  disabled,
  onChange,
  onSubmit,
}: {
  value: string;
  labelId: string;
  disabled?: boolean;
  onChange: (response: string) => void;
  onSubmit?: () => void;
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [boxes, setBoxes] = useState(() => boxesOf(value));
  // A reset or a restored room changes the value from outside: the boxes follow it.
  if (boxes.join("") !== value) setBoxes(boxesOf(value));

  function update(next: string[], focus: number | null) {
    setBoxes(next);
    onChange(next.join(""));
    if (focus !== null) inputs.current[Math.max(0, Math.min(BOX_COUNT - 1, focus))]?.focus();
  }

  function fill(from: number, chars: string[]) {
    const next = boxes.slice();
    chars.slice(0, BOX_COUNT - from).forEach((char, i) => (next[from + i] = char));
    update(next, from + chars.length);
  }

  function typed(at: number, text: string) {
    const chars = boxChars(text);
    if (chars.length === 0) {
      if (text === "") update(Object.assign(boxes.slice(), { [at]: "" }), null);
      return;
    }
    // The box's old character may still be in the field next to the new one.
    const old = boxes[at] ?? "";
    const fresh = chars.length > 1 && old !== "" && chars[0] === old ? chars.slice(1) : chars;
    fill(at, fresh);
  }

  function onKeyDown(at: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      onSubmit?.();
    } else if (event.key === "Backspace" && boxes[at] === "" && at > 0) {
      event.preventDefault();
      update(Object.assign(boxes.slice(), { [at - 1]: "" }), at - 1);
    } else if (event.key === "ArrowLeft" && at > 0) {
      event.preventDefault();
      inputs.current[at - 1]?.focus();
    } else if (event.key === "ArrowRight" && at < BOX_COUNT - 1) {
      event.preventDefault();
      inputs.current[at + 1]?.focus();
    }
  }

  function onPaste(at: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(at, boxChars(event.clipboardData.getData("text")));
  }

  return (
    <div className="answer-boxes" role="group" aria-labelledby={labelId}>
      {boxes.map((char, at) => (
        <input
          key={at}
          ref={(input) => {
            inputs.current[at] = input;
          }}
          className="answer-box"
          value={char}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-label={t.box(at + 1, BOX_COUNT)}
          disabled={disabled}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => typed(at, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(at, event)}
          onPaste={(event) => onPaste(at, event)}
        />
      ))}
    </div>
  );
}
