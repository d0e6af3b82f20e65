// @vitest-environment jsdom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnswerBoxes } from "./answer-boxes.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
let responses: string[];

function Harness() {
  const [value, setValue] = useState("");
  return (
    <AnswerBoxes
      value={value}
      labelId="label"
      onChange={(response) => {
        responses.push(response);
        setValue(response);
      }}
    />
  );
}

beforeEach(() => {
  responses = [];
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Harness />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const boxes = () => [...container.querySelectorAll("input")];

function paste(input: HTMLInputElement, text: string) {
  const event = new Event("paste", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "clipboardData", { value: { getData: () => text } });
  act(() => input.dispatchEvent(event));
}

function backspace(input: HTMLInputElement) {
  act(() => input.dispatchEvent(new KeyboardEvent("keydown", { key: "Backspace", bubbles: true })));
}

describe("the short answer's four boxes", () => {
  it("fill from the box a paste lands in, dropping what no box takes, and focus the box after", () => {
    paste(boxes()[0]!, " -1.5 cm");
    expect(boxes().map((box) => box.value)).toEqual(["-", "1", ",", "5"]);
    expect(responses.at(-1)).toBe("-1,5");
    paste(boxes()[2]!, "25");
    expect(boxes().map((box) => box.value)).toEqual(["-", "1", "2", "5"]);
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it("go back one box on Backspace in an empty box, clearing it", () => {
    paste(boxes()[0]!, "12");
    backspace(boxes()[2]!);
    expect(boxes().map((box) => box.value)).toEqual(["1", "", "", ""]);
    expect(document.activeElement).toBe(boxes()[1]);
    expect(responses.at(-1)).toBe("1");
  });
});
