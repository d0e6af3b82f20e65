import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { AppStylesheetContext } from "#app/ui/app-stylesheet.tsx";
import { isDatabaseUnavailable } from "#server/database-outage.ts";
import { stampPageUser } from "#app/lib/page-user.server.ts";
import appStylesheet from "./styles/app.css?inline";

/** A render that has not finished by then is cut off (the shell is long gone by then). */
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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyEvent =
      isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <AppStylesheetContext value={{ text: appStylesheet, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </AppStylesheetContext>,
      {
        // React writes the style nonce on the inlined stylesheet (AppStylesheet).
        nonce: { script: nonce, style: nonce },
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; earlier ones reach onShellError.
          if (shellRendered) loadContext.logger.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
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
