import type { Request, Response } from "express";
import {
  brotliCompressSync,
  crc32,
  deflateRawSync,
  gzipSync,
  constants as zlibConstants,
} from "node:zlib";

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
 * A piece of a page, in order. A shared piece is the same bytes object on every request that
 * sends it: the stylesheet inlined on a first visit, a room's questions at a content version
 * (app/entry.server.tsx). Its compressed form is made once and spliced into each answer.
 */
export interface PagePiece {
  bytes: Buffer<ArrayBuffer>;
  shared: boolean;
}

/**
 * `body`, a whole page (one buffer: ADR 0036), compressed at once on the event loop when the
 * browser takes gzip or brotli, with its headers set (Content-Encoding, Content-Length, Vary).
 * A 28 KB page takes ~0.12 ms in gzip 4, where the middleware's stream took ~0.5 ms of
 * JavaScript and a round trip through libuv's four threads, shared by every request of the
 * process: under a class's load that trip was most of a student's median wait (ADR 0040). The
 * middleware passes over an answer whose Content-Encoding is set. gzip first: as small as
 * brotli 3 on a page, in two thirds of the time.
 *
 * `pieces`, when given, are what `body` was joined from. A page with a shared piece is sent as
 * gzip made of parts (gzipOfPieces): only what is the request's own is compressed (ADR 0042).
 */
export function compressedPage(
  req: Request,
  res: Response,
  body: Buffer,
  pieces?: readonly PagePiece[],
): Buffer {
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
    encoding === "br"
      ? brotliCompressSync(body, ANSWER_COMPRESSION.brotli)
      : pieces?.some((piece) => piece.shared)
        ? gzipOfPieces(pieces, body.length)
        : gzipSync(body, { level: ANSWER_COMPRESSION.level });
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", compressed.length);
  return compressed;
}

/** gzip's header (RFC 1952): deflate, no name, no time, made on an unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block (fixed codes): what ends a deflate stream made of flushed parts. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** Each part ends on a byte with an empty stored block, and is not the last block. */
const PART = { finishFlush: zlibConstants.Z_SYNC_FLUSH } as const;

/** A shared piece's deflate blocks, made once, at the top level: it is sent many times. */
const deflatedOnce = new WeakMap<Buffer, Buffer>();

function deflatedShared(bytes: Buffer): Buffer {
  let deflated = deflatedOnce.get(bytes);
  if (!deflated) {
    deflated = deflateRawSync(bytes, { ...PART, level: zlibConstants.Z_BEST_COMPRESSION });
    deflatedOnce.set(bytes, deflated);
  }
  return deflated;
}

/**
 * One gzip member whose deflate stream is the pieces' own parts one after another: each run of
 * the request's own pieces compressed now, each shared piece as compressed once. Every part is
 * compressed on its own (it refers back to nothing before it) and ends on a byte boundary,
 * so the parts join into one valid stream; the checksum and length are the whole page's.
 * The page's own bytes are then a few KB even when the page is 150 KB: a room's questions
 * or a first visit's stylesheet cost a checksum, not a compression, per request.
 */
export function gzipOfPieces(pieces: readonly PagePiece[], length: number): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let own: Buffer[] = [];
  const compressOwn = () => {
    if (own.length === 0) return;
    const bytes = own.length === 1 ? own[0]! : Buffer.concat(own);
    parts.push(deflateRawSync(bytes, { ...PART, level: ANSWER_COMPRESSION.level }));
    own = [];
  };
  let checksum = 0;
  for (const { bytes, shared } of pieces) {
    if (bytes.length === 0) continue;
    checksum = crc32(bytes, checksum);
    if (!shared) {
      own.push(bytes);
      continue;
    }
    compressOwn();
    parts.push(deflatedShared(bytes));
  }
  compressOwn();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  // The length modulo 2^32, as gzip stores it.
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
