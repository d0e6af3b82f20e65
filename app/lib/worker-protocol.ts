/** What the pages and the service worker (sw.ts) agree on: cache names, keys and messages. */

/** The device's IndexedDB database (offline-store.ts): downloads and the outbox. */
export const OFFLINE_DB = "on-tap-offline";
/** Shown for a page that is neither cached nor reachable (public/offline.html). */
export const OFFLINE_PAGE = "/offline.html";
export const PAGES_CACHE_PREFIX = "on-tap-pages-";
export const FONTS_CACHE = "on-tap-fonts";
/**
 * The pictures of the downloads (issue 26), each stamped with its student like a page. Not per
 * build: a picture's address names its bytes, so a new build keeps them.
 */
export const PICTURES_CACHE = "on-tap-pictures";

export { PAGE_USER_HEADER, USER_COOKIE, VISITOR_STAMP } from "#base/device-user.ts";

/**
 * Pages about the account, or that show the server's current state of several devices: never
 * served from a cache; offline they give the offline page, which says they need the network.
 */
export const NEEDS_NETWORK =
  /^\/(login|register|forgot-password|reset-password|verify-email|logout|profile|mistakes|my-practices|admin|api)(\/|\.data$|$)/;

/** Where a downloaded practice's room page is kept, for any room address of it opened offline. */
export function roomTemplateKey(practiceCode: string): string {
  return `/__offline/room/${encodeURIComponent(practiceCode)}`;
}

export type WorkerMessage =
  | { type: "SKIP_WAITING" }
  | {
      type: "CACHE_PRACTICE";
      code: string;
      pages: string[];
      roomTemplate: string;
      /** The addresses of the pictures its questions show. */
      pictures: string[];
    }
  | { type: "FORGET_PRACTICE"; code: string; pages: string[]; pictures: string[] }
  | { type: "FORGET_ALL" }
  | { type: "FLUSH_OUTBOX" }
  /** A signed-in page opened online: send the outbox, drop downloads no longer open (throttled). */
  | { type: "SIGNED_IN_ONLINE" };

export type WorkerReply =
  { ok: true; bytes?: number; saved?: number; waiting?: number } | { ok: false; error: string };

/** Sends a message to the active service worker and waits for its reply. */
export function askWorker(message: WorkerMessage, timeoutMs = 120_000): Promise<WorkerReply> {
  return new Promise((resolve) => {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) {
      resolve({ ok: false, error: "no service worker" });
      return;
    }
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve({ ok: false, error: "timeout" }), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}
