import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { ParseJob, ParseJobName, ParseJobs } from "./parse-jobs.ts";
import { PARSE_LIMITS } from "./parse-limits.ts";

/**
 * Files and texts nobody vouches for are read off the event loop (ADR 0015): a pool of worker
 * threads (piscina) runs the jobs of content/parse-jobs.ts, each with a time limit counted from
 * its arrival (waiting for a thread included) and a heap cap, behind a bounded queue. A job
 * past its time or memory has its thread ended; a job that finds the queue full is refused at
 * once. Either way the caller gets a ParseRefusal to word for the student, and the process's
 * own event loop never parsed a byte. Threads start when a job finds none and end when idle
 * (ADR 0040).
 */
export interface ParsePoolOptions {
  /** The worker's script: build/host/parse-worker.js, or content/parse-worker.ts under tsx. */
  workerFile: string | URL;
  /** Node options of each thread (`--import tsx` to run the TypeScript source). */
  execArgv?: string[];
  threads?: number;
  queue?: number;
  timeLimitMs?: number;
  memoryMb?: number;
  /** How long a thread with no job lives on. */
  idleThreadMs?: number;
  /**
   * An error of a thread outside any job (its script failing to load, say): reported, never
   * thrown, since an unheard "error" event would end the whole process.
   */
  onError?: (error: unknown) => void;
}

export type ParseRefusalReason = "too-costly" | "busy";

/** A job stopped (time or memory) or never started (queue full): not the input's syntax. */
export class ParseRefusal extends Error {
  constructor(readonly reason: ParseRefusalReason) {
    super(reason === "busy" ? "parse queue full" : "parse job over its time or memory limit");
    this.name = "ParseRefusal";
  }
}

/**
 * Whether an error is a ParseRefusal, by its name: the route modules are bundled apart from
 * the host that made the pool, so each has its own copy of the class and `instanceof` fails.
 */
export function isParseRefusal(error: unknown): error is ParseRefusal {
  return (error as { name?: unknown } | null)?.name === "ParseRefusal";
}

export interface ParsePool {
  run<Name extends ParseJobName>(
    name: Name,
    input: Parameters<ParseJobs[Name]>[0],
  ): Promise<Awaited<ReturnType<ParseJobs[Name]>>>;
  /**
   * Resolves once every thread has loaded its script and answered: a command (or a test) waits
   * for it so that loading, slow under tsx, never counts against its first job's time.
   */
  ready(): Promise<void>;
  /** Threads alive now, starting ones included: none when no job came for `idleThreadMs`. */
  threadCount(): number;
  close(): Promise<void>;
}

export function createParsePool(options: ParsePoolOptions): ParsePool {
  const threads = options.threads ?? PARSE_LIMITS.threads;
  const queue = options.queue ?? PARSE_LIMITS.queue;
  const timeLimitMs = options.timeLimitMs ?? PARSE_LIMITS.timeLimitMs;
  const memoryMb = options.memoryMb ?? PARSE_LIMITS.memoryMb;
  const idleThreadMs = options.idleThreadMs ?? PARSE_LIMITS.idleThreadMs;
  const jobsModule =
    options.workerFile instanceof URL
      ? options.workerFile.href
      : pathToFileURL(options.workerFile).href;
  const piscina = new Piscina({
    // A CommonJS first step that imports the jobs module asynchronously (see parse-thread.cjs).
    filename: fileURLToPath(new URL("./parse-thread.cjs", import.meta.url)),
    workerData: { jobsModule },
    // None kept: an idle thread holds ~45 MB, and most minutes see no upload (issue 29).
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: idleThreadMs,
    // Below the event loop's priority: under a flood of hostile jobs the process still answers
    // its other requests (/healthz, pages) at once (@napi-rs/nice; ignored where missing).
    niceIncrement: 10,
    // A thread's heap cap: past it, V8 stops the thread instead of growing the process.
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });
  piscina.on("error", (error: unknown) => options.onError?.(error));
  // The queue is counted here, not by piscina: its maxQueue does not count abortable tasks
  // (ours all are: the time limit is an AbortSignal), which wait in a queue of their own.
  let jobs = 0;
  const nothing = { name: "previewText", input: { text: "" } } satisfies ParseJob;
  return {
    async run(name, input) {
      if (jobs >= threads + queue) throw new ParseRefusal("busy");
      jobs += 1;
      // From the job's arrival: a thread's start, when none was alive, counts too (~0.25 s
      // here). A student's answer comes within the limit, whatever the threads were doing.
      const signal = AbortSignal.timeout(timeLimitMs);
      try {
        return await piscina.run({ name, input }, { signal });
      } catch (error) {
        throw refusalOf(error, signal) ?? error;
      } finally {
        jobs -= 1;
      }
    },
    async ready() {
      await Promise.all(Array.from({ length: threads }, () => piscina.run(nothing)));
    },
    threadCount: () => piscina.threads.length,
    close: () => piscina.destroy(),
  };
}

/** Piscina's ways of saying the job was stopped, as a ParseRefusal. */
function refusalOf(error: unknown, signal: AbortSignal): ParseRefusal | null {
  const { name, code } = error as { name?: string; code?: string };
  if (signal.aborted || name === "AbortError") return new ParseRefusal("too-costly");
  if (code === "ERR_WORKER_OUT_OF_MEMORY") return new ParseRefusal("too-costly");
  return null;
}

/**
 * The worker from source, for whatever runs the TypeScript directly (the CLI under tsx,
 * `npm run dev`, tests): each thread imports it through tsx's API (parse-thread.cjs), with no
 * loader of the parent's (`--import tsx` there would intercept tsx's own import).
 */
export function sourceParseWorker(): Pick<ParsePoolOptions, "workerFile" | "execArgv"> {
  return { workerFile: new URL("./parse-worker.ts", import.meta.url), execArgv: [] };
}
