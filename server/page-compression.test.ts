import { randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { crc32, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, gzipOfPieces, type PagePiece } from "./page-compression.ts";

// A page with shared pieces is sent as gzip made of parts (ADR 0042): what a browser unpacks
// must be the page, byte for byte, whatever the pieces.

const own = (text: string): PagePiece => ({ bytes: Buffer.from(text), shared: false });
const shared = (bytes: Buffer<ArrayBuffer>): PagePiece => ({ bytes, shared: true });
const joined = (pieces: PagePiece[]) => Buffer.concat(pieces.map((piece) => piece.bytes));
const gzipped = (pieces: PagePiece[]) => gzipOfPieces(pieces, joined(pieces).length);

/** Text that repeats, as a stylesheet or a room's questions do. */
const repeating = (words: string, times: number) => Buffer.from(words.repeat(times));
const stylesheet = repeating(".practice-card{display:grid;gap:.5rem}", 1500);
const questions = repeating('{"id":1,"textHtml":"Câu hỏi về cơ sở dữ liệu","isKey":false},', 2000);

describe("gzip made of a page's pieces", () => {
  it("unpacks to the page, its checksum and length checked, wherever the shared pieces are", () => {
    const pages: PagePiece[][] = [
      [own("<!DOCTYPE html><head><style>"), shared(stylesheet), own("</style></head>…</html>")],
      [shared(stylesheet), own("<p>sau</p>")],
      [own("<p>trước</p>"), shared(questions)],
      [shared(questions)],
      [own("<head>"), shared(stylesheet), shared(questions), own("</body>")],
      [
        own(""),
        shared(stylesheet),
        own(""),
        own("<main>"),
        own("</main>"),
        shared(Buffer.alloc(0)),
      ],
      [own("<p>Tiếng Việt có dấu</p>".repeat(300)), shared(questions), own("ạ".repeat(70_000))],
    ];
    for (const pieces of pages) {
      // gunzipSync refuses a wrong checksum or length, as a browser does.
      expect(gunzipSync(gzipped(pieces)).equals(joined(pieces))).toBe(true);
    }
  });

  it("unpacks with the gzip program too, which reads the stream to its last block", () => {
    const pieces = [own("<html>"), shared(questions), own("</html>")];
    const unpacked = execFileSync("gzip", ["-dc"], { input: gzipped(pieces) });
    expect(unpacked.equals(joined(pieces))).toBe(true);
  });

  it("unpacks bytes that do not compress, and a shared piece sent again with other pieces", () => {
    const noise = randomBytes(100_000);
    const first = [own("đầu"), shared(noise), own("cuối")];
    const second = [own("một trang khác"), shared(noise), own(randomBytes(5000).toString("hex"))];
    expect(gunzipSync(gzipped(first)).equals(joined(first))).toBe(true);
    expect(gunzipSync(gzipped(second)).equals(joined(second))).toBe(true);
  });

  it("is about as small as the whole page gzipped at once", () => {
    const pieces = [own("<head>"), shared(stylesheet), own("<main>…</main>"), shared(questions)];
    expect(gzipped(pieces).length).toBeLessThan(gzipSync(joined(pieces)).length * 1.05);
  });
});

describe("the checksum of two pieces from each one's", () => {
  it("is the checksum of the two joined, whatever their lengths", () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [3, 1000],
      [65_536, 142_448],
      [200_001, 3],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      const joinedSum = crc32(Buffer.concat([a, b]));
      expect(crc32Combine(crc32(a), crc32(b), lengthB)).toBe(joinedSum);
    }
  });
});
