// Loaded into every process of the server by the students run (NODE_OPTIONS=--import, through
// startApp's `heapReport`): each second, the process writes its V8 heap's size and use to
// BENCH_HEAP_DIR/<pid>.json, so the bench can tell what of a worker's RSS is the JavaScript heap
// and what lies outside it (code, native buffers, malloc's arenas), which /proc alone cannot.
// Only the main thread: a parse thread has a heap of its own and the same pid.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  const file = path.join(process.env.BENCH_HEAP_DIR, `${process.pid}.json`);
  const mb = (bytes) => Math.round(bytes / (1024 * 1024));
  setInterval(() => {
    const { heapTotal, heapUsed } = process.memoryUsage();
    writeFileSync(file, JSON.stringify({ heapTotal: mb(heapTotal), heapUsed: mb(heapUsed) }));
  }, 1000).unref();
}
