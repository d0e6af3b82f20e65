import cluster from "node:cluster";
import type { Logger } from "./logger.ts";

/**
 * The primary of `node build/host/index.js` with WEB_CONCURRENCY > 1: forks that many workers,
 * which share the port (Node's cluster hands connections out in turn), starts another when one
 * dies after it had listened, and on SIGTERM/SIGINT passes the signal on: every worker stops
 * gracefully (server/shutdown.ts) and the primary exits once the last one has. A worker that
 * dies before it ever listened (a bad port, a broken database) is not started again: the
 * primary exits with an error once none is left.
 */
export function runWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let failed = false;
  const listened = new WeakSet<object>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listened.add(worker));
  };
  for (let i = 0; i < count; i += 1) fork();

  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && listened.has(worker)) {
      logger.error({ pid: worker.process.pid, code, signal }, "worker died: starting another");
      fork();
      return;
    }
    if (!stopping) failed = true;
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      if (stopping) logger.info("every worker has stopped");
      process.exit(failed ? 1 : 0);
    }
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: count }, "signal received: stopping the workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
