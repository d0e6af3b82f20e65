import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { compressedPage, joinedPieces, type PagePiece } from "./page-compression.ts";
import { fetchHeadersOf, pagePiecesOf, requestUrl } from "./react-router-handler.ts";
import { hasSessionCookie } from "./session-cookie.ts";

/**
 * Catalogue pages as a visitor sees them (no session): the same for every visitor with the same
 * address and cookies (theme, snow), apart from the CSP nonce. A whole class opening the home
 * page at the start of a lesson would otherwise render it once per student; here it is rendered
 * once per `seconds` and per process, and every answer still carries a nonce of its own.
 *
 * What may be kept: a GET of one of VISITOR_PAGES (the document or its `.data`), without a
 * session cookie, answered 200 without Set-Cookie. The key is the whole URL and the whole Cookie
 * header. Each process has its own cache (WEB_CONCURRENCY); a visitor may so see a counter up
 * to `seconds` old, as their own browser may keep it for COUNTS_CACHE_MINUTES anyway.
 */
const VISITOR_PAGES = [
  /^\/(_root\.data)?$/,
  /^\/about(\.data)?$/,
  /^\/practice-subject\/[^/]+$/,
  // A bank's practice only (codes are slugs): a student's own or shared one is never kept, so
  // "Ngừng chia sẻ" or "Xóa đề" takes effect at once.
  /^\/practice-review\/[a-z0-9-]+(\.data)?$/,
];

/** Enough for every page of a large catalogue in a few theme/snow combinations. */
const MAX_ENTRIES = 500;

/** A page's own text, or a piece shared by every request (the stylesheet), kept as bytes. */
type KeptPiece = { text: string } | { shared: Buffer<ArrayBuffer> };

interface Entry {
  status: number;
  headers: [string, string][];
  /** The page in the pieces it was made of (page-compression.ts). */
  pieces: KeptPiece[];
  /** The nonce the page was rendered with: each answer swaps in its own, in its own text. */
  nonce: string;
  expires: number;
}

export function cacheVisitorPages(options: {
  build: ServerBuild;
  seconds: number;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Whether answers are compressed (COMPRESSION): at once, as a page is (page-compression.ts). */
  compress: boolean;
}) {
  const { build, seconds, getLoadContext, compress } = options;
  const handle = createRequestHandler(build, "production");
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry>>();

  /** Renders through React Router; `expires` 0 when the answer may not be kept. */
  async function render(req: Request, res: Response): Promise<Entry> {
    const context = getLoadContext(req, res);
    const request = new Request(requestUrl(req), { headers: fetchHeadersOf(req) });
    const response = await handle(request, context);
    const pieces = await keptPieces(response);
    const keep = response.status === 200 && !response.headers.has("set-cookie");
    return {
      status: response.status,
      headers: [...response.headers],
      pieces,
      nonce: context.cspNonce,
      expires: keep ? Date.now() + seconds * 1000 : 0,
    };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (
      seconds <= 0 ||
      req.method !== "GET" ||
      hasSessionCookie(req.headers.cookie) ||
      !VISITOR_PAGES.some((page) => page.test(pathOf(req.originalUrl)))
    ) {
      next();
      return;
    }
    const key = `${requestUrl(req)}\n${req.headers.cookie ?? ""}`;
    try {
      let entry = entries.get(key);
      if (!entry || entry.expires <= Date.now()) {
        // Students arriving together wait for one render instead of starting one each.
        let pending = rendering.get(key);
        const waiting = Boolean(pending);
        if (!pending) {
          pending = render(req, res).finally(() => rendering.delete(key));
          rendering.set(key, pending);
        }
        const rendered = await pending;
        // An answer that may not be kept (an error, a cookie) was meant for its own request.
        if (rendered.expires === 0 && waiting) return next();
        if (rendered.expires > 0) {
          entries.delete(key);
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, rendered);
        }
        entry = rendered;
      }
      res.status(entry.status);
      for (const [name, value] of entry.headers) res.append(name, value);
      const pieces = answerPieces(entry, res.locals.cspNonce as string);
      const page = joinedPieces(pieces);
      const body = compress ? compressedPage(req, res, page, pieces) : page;
      res.setHeader("content-length", body.length);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}

/** What is kept of an answer: a page's pieces as made (page-compression.ts); else its text. */
async function keptPieces(response: globalThis.Response): Promise<KeptPiece[]> {
  const made = pagePiecesOf(response);
  if (!made) return [{ text: await response.text() }];
  return made.map((piece) =>
    piece.shared ? { shared: piece.bytes } : { text: piece.bytes.toString("utf8") },
  );
}

/** A kept page's pieces with this answer's nonce in its own text (never in a shared piece). */
function answerPieces(entry: Entry, nonce: string): PagePiece[] {
  return entry.pieces.map((piece) =>
    "shared" in piece
      ? { bytes: piece.shared, shared: true }
      : {
          bytes: Buffer.from(
            entry.nonce === nonce ? piece.text : piece.text.split(entry.nonce).join(nonce),
          ),
          shared: false,
        },
  );
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
