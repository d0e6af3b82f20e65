/**
 * Ôn Tập's service worker (ADR 0013), bundled by scripts/build-server.mjs into build/client/sw.js
 * with this build's precache list. Workbox does the caching; this file only says what goes where:
 *
 * - The build's scripts and styles, and the offline page, are precached under their revisions:
 *   a new build installs beside the old one and takes over only when the student presses
 *   "Tải lại" (SKIP_WAITING), then the old build's entries are deleted, so one page never
 *   mixes two builds' files.
 * - Pages (and their `.data` for in-app navigation) are network first. Each copy carries whose
 *   page it is (the server's stamp, base/device-user.ts) and is served only to that user, as
 *   the device's user cookie names them now: a visitor's pages after NAVIGATION_TIMEOUT_S or
 *   with no network, a signed-in student's only with no network (a slow server never shows a
 *   student's page to whoever sits there next). Pages the server marks `no-store` are never
 *   kept, except those of a download. They live in a cache of this build's own: a page
 *   references its build's files, so the next build starts a fresh one and re-fetches the
 *   pages of the device user's downloads when it installs.
 * - A room address never fetched before opens offline from the practice's room page stored at
 *   download; the room's clientLoader then builds the room from IndexedDB.
 * - KaTeX's fonts are cached on first use, or all at once when a practice is downloaded.
 * - The pictures of a download's questions are stored with it, stamped with its student like
 *   its pages, and answer for the network only when it fails, to that student only; browsing
 *   stores none. They are not per build (an address names its bytes), and go with the download
 *   (when no other download of the device shows them) or at sign-out.
 * - Attempts finished offline wait in IndexedDB and are sent on Background Sync, only under
 *   their owner's session.
 */
import { clientsClaim } from "workbox-core";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types.js";
import { OUTBOX_SYNC_TAG, flushOutbox } from "#app/lib/outbox.ts";
import { deletePractice, listPractices, readPractice } from "#app/lib/device-store.ts";
import { checkDownload } from "./download-check.ts";
import {
  FONTS_CACHE,
  NEEDS_NETWORK,
  OFFLINE_PAGE,
  PAGE_USER_HEADER,
  PAGES_CACHE_PREFIX,
  PICTURES_CACHE,
  USER_COOKIE,
  VISITOR_STAMP,
  roomTemplateKey,
  type WorkerMessage,
} from "#app/lib/worker-protocol.ts";
import { paths } from "#base/paths.ts";
import { PICTURES_PATH } from "#base/pictures.ts";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>;
}
interface WorkerScope {
  cookieStore?: CookieStoreLike;
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: WorkerScope;
/** Set by the build: this build's id and its KaTeX font files. */
declare const __BUILD_ID__: string;
declare const __FONT_URLS__: string[];

const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${__BUILD_ID__}`;
/** How long a page waits for the network before a cached copy is shown instead. */
const NAVIGATION_TIMEOUT_S = 4;
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Who is signed in on this device now (base/device-user.ts): the user cookie the server keeps
 * in step with the session, "" for nobody. Where a worker cannot read cookies (no Cookie Store
 * API), the stamp of the last page the network answered stands in.
 */
async function deviceUser(): Promise<string> {
  if (self.cookieStore) {
    try {
      const cookie = await self.cookieStore.get(USER_COOKIE);
      return cookie ? decodeURIComponent(cookie.value) : "";
    } catch {
      return "";
    }
  }
  return lastStampSeen;
}
let lastStampSeen = "";

/** Whether a cached copy is the current user's (or, stamped VISITOR_STAMP, a visitor's for a visitor). */
async function isForDeviceUser(response: Response): Promise<boolean> {
  return response.headers.get(PAGE_USER_HEADER) === ((await deviceUser()) || VISITOR_STAMP);
}

const stampedPagesOnly: WorkboxPlugin = {
  // Kept: a 200 stamped with its user, that the server did not mark no-store.
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 &&
    response.headers.has(PAGE_USER_HEADER) &&
    !/no-store/i.test(response.headers.get("Cache-Control") ?? "")
      ? response
      : null,
  fetchDidSucceed: async ({ response }) => {
    const stamp = response.headers.get(PAGE_USER_HEADER);
    if (stamp !== null) lastStampSeen = stamp === VISITOR_STAMP ? "" : stamp;
    return response;
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse && (await isForDeviceUser(cachedResponse)) ? cachedResponse : null,
};
const pagesExpiration = new ExpirationPlugin({ maxEntries: 80 });
const pagePlugins = [stampedPagesOnly, pagesExpiration];
/** A visitor's pages show nobody: a slow server may be answered from the cache. */
const visitorPages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
  plugins: pagePlugins,
});
/** A student's pages: from the cache only when the network fails, never because it is slow. */
const studentPages = new NetworkFirst({ cacheName: PAGES_CACHE, plugins: pagePlugins });

// Pages that are about the account or need the server's current state say so offline.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && NEEDS_NETWORK.test(url.pathname),
  new NetworkOnly(),
);
registerRoute(
  ({ request }) => request.mode === "navigate",
  async ({ request, event }) =>
    ((await deviceUser()) ? studentPages : visitorPages).handle({ request, event }),
);
// In-app navigation asks for `<path>.data`; any cached copy of that page's data will do offline.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" && url.pathname.endsWith(".data") && !NEEDS_NETWORK.test(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    matchOptions: { ignoreSearch: true },
    plugins: pagePlugins,
  }),
);
registerRoute(
  ({ url }) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".woff2"),
  new CacheFirst({ cacheName: FONTS_CACHE, plugins: [okOnly] }),
);

const downloadedPicturesOnly: WorkboxPlugin = {
  // Only a download stores a picture (cachePictures): browsing keeps none.
  cacheWillUpdate: async () => null,
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse && (await isForDeviceUser(cachedResponse)) ? cachedResponse : null,
};
// A question's pictures: from the server (which decides who may see one), else, with no
// network, the device user's download of them.
registerRoute(
  ({ request, url }) =>
    request.method === "GET" &&
    url.origin === location.origin &&
    url.pathname.startsWith(PICTURES_PATH),
  new NetworkFirst({ cacheName: PICTURES_CACHE, plugins: [downloadedPicturesOnly] }),
);

setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") return Response.error();
  if (url.pathname === paths.roomPathname) {
    const template = await roomTemplate(url.searchParams.get("practice"));
    if (template) return template;
  }
  return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
});

async function roomTemplate(code: string | null): Promise<Response | undefined> {
  if (!code) return undefined;
  const template = await (await caches.open(PAGES_CACHE)).match(roomTemplateKey(code));
  return template && (await isForDeviceUser(template)) ? template : undefined;
}

/**
 * Fetches a practice's pages into this build's page cache: the bytes stored, and whose they are
 * (the server's stamp on them: the student whose session fetched them).
 */
async function cachePracticePages(pagesToCache: string[], templateUrl: string, code: string) {
  const cache = await caches.open(PAGES_CACHE);
  let bytes = 0;
  let stamp: string | null = null;
  const store = async (url: string, key: string) => {
    const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.redirected) throw new Error(`${url}: ${response.status}`);
    bytes += (await response.clone().arrayBuffer()).byteLength;
    stamp ??= response.headers.get(PAGE_USER_HEADER);
    await cache.put(key, response);
  };
  await Promise.all([
    ...pagesToCache.map((url) => store(url, url)),
    store(templateUrl, roomTemplateKey(code)),
  ]);
  return { bytes, stamp: stamp as string | null };
}

/** Pictures fetched at once by a download: a few, not five hundred, at a time. */
const PICTURE_FETCHES = 4;

/**
 * Stores a download's pictures, each stamped with the student its pages are for (ADR 0013), so
 * that only they are shown them offline; the bytes they take. A picture already stored for the
 * same student is kept (its address names its bytes); any other is fetched under the session,
 * which decides whether it may be seen at all: a refusal fails the download.
 */
async function cachePictures(urls: readonly string[], stamp: string): Promise<number> {
  const cache = await caches.open(PICTURES_CACHE);
  let bytes = 0;
  let next = 0;
  const fetcher = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const cached = await cache.match(url);
      if (cached && cached.headers.get(PAGE_USER_HEADER) === stamp) {
        bytes += (await cached.blob()).size;
        continue;
      }
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok || response.redirected) throw new Error(`${url}: ${response.status}`);
      const body = await response.blob();
      const headers = new Headers({ [PAGE_USER_HEADER]: stamp });
      headers.set("Content-Type", response.headers.get("Content-Type") ?? body.type);
      await cache.put(url, new Response(body, { status: 200, headers }));
      bytes += body.size;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PICTURE_FETCHES, urls.length) }, fetcher));
  return bytes;
}

/**
 * Deletes these pictures from the device, but those another download still shows (of any
 * student of the device: theirs stay for them) or that `keep` lists. `exceptCode` is a download
 * whose record is about to be replaced, whose old list does not count.
 */
async function forgetPictures(
  urls: readonly string[],
  keep: ReadonlySet<string> = new Set(),
  exceptCode?: string,
) {
  if (urls.length === 0) return;
  const shown = new Set(
    (await listPractices(null))
      .filter((practice) => practice.code !== exceptCode)
      .flatMap((practice) => practice.pictures ?? []),
  );
  const cache = await caches.open(PICTURES_CACHE);
  await Promise.all(
    urls.filter((url) => !shown.has(url) && !keep.has(url)).map((url) => cache.delete(url)),
  );
}

/**
 * "Tải về": the practice's pages (stamped by the server), KaTeX's fonts, then its pictures under
 * the pages' stamp; the pictures of its previous download that it no longer shows go. The bytes
 * stored.
 */
async function cachePractice(message: Extract<WorkerMessage, { type: "CACHE_PRACTICE" }>) {
  const previous = await readPractice(message.code);
  const [pages, fontBytes] = await Promise.all([
    cachePracticePages(message.pages, message.roomTemplate, message.code),
    cacheFonts(),
  ]);
  if (!pages.stamp || pages.stamp === VISITOR_STAMP) throw new Error("no student's stamp");
  const pictureBytes = await cachePictures(message.pictures, pages.stamp);
  const now = new Set(message.pictures);
  await forgetPictures(previous?.pictures ?? [], now, message.code);
  return pages.bytes + fontBytes + pictureBytes;
}

async function cacheFonts(): Promise<number> {
  const cache = await caches.open(FONTS_CACHE);
  let bytes = 0;
  for (const url of __FONT_URLS__) {
    let response = await cache.match(url);
    if (!response) {
      response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response.clone());
    }
    bytes += (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

self.addEventListener("install", (event) => {
  // A new build re-fetches the pages of what the device's student downloaded, so they open
  // offline with its files (another student's would come back as this one's view of them).
  // One that fails (offline, signed out) is fetched again at the next download.
  event.waitUntil(
    deviceUser()
      .then((user) => (user ? listPractices(user) : []))
      .then((downloaded) =>
        Promise.allSettled(
          downloaded.map((p) => cachePracticePages(p.pages, p.roomTemplate, p.code)),
        ),
      )
      .catch(() => undefined),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE) {
          await new CacheExpiration(name, { maxEntries: 1 }).delete();
          await caches.delete(name);
        }
      }
      const fonts = await caches.open(FONTS_CACHE);
      const current = new Set(__FONT_URLS__.map((url) => new URL(url, location.href).href));
      for (const request of await fonts.keys()) {
        if (!current.has(request.url)) await fonts.delete(request);
      }
    })(),
  );
});
// The first install controls the open pages at once, so a download works without a reload.
clientsClaim();

/** Sends the outbox of the device's student: another's waits for them. */
async function flushDeviceOutbox() {
  return flushOutbox(fetch, (await deviceUser()) || null);
}

/** When this worker last asked about each download (by user and code). */
const downloadCheckedAt = new Map<string, number>();
const DOWNLOAD_CHECK_EVERY_MS = 5 * 60_000;

/**
 * A practice the student may no longer open (deleted, its link revoked, hidden) leaves the
 * device on their next page online, not only when they open the profile (ADR 0013); each
 * download is asked about at most every DOWNLOAD_CHECK_EVERY_MS (a 304 when unchanged). A
 * changed one is fetched again by its set-up page or the profile, which show it.
 */
async function dropGoneDownloads() {
  const user = await deviceUser();
  if (!user) return;
  const cache = await caches.open(PAGES_CACHE);
  for (const practice of await listPractices(user)) {
    const key = `${user}\n${practice.code}`;
    const now = Date.now();
    if (now - (downloadCheckedAt.get(key) ?? 0) < DOWNLOAD_CHECK_EVERY_MS) continue;
    const status = await checkDownload(practice);
    if (status === null) return;
    downloadCheckedAt.set(key, now);
    if (status !== 404) continue;
    await deletePractice(practice.code);
    await Promise.all([
      ...practice.pages.map((url) => cache.delete(url)),
      cache.delete(roomTemplateKey(practice.code)),
    ]);
    await forgetPictures(practice.pictures ?? []);
  }
}

/** Every page cache, and Workbox's record of the addresses in it; the downloads' pictures. */
async function forgetAllPages() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PAGES_CACHE_PREFIX)) continue;
    await new CacheExpiration(name, { maxEntries: 1 }).delete();
    await caches.delete(name);
  }
  await caches.delete(PICTURES_CACHE);
}

self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) {
    // Rejecting asks the browser to try again later (with its own backoff).
    event.waitUntil(
      flushDeviceOutbox().then((result) => {
        if (result.waiting > 0) throw new Error("outbox still waiting");
      }),
    );
  }
});

self.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage;
  const reply = (body: unknown) => event.ports[0]?.postMessage(body);
  if (message?.type === "SKIP_WAITING") {
    void self.skipWaiting();
  } else if (message?.type === "CACHE_PRACTICE") {
    event.waitUntil(
      cachePractice(message).then(
        (bytes) => reply({ ok: true, bytes }),
        (error: unknown) => reply({ ok: false, error: String(error) }),
      ),
    );
  } else if (message?.type === "FORGET_PRACTICE") {
    event.waitUntil(
      caches.open(PAGES_CACHE).then(async (cache) => {
        await Promise.all(message.pages.map((url) => cache.delete(url)));
        await cache.delete(roomTemplateKey(message.code));
        await forgetPictures(message.pictures ?? []);
        reply({ ok: true });
      }),
    );
  } else if (message?.type === "FLUSH_OUTBOX" || message?.type === "SIGNED_IN_ONLINE") {
    if (message.type === "SIGNED_IN_ONLINE")
      event.waitUntil(dropGoneDownloads().catch(() => undefined));
    event.waitUntil(
      flushDeviceOutbox().then(
        (result) => reply({ ok: true, saved: result.saved, waiting: result.waiting }),
        (error: unknown) => reply({ ok: false, error: String(error) }),
      ),
    );
  } else if (message?.type === "FORGET_ALL") {
    // KaTeX's fonts are nobody's data: they stay. The pictures are the student's: they go.
    event.waitUntil(
      forgetAllPages().then(
        () => reply({ ok: true }),
        (error: unknown) => reply({ ok: false, error: String(error) }),
      ),
    );
  }
});
