import pino, { type Logger } from "pino";

export type { Logger };

/** One JSON line per event on stdout: what a log collector expects. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "on-tap" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
