// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomConfig } from "#engine/types.ts";
import { RoomHarness, sampleQuestions } from "#tests/support/room-harness.tsx";
import { roomConfig } from "#tests/support/engine-fixture.ts";

/**
 * A countdown tick must re-render the clock, never the question or the sheet: on a cheap phone a
 * 200-question sheet re-rendered every second would eat the battery and drop keystrokes.
 * The room counts renders of its heavy parts when a Map is put on globalThis.
 */
const counts = new Map<string, number>();
(globalThis as { __onTapRenderCounts?: Map<string, number> }).__onTapRenderCounts = counts;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base: RoomConfig = roomConfig({ showNotification: false, seed: 7 });

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

function mount(config: RoomConfig, questionCount: number) {
  act(() => {
    root.render(
      <RoomHarness
        questions={sampleQuestions(questionCount)}
        config={config}
        attemptId={`00000000-0000-4000-8000-${String(questionCount).padStart(12, "0")}`}
      />,
    );
  });
  counts.clear();
}

function tick(seconds = 1) {
  for (let i = 0; i < seconds; i += 1) {
    act(() => {
      vi.advanceTimersByTime(1000);
    });
  }
}

const clock = () => container.querySelector(".room-clock")?.textContent ?? "";

describe("render counts", () => {
  it("sequence: ticks change the countdown without re-rendering the question", () => {
    mount(base, 5);
    expect(clock()).toContain("00:30");
    tick(3);
    expect(clock()).toContain("00:27");
    expect(counts.get("question") ?? 0).toBe(0);
  });

  it("flat, 200 questions: ticks re-render neither the sheet nor any question; a pick re-renders one question", () => {
    mount({ ...base, practiceType: "FLAT" }, 200);
    expect(container.querySelectorAll(".sheet > li")).toHaveLength(200);
    tick(5);
    expect(clock()).toContain("00:05");
    expect(counts.get("sheet") ?? 0).toBe(0);
    expect(counts.get("question") ?? 0).toBe(0);

    const secondAnswerOfQuestion10 = container.querySelectorAll<HTMLButtonElement>(
      "#cau-10 button.answer-option",
    )[1]!;
    act(() => secondAnswerOfQuestion10.click());
    expect(secondAnswerOfQuestion10.getAttribute("aria-pressed")).toBe("true");
    expect(counts.get("sheet")).toBe(1);
    expect(counts.get("question")).toBe(1);
  });
});
