import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import { compressedPage, joinedPieces, type PagePiece } from "./page-compression.ts";

// Express → React Router, as @react-router/express does it, minus what a page paid for twice
// (issue 29, ADR 0036): a rendered page is one buffer (entry.server.tsx), and it is written as
// that buffer instead of being read back through a web stream chunk by chunk, with a promise per
// chunk, compressed at once (server/page-compression.ts). Any other answer (a `.data` request, a resource route's stream, a redirect) goes
// through the web stream as before.

/**
 * Where a page answer carries its buffer. A registered symbol: the app's build (entry.server.tsx)
 * and the host's are bundled apart, each with its own copy of this module.
 */
const PAGE_BODY = Symbol.for("on-tap.page-body");
interface PageBody {
  whole: Buffer<ArrayBuffer>;
  pieces: readonly PagePiece[];
}
type PageResponse = globalThis.Response & { [PAGE_BODY]?: PageBody };

/**
 * A page answer made of `pieces` (its shared ones marked: page-compression.ts), which the
 * handler writes joined as they are, or compressed from the pieces.
 */
export function pageResponse(
  pieces: readonly PagePiece[],
  init: ResponseInit,
): globalThis.Response {
  const whole = joinedPieces(pieces);
  const response: PageResponse = new globalThis.Response(whole, init);
  response[PAGE_BODY] = { whole, pieces };
  return response;
}

/** The pieces of a page answer made by pageResponse; undefined for any other answer. */
export function pagePiecesOf(response: globalThis.Response): readonly PagePiece[] | undefined {
  return (response as PageResponse)[PAGE_BODY]?.pieces;
}

export function reactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Whether answers are compressed (COMPRESSION): a page here, anything else by the middleware. */
  compress: boolean;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(fetchRequestOf(req, res), options.getLoadContext(req, res));
      await send(req, res, response, options.compress);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The fetch Request React Router reads: the address (requestUrl), the headers, the body of a
 * POST as a stream, and a signal that aborts when the browser goes away before the answer is
 * sent.
 */
function fetchRequestOf(req: Request, res: Response): globalThis.Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: fetchHeadersOf(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(requestUrl(req), init);
}

/** The request's headers, as a fetch Request carries them. */
export function fetchHeadersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const each of value) headers.append(name, each);
  }
  return headers;
}

/**
 * The address as the browser asked for it: the proxy's host when TRUST_PROXY says so. The host
 * is a host and nothing more (refuseBadHost saw to it before any route); none, "localhost".
 */
export function requestUrl(req: Request): string {
  return `${req.protocol}://${(req.host as string | undefined) ?? "localhost"}${req.originalUrl}`;
}

async function send(
  req: Request,
  res: Response,
  response: globalThis.Response,
  compress: boolean,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // Each Set-Cookie comes on its own from the iteration, and is appended on its own.
  for (const [name, value] of response.headers) res.append(name, value);
  const page = (response as PageResponse)[PAGE_BODY];
  if (page) {
    res.end(compress ? compressedPage(req, res, page.whole, page.pieces) : page.whole);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The browser went away: nothing more to write.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
