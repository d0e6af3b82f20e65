import type { IncomingMessage } from "node:http";

/**
 * A raw request body read by the route itself (an avatar, a question's picture), capped while it
 * is read: server/request-guards.ts lets these routes through without a declared length.
 */

export type BodyRead = { kind: "ok"; bytes: Buffer } | { kind: "too-large" } | { kind: "aborted" };

/**
 * The raw body, never holding more than `limit` bytes: a declared or actual size above it
 * stops the buffering at once (the rest is read and thrown away, so the client still gets
 * the answer instead of a reset connection).
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      resolve({ kind: "too-large" });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => settle({ kind: "ok", bytes: Buffer.concat(chunks, size) }));
    req.once("error", () => settle({ kind: "aborted" }));
    req.once("close", () => {
      if (!req.complete) settle({ kind: "aborted" });
    });
  });
}

/**
 * Reads off whatever is left of a refused body before the answer (what body-parser does on an
 * error), so the client gets the answer instead of a reset connection; false when the client
 * went away.
 */
export async function drainRawBody(req: IncomingMessage): Promise<boolean> {
  if (!req.complete && !req.destroyed) {
    await new Promise<void>((resolve) => {
      req.once("end", resolve);
      req.once("close", resolve);
      req.once("error", resolve);
      req.resume();
    });
  }
  return !(req.destroyed && !req.complete);
}
