import cluster from "node:cluster";
import pino, { type Logger } from "pino";

export type { Logger };

/** One JSON line per event on stdout: what a log collector expects. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    // A worker of WEB_CONCURRENCY says which it is: their lines share one stdout.
    base: cluster.isWorker
      ? { service: "on-tap", worker: cluster.worker?.id }
      : { service: "on-tap" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
