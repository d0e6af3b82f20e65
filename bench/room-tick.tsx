// npm run bench:tick — how long one countdown tick takes to render in the flat sheet with 200
// questions (and, for scale, one pick), in jsdom: React's work plus the DOM updates, median and
// p99 over 300 ticks. jsdom has no layout or paint, so a phone adds those on top; what this
// guards is that a tick stays a clock update and never becomes a 200-question re-render.
import { performance } from "node:perf_hooks";
import { JSDOM } from "jsdom";
import { roomConfig } from "#tests/support/engine-fixture.ts";

// React's production build, as phones run it (act() exists only in development builds, so
// renders are flushed with flushSync).
process.env.NODE_ENV = "production";

const dom = new JSDOM("<!doctype html><html><body></body></html>", { url: "http://localhost/" });
Object.assign(globalThis, {
  window: dom.window,
  document: dom.window.document,
  localStorage: dom.window.localStorage,
  HTMLElement: dom.window.HTMLElement,
});
Object.defineProperty(globalThis, "navigator", { value: dom.window.navigator, configurable: true });

const { createElement } = await import("react");
const { flushSync } = await import("react-dom");
const { createRoot } = await import("react-dom/client");
const { createRoom, reduceRoom } = await import("#engine/room.ts");
const { FlatRoom } = await import("#app/features/room/flat-room.tsx");
const { sampleQuestions } = await import("#tests/support/room-harness.tsx");

const QUESTIONS = 200;
let state = createRoom(
  sampleQuestions(QUESTIONS),
  roomConfig({
    practiceType: "FLAT",
    maxQuestionTime: "OFF",
    maxResultTime: "OFF",
    showNotification: false,
  }),
);
const container = document.createElement("div");
document.body.append(container);
const root = createRoot(container);
const dispatch = () => {};
const render = () =>
  root.render(createElement(FlatRoom, { state, dispatch, title: "Đề đo", label: "Tất cả" }));

const firstStart = performance.now();
flushSync(render);
const firstRender = performance.now() - firstStart;

function measure(step: (i: number) => void, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    step(i);
    flushSync(render);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

measure(() => (state = reduceRoom(state, { type: "tick" })), 50); // warm-up
const ticks = measure(() => (state = reduceRoom(state, { type: "tick" })), 300);
const picks = measure(
  (i) =>
    (state = reduceRoom(state, {
      type: "toggle",
      position: i % QUESTIONS,
      answerIdx: 1 + (i % 3),
    })),
  300,
);

console.log(`Flat sheet, ${QUESTIONS} questions (jsdom, Node ${process.version})`);
console.log(`  first render        ${firstRender.toFixed(1)} ms`);
console.log(
  `  one tick            median ${percentile(ticks, 50).toFixed(3)} ms   p99 ${percentile(ticks, 99).toFixed(3)} ms`,
);
console.log(
  `  one pick            median ${percentile(picks, 50).toFixed(3)} ms   p99 ${percentile(picks, 99).toFixed(3)} ms`,
);
root.unmount();
