import { createContext, useContext, useEffect } from "react";
import { readCookie } from "#app/lib/themes.ts";
import stylesheetUrl from "#app/styles/app.css?url";

/**
 * The app's stylesheet. A first visit gets it inlined into the page instead of linked: on a
 * 150 ms phone link a linked stylesheet costs a connection and a round trip before the first
 * paint, and it was queued behind the module preloads. Once the page is up, the browser fetches
 * the same stylesheet as a hashed file (cached for a year, and precached by the service worker)
 * and sets STYLESHEET_COOKIE to its name; from then on the server links it instead, and every
 * page is ~57 KB (~10 KB compressed) lighter to render, compress and send (issue 29, ADR 0035).
 *
 * entry.server.tsx provides the text or the link and this response's nonce (error pages
 * included, which have no loader data). The browser renders nothing here: React leaves the
 * server's hoisted `<style>` or `<link>` in `<head>` as it found it, so the text is in no script.
 */
export const AppStylesheetContext = createContext<{
  text: string;
  nonce?: string;
  linked?: boolean;
}>({ text: "" });

/** The cookie that says which build's stylesheet this browser has: its file's name. */
const STYLESHEET_COOKIE = "on-tap-css";
/** The stylesheet's file name in this build (content-hashed), the cookie's value. */
const STYLESHEET_FILE = stylesheetUrl.slice(stylesheetUrl.lastIndexOf("/") + 1);

/** Whether this request's browser already has this build's stylesheet. */
export function hasStylesheet(cookieHeader: string | null): boolean {
  return readCookie(cookieHeader, STYLESHEET_COOKIE) === STYLESHEET_FILE;
}

export function AppStylesheet() {
  const { text, nonce, linked } = useContext(AppStylesheetContext);
  useEffect(fetchStylesheetOnce, []);
  if (linked) return <link rel="stylesheet" href={stylesheetUrl} precedence="app" />;
  if (!text) return null;
  return (
    <style href="app-stylesheet" precedence="app" nonce={nonce}>
      {text}
    </style>
  );
}

/**
 * After a page that carried the stylesheet inline, once the browser is idle: the file, into the
 * HTTP cache, then the cookie that has the server link it. A failed fetch leaves no cookie, so
 * the next page is inlined again.
 */
function fetchStylesheetOnce() {
  // The development server inlines every page (it has no hashed file).
  if (!import.meta.env.PROD) return;
  if (hasStylesheet(document.cookie)) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  let cancelled = false;
  whenIdle(() => {
    void fetch(stylesheetUrl)
      .then(async (response) => {
        if (!response.ok) return;
        await response.text();
        if (cancelled) return;
        document.cookie = `${STYLESHEET_COOKIE}=${STYLESHEET_FILE}; path=/; max-age=31536000; samesite=lax`;
      })
      .catch(() => {
        // Offline or refused: the pages stay inlined.
      });
  });
  return () => {
    cancelled = true;
  };
}
