import { afterEach, describe, expect, it } from "vitest";
import { previewOwnText } from "./own-preview.ts";
import {
  createParsePool,
  isParseRefusal,
  sourceParseWorker,
  type ParsePool,
  type ParsePoolOptions,
} from "./parse-pool.ts";

/**
 * The parse pool (ADR 0015) from the TypeScript source, as the CLI and `npm run dev` run it
 * (tsx's loader in each thread); the server's tests drive the built worker instead.
 */
const pools: ParsePool[] = [];
async function pool(
  options: Omit<ParsePoolOptions, "workerFile" | "execArgv"> = {},
): Promise<ParsePool> {
  const created = createParsePool({ ...sourceParseWorker(), ...options });
  pools.push(created);
  await created.ready();
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** 150,000 formulas in 1.5 MB: linear, but KaTeX takes far more than a second over them. */
const SLOW_TEXT = `Câu 1: ${"$x^2 + y$ ".repeat(150_000)}\nA. y\nB. z\nĐáp án: A\n`;
/**
 * 30,000 questions in the "Câu n" layout (4 MB): read, far more than a 32 MB heap holds. Far,
 * not just past: at the margin, whether a heap of that size overflows depends on the
 * collector's timing. A text format, not JSON: the parser's own loop grows the heap a little at
 * a time, so the thread is stopped at its cap; one long native call (JSON.parse of a huge text)
 * can overshoot the cap before the thread is stopped, and that ends the whole process.
 */
const BIG_TEXT = Array.from(
  { length: 30_000 },
  (_, i) =>
    `Câu ${i + 1}: Nội dung câu hỏi số ${i + 1} ${"x".repeat(40)}\nA. Đúng\nB. Sai\nĐáp án: A\n`,
).join("\n");
const SAMPLE = "Câu 1: Thủ đô của Việt Nam?\nA. Huế\nB. Hà Nội\nĐáp án: B\n";

async function refusalOf(job: Promise<unknown>): Promise<string> {
  try {
    await job;
    return "answered";
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    return error.reason;
  }
}

describe("the parse pool", () => {
  it("answers a job exactly as the parser does on the event loop", async () => {
    const parse = await pool({ threads: 1, timeLimitMs: 30_000 });
    expect(await parse.run("previewText", { text: SAMPLE })).toEqual(
      previewOwnText({ text: SAMPLE }),
    );
  });

  it("stops a job past its time limit, and the next job is answered", async () => {
    const parse = await pool({ threads: 1, timeLimitMs: 2_000 });
    expect(await refusalOf(parse.run("previewText", { text: SLOW_TEXT }))).toBe("too-costly");
    // The stopped thread is ended, and the next job starts one. Its start counts against a
    // job's 2 s (a job's time runs from its arrival), and on a loaded machine a thread loading
    // the jobs module under tsx took longer than that: wait until the pool is ready again, then
    // time the next job.
    await parse.ready();
    expect((await parse.run("previewText", { text: SAMPLE })).questions).toHaveLength(1);
  });

  it("ends a thread left idle, and starts one for the next job", async () => {
    // Idle long enough that the first thread up is still alive when the second one is ready:
    // under tsx on a loaded machine their starts were more than 100 ms apart, and the first had
    // already ended when the count was read (once in a clean-clone run).
    const parse = await pool({ threads: 2, timeLimitMs: 30_000, idleThreadMs: 3_000 });
    expect(parse.threadCount()).toBe(2);
    await expect.poll(() => parse.threadCount(), { timeout: 20_000 }).toBe(0);
    expect((await parse.run("previewText", { text: SAMPLE })).questions).toHaveLength(1);
    expect(parse.threadCount()).toBe(1);
  });

  it("stops a job past its heap cap", { timeout: 60_000 }, async () => {
    const parse = await pool({ threads: 1, timeLimitMs: 30_000, memoryMb: 32 });
    const bytes = new TextEncoder().encode(BIG_TEXT);
    expect(await refusalOf(parse.run("readBankFile", { bytes, file: "lon.txt" }))).toBe(
      "too-costly",
    );
  });

  it("refuses at once when every thread is busy and the queue is full", async () => {
    const parse = await pool({ threads: 1, queue: 1, timeLimitMs: 2_000 });
    // As requests do, each job arrives in its own turn of the event loop.
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const running = refusalOf(parse.run("previewText", { text: SLOW_TEXT }));
    await nextTurn();
    const waiting = refusalOf(parse.run("previewText", { text: SAMPLE }));
    await nextTurn();
    expect(await refusalOf(parse.run("previewText", { text: SAMPLE }))).toBe("busy");
    expect(await running).toBe("too-costly");
    expect(await waiting).not.toBe("busy");
  });
});
