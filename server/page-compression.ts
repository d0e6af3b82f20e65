import type { Request, Response } from "express";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

/**
 * Answers are compressed as they are sent: the cheap end of the scale (issue 29). The library's
 * default (brotli 4 with a 4 MB window) took 2–4 ms of CPU and ~10 MB of memory per page, so a
 * class of 300 queued for seconds and each worker grew to ~1 GB; brotli 3 in a 256 KB window
 * (larger than any page) makes pages about as small as gzip 6 for a third of the time, and gzip
 * 4 as small again. The compression middleware (server/app.ts) uses these for every answer
 * that is a stream; hashed assets are compressed once at build, at the top quality.
 */
export const ANSWER_COMPRESSION = {
  level: 4,
  brotli: {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
};

/** As the middleware: below this, compressing costs more than the bytes it saves. */
const SMALLEST_COMPRESSED = 1024;

/**
 * `body`, a whole page (one buffer: ADR 0036), compressed at once on the event loop when the
 * browser takes gzip or brotli, with its headers set (Content-Encoding, Content-Length, Vary).
 * A 28 KB page takes ~0.12 ms in gzip 4, where the middleware's stream took ~0.5 ms of
 * JavaScript and a round trip through libuv's four threads, shared by every request of the
 * process: under a class's load that trip was most of a student's median wait (ADR 0040). The
 * middleware passes over an answer whose Content-Encoding is set. gzip first: as small as
 * brotli 3 on a page, in two thirds of the time.
 */
export function compressedPage(req: Request, res: Response, body: Buffer): Buffer {
  res.vary("Accept-Encoding");
  const type = String(res.getHeader("content-type") ?? "");
  if (
    req.method === "HEAD" ||
    body.length < SMALLEST_COMPRESSED ||
    !type.startsWith("text/") ||
    res.getHeader("content-encoding") !== undefined ||
    String(res.getHeader("cache-control") ?? "").includes("no-transform")
  ) {
    return body;
  }
  const encoding = req.acceptsEncodings("gzip", "br");
  if (!encoding) return body;
  const compressed =
    encoding === "gzip"
      ? gzipSync(body, { level: ANSWER_COMPRESSION.level })
      : brotliCompressSync(body, ANSWER_COMPRESSION.brotli);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  return compressed;
}
