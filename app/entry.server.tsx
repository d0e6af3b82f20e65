import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { AppStylesheetContext, hasStylesheet } from "#app/ui/app-stylesheet.tsx";
import { isDatabaseUnavailable } from "#server/database-outage.ts";
import { pageResponse } from "#server/react-router-handler.ts";
import type { PagePiece } from "#server/page-compression.ts";
import { stampPageUser } from "#app/lib/page-user.server.ts";
import {
  DOCUMENT_PAYLOAD_AT,
  DOCUMENT_PAYLOAD_PLACEHOLDER,
  DocumentPayloadContext,
} from "#app/lib/document-payload.tsx";
import appStylesheet from "./styles/app.css?inline";

/**
 * The stylesheet (~57 KB, two thirds of a page) is the same on every page: React renders a
 * placeholder in its `<style>` and the bytes are put in once the page is whole, instead of React
 * escaping and copying the whole text on every request (issue 29). The placeholder is found
 * right after the style's own opening tag, which no text of a page can forge (React escapes
 * quotes and `>` everywhere but in a style or script's own text).
 */
const STYLESHEET_PLACEHOLDER = "/*app-stylesheet*/";
const STYLESHEET_AT = Buffer.from(`data-href="app-stylesheet">${STYLESHEET_PLACEHOLDER}`);
const STYLESHEET_BYTES = Buffer.from(appStylesheet);

/** Where the placeholder that ends `marker` starts in `page`; -1 when it has none. */
function placeholderAt(page: Buffer, marker: Buffer, placeholder: string): number {
  const at = page.indexOf(marker);
  return at < 0 ? -1 : at + marker.length - placeholder.length;
}

const DOCUMENT_PAYLOAD_MARKER = Buffer.from(DOCUMENT_PAYLOAD_AT);

interface Insert {
  at: number;
  placeholder: string;
  piece: PagePiece;
}

/**
 * The page's chunks joined, as pieces: the stylesheet's text where React left its placeholder
 * (a linked page has none to look for), and the document's payload as JSON in its script
 * (app/lib/document-payload.tsx): `<` written `\u003c`, so no text in it can close the script.
 * The stylesheet, and a payload shared by every request, are shared pieces: compressed once
 * (server/page-compression.ts).
 */
function finishedPage(
  chunks: Buffer[],
  linked: boolean,
  payload: { value: unknown } | undefined,
): PagePiece[] {
  const page = Buffer.concat(chunks);
  const inserts: Insert[] = [];
  if (!linked) {
    const at = placeholderAt(page, STYLESHEET_AT, STYLESHEET_PLACEHOLDER);
    const piece = { bytes: STYLESHEET_BYTES, shared: true };
    if (at >= 0) inserts.push({ at, placeholder: STYLESHEET_PLACEHOLDER, piece });
  }
  if (payload) {
    const at = placeholderAt(page, DOCUMENT_PAYLOAD_MARKER, DOCUMENT_PAYLOAD_PLACEHOLDER);
    if (at >= 0)
      inserts.push({ at, placeholder: DOCUMENT_PAYLOAD_PLACEHOLDER, piece: jsonOf(payload) });
  }
  inserts.sort((a, b) => a.at - b.at);
  const pieces: PagePiece[] = [];
  let from = 0;
  for (const { at, placeholder, piece } of inserts) {
    pieces.push({ bytes: page.subarray(from, at), shared: false }, piece);
    from = at + placeholder.length;
  }
  pieces.push({ bytes: page.subarray(from), shared: false });
  return pieces;
}

/**
 * Payloads already written, by value: a room's questions are one frozen array per practice,
 * version and selection (db/catalogue.ts), shared by every request, so their JSON is too.
 */
const payloadJson = new WeakMap<object, Buffer<ArrayBuffer>>();

function jsonOf({ value }: { value: unknown }): PagePiece {
  const shared = typeof value === "object" && value !== null && Object.isFrozen(value);
  const kept = shared ? payloadJson.get(value) : undefined;
  if (kept) return { bytes: kept, shared };
  const json = Buffer.from(JSON.stringify(value).replace(/</g, "\\u003c"));
  if (shared) payloadJson.set(value, json);
  return { bytes: json, shared };
}

/** A render that has not finished by then is cut off (React Router reads it too). */
export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await stampPageUser(responseHeaders, request, loadContext);
  const nonce = loadContext.cspNonce;
  // A browser that has this build's stylesheet gets it linked (AppStylesheet, ADR 0035).
  const linked = import.meta.env.PROD && hasStylesheet(request.headers.get("cookie"));
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <AppStylesheetContext value={{ text: STYLESHEET_PLACEHOLDER, nonce, linked }}>
        <DocumentPayloadContext value={loadContext.documentPayload?.value}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentPayloadContext>
      </AppStylesheetContext>,
      {
        // React writes the style nonce on the inlined stylesheet (AppStylesheet).
        nonce: { script: nonce, style: nonce },
        // The whole page, then one answer: no page waits on anything after its loaders (nothing
        // suspends on the server), and one buffer written once costs far less than React's
        // 2 KB chunks each passed through a Node stream, a web stream and Express (issue 29).
        onAllReady() {
          rendered = true;
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
          page.on("finish", () => {
            clearTimeout(timeout);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              pageResponse(finishedPage(chunks, linked, loadContext.documentPayload), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; earlier ones reach onShellError.
          if (rendered) loadContext.logger.error({ err: error }, "render failed");
        },
      },
    );
    // Cleared once the page is written: a timer left behind would keep the request, its data
    // and the render alive for the whole timeout on every page (issue 29's memory).
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** A page's data for in-app navigation is stamped like the page (ADR 0013). */
export async function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: AppLoadContext },
): Promise<Response> {
  // A copy: a response's own headers may be immutable (one made by Response.redirect).
  const headers = new Headers(response.headers);
  await stampPageUser(headers, request, context);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Errors thrown by loaders, actions and rendering: logged once, as structured JSON with the
 * request, instead of React Router's console.error. The user sees the error screen, never this.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  if (request.signal.aborted) return;
  // The answer becomes a 503 with Retry-After (server/database-outage.ts), the screen the same.
  if (isDatabaseUnavailable(error)) context.outage.databaseUnavailable = true;
  context.logger.error({ err: error, url: request.url, method: request.method }, "route error");
}
