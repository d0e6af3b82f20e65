// Loaded into every process of the server by the students run (NODE_OPTIONS=--import, through
// startApp's `heapReport`): each second, the process writes its V8 heap's size and use to
// BENCH_HEAP_DIR/<pid>.json, so the bench can tell what of a worker's RSS is the JavaScript heap
// and what lies outside it (code, native buffers, malloc's arenas), which /proc alone cannot:
// of what lies outside, the Buffers and ArrayBuffers V8 knows of, and (Linux) what of the RSS
// is mapped files (the node binary, native modules' libraries) rather than memory of its own.
// Only the main thread: a parse thread has a heap of its own and the same pid.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const file = path.join(process.env.BENCH_HEAP_DIR, `${process.pid}.json`);
  const mb = (bytes) => Math.round(bytes / (1024 * 1024));
  // How long the event loop was held at a time: a request that arrives then waits it out.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // Of which the collector's pauses: their sum and the longest.
  const gc = { ms: 0, max: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.ms += entry.duration;
      gc.max = Math.max(gc.max, entry.duration);
    }
  }).observe({ entryTypes: ["gc"] });
  setInterval(() => {
    const { heapTotal, heapUsed, external } = process.memoryUsage();
    const files = mappedFilesKb();
    writeFileSync(
      file,
      JSON.stringify({
        heapTotal: mb(heapTotal),
        heapUsed: mb(heapUsed),
        external: mb(external),
        files: files === null ? undefined : mb(files * 1024),
        loopDelayP99: Math.round(loopDelay.percentile(99) / 1e6),
        loopDelayMax: Math.round(loopDelay.max / 1e6),
        gcMs: Math.round(gc.ms),
        gcMaxMs: Math.round(gc.max),
      }),
    );
  }, 1000).unref();
}

/** RssFile of /proc/self/status, in kB: the resident pages that map files. Null off Linux. */
function mappedFilesKb() {
  try {
    const line = /^RssFile:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}
