import { redirectDocument } from "react-router";

export type ToastType = "info" | "error";

export interface UrlToast {
  type: ToastType;
  message: string;
}

/** The toast a URL asks for (`?type=info|error&message=…`); type defaults to info. */
export function readUrlToast(search: string): UrlToast | null {
  const params = new URLSearchParams(search);
  const message = params.get("message")?.trim();
  if (!message) return null;
  return { type: params.get("type") === "error" ? "error" : "info", message };
}

/** The same URL without the toast's two parameters, so a reload does not repeat it. */
export function withoutUrlToast(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("type");
  params.delete("message");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** `path` with type and message added (message URL-encoded). */
export function pathWithToast(path: string, toast?: UrlToast): string {
  if (!toast) return path;
  const url = new URL(path, "http://placeholder");
  url.searchParams.set("type", toast.type);
  url.searchParams.set("message", toast.message);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Redirects with a full page load (a document redirect, not a client-side navigation) to a
 * same-origin path, optionally with a toast. Anything that is not a plain path goes home, so the
 * helper can never become an open redirect.
 */
export function redirectWithToast(path: string, toast?: UrlToast, init?: ResponseInit): Response {
  const safePath =
    path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
  return redirectDocument(pathWithToast(safePath, toast), init);
}
