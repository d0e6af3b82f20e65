import type { RequestHandler, Response } from "express";
import { sharedVi } from "#base/i18n/vi.ts";

/**
 * The database out of reach: PostgreSQL down or cut off, a connection timing out, or
 * the SQLite file unwritable (disk full, read-only, locked too long). A request that meets it
 * is answered 503 with a Retry-After, never a bare 500: a page shows the error screen, the API a
 * retryable `{ code: "UNAVAILABLE", message }`, and a load balancer may try another instance.
 */

/** What a 503 asks a client to wait before trying again (s). */
export const OUTAGE_RETRY_SECONDS = 10;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** PostgreSQL: shutting down, starting up, too many connections. */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** pg's own words for a connection that died or never came. */
const POSTGRES_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Query read timeout",
];
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED)/;

/** Whether this error (or one it wraps) says the database cannot be reached or written. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith("08")) return true;
      if (SQLITE_CODES.test(code)) return true;
    }
    if (typeof message === "string" && POSTGRES_MESSAGES.some((words) => message.includes(words))) {
      return true;
    }
    current = cause;
  }
  return false;
}

/** The API's answer while the database is out of reach. */
export function unavailableResponse(): Response_ {
  return globalThis.Response.json(
    { code: "UNAVAILABLE", message: sharedVi.requests.unavailable },
    { status: 503, headers: { "retry-after": String(OUTAGE_RETRY_SECONDS) } },
  );
}
type Response_ = globalThis.Response;

/** Marks the request whose handler met the outage; see `answerOutages`. */
export interface OutageMark {
  databaseUnavailable: boolean;
}

export function outageMarkOf(res: Response): OutageMark {
  return (res.locals.outage as OutageMark | undefined) ?? { databaseUnavailable: false };
}

/**
 * Gives each request an OutageMark (React Router's handleError sets it through the load
 * context), and turns the 5xx of a marked request into a 503 with Retry-After, whichever part
 * of React Router (document, data request, resource route) writes it.
 */
export function answerOutages(): RequestHandler {
  return (_req, res, next) => {
    const mark: OutageMark = { databaseUnavailable: false };
    res.locals.outage = mark;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
      if (mark.databaseUnavailable && status >= 500) {
        status = 503;
        this.setHeader("retry-after", String(OUTAGE_RETRY_SECONDS));
      }
      return (writeHead as (...args: unknown[]) => Response).call(this, status, ...rest);
    } as typeof res.writeHead;
    next();
  };
}
