// @vitest-environment jsdom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ExamQuestionShown } from "./exam-sheet.ts";
import { ShortAnswerField, StatementMarks } from "./exam-response.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The placeholders of the new kinds give the contract's response strings: Đúng/Sai marks one
 * character per statement in idx order (whatever order the statements are shown in), a short
 * answer as typed.
 */
let container: HTMLElement;
let root: Root;
let given: string | null = null;

beforeEach(() => {
  given = null;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const trueFalse: ExamQuestionShown = {
  id: 7,
  idx: 0,
  textHtml: "Xét các mệnh đề",
  kind: "true_false",
  keyCount: 0,
  // Shown shuffled: d), a)… on screen are idx 3, 0, 2, 1.
  answers: [3, 0, 2, 1].map((idx) => ({ idx, html: `Mệnh đề ${idx}` })),
};

function Marks() {
  const [response, setResponse] = useState<string | null>(null);
  const respond = (marks: string) => {
    given = marks;
    setResponse(marks);
  };
  return <StatementMarks question={trueFalse} number={1} response={response} onRespond={respond} />;
}

function radio(statement: number, label: "Đúng" | "Sai"): HTMLInputElement {
  const group = [...container.querySelectorAll(".exam-statement")].find((row) =>
    row.textContent?.includes(`Mệnh đề ${statement}`),
  )!;
  return [...group.querySelectorAll("label")]
    .find((l) => l.textContent === label)!
    .querySelector("input")!;
}

describe("the exam's placeholders for Đúng/Sai and short answer", () => {
  it("marks statements in idx order, '-' for the ones not marked", () => {
    act(() => root.render(<Marks />));
    act(() => radio(0, "Đúng").click());
    expect(given).toBe("T---");
    act(() => radio(3, "Sai").click());
    act(() => radio(1, "Đúng").click());
    expect(given).toBe("TT-F");
    act(() => radio(1, "Sai").click());
    expect(given).toBe("TF-F");
    expect(radio(1, "Sai").checked).toBe(true);
  });

  it("gives a short answer as typed, at most 32 characters", () => {
    const question: ExamQuestionShown = { ...trueFalse, kind: "short_answer", answers: [] };
    act(() =>
      root.render(
        <ShortAnswerField question={question} response="-1,5" onRespond={() => undefined} />,
      ),
    );
    const input = container.querySelector("input")!;
    expect(input.value).toBe("-1,5");
    expect(input.maxLength).toBe(32);
    expect(container.querySelector("label")?.textContent).toBe("Câu trả lời");
  });
});
