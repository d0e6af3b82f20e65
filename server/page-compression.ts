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

/** The page the pieces make, joined (a page of one piece is that piece, not a copy). */
export function joinedPieces(pieces: readonly PagePiece[]): Buffer<ArrayBuffer> {
  return pieces.length === 1 ? pieces[0]!.bytes : Buffer.concat(pieces.map((piece) => piece.bytes));
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

interface Compressed {
  /** Its deflate blocks, at the top level (it is sent many times), ending on a byte. */
  deflated: Buffer;
  /** Its CRC-32, combined into each page's (crc32Combine). */
  checksum: number;
}

/** Each shared piece compressed once, kept while the piece itself is. */
const compressedOnce = new WeakMap<Buffer, Compressed>();

function compressedShared(bytes: Buffer): Compressed {
  let compressed = compressedOnce.get(bytes);
  if (!compressed) {
    compressed = {
      deflated: deflateRawSync(bytes, { ...PART, level: zlibConstants.Z_BEST_COMPRESSION }),
      checksum: crc32(bytes),
    };
    compressedOnce.set(bytes, compressed);
  }
  return compressed;
}

/**
 * One gzip member whose deflate stream is the pieces' own parts one after another: each run of
 * the request's own pieces compressed now, each shared piece as compressed once. Every part is
 * compressed on its own (it refers back to nothing before it) and ends on a byte boundary,
 * so the parts join into one valid stream; the checksum and length are the whole page's.
 * The page's own bytes are then a few KB even when the page is 150 KB: a room's questions
 * or a first visit's stylesheet cost neither a compression nor a checksum per request.
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
    if (!shared) {
      checksum = crc32(bytes, checksum);
      own.push(bytes);
      continue;
    }
    compressOwn();
    const compressed = compressedShared(bytes);
    checksum = crc32Combine(checksum, compressed.checksum, bytes.length);
    parts.push(compressed.deflated);
  }
  compressOwn();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  // The length modulo 2^32, as gzip stores it.
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** CRC-32's polynomial, bits reversed (bit 31 is x^0), as zlib computes it. */
const CRC_POLYNOMIAL = 0xedb88320;

/** a·b modulo the polynomial, both in CRC-32's bit order. */
function multiplyModulo(a: number, b: number): number {
  let product = 0;
  for (let term = 0x80000000; term !== 0; term >>>= 1) {
    if (a & term) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31: x, x², x⁴, … */
const X_TO_2_TO_THE: number[] = [0x40000000];
for (let k = 1; k < 32; k += 1) {
  const previous = X_TO_2_TO_THE[k - 1]!;
  X_TO_2_TO_THE.push(multiplyModulo(previous, previous));
}

/**
 * The CRC-32 of A followed by B from the CRC-32 of each and B's length in bytes: A's checksum
 * moved on by B's length (a multiplication by x^(8·length)), then B's added. A few
 * microseconds, where checking a room's 142 KB of questions again took ~50.
 */
export function crc32Combine(checksumA: number, checksumB: number, lengthB: number): number {
  let shift = 0x80000000; // x^0
  // 8·lengthB bits: x^(8·lengthB) is the product of x^(2^k) for each bit k of lengthB, from k = 3.
  for (let k = 3, rest = lengthB; rest > 0; k += 1, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) shift = multiplyModulo(X_TO_2_TO_THE[k % 32]!, shift);
  }
  return (multiplyModulo(shift, checksumA) ^ checksumB) >>> 0;
}
