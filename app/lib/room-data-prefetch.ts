/**
 * The room's data, asked for while the student is still on the set-up page, so that "Bắt đầu"
 * opens a room whose questions are already here (issue 29: on a slow phone the tap waited for a
 * round trip and ~15 KB of questions). The set-up page asks through a fetcher of the room's
 * address marked `ahead=1` (`requestRoomData`), which runs the room's clientLoader; the
 * clientLoader keeps what it fetched for the address without the mark, and the navigation to
 * that address takes it, once. The mark is on the request itself, so a navigation can never be
 * taken for the fetch ahead, whichever of the two runs first (the server reads no such key).
 *
 * Memory of this tab only, keyed by the room's whole address (its attempt id and seed included),
 * and kept a minute at most: nothing is stored on the device, and a sign-out reloads the page.
 */
const KEPT_MS = 60_000;

const AHEAD_PARAM = "ahead";
/** Asked for and not yet started by the clientLoader: not asked twice. */
const pending = new Set<string>();
const kept = new Map<string, { at: number; data: Promise<unknown> }>();

const keyOf = (url: URL | string) => {
  const { pathname, search } = typeof url === "string" ? new URL(url, "http://x") : url;
  return pathname + search;
};

/** Asks for the room at `href` ahead; `load` is the fetcher's load. */
export function requestRoomData(href: string, load: (href: string) => unknown): void {
  const key = keyOf(href);
  if (pending.has(key) || kept.has(key)) return;
  pending.add(key);
  const marked = new URL(href, "http://x");
  marked.searchParams.set(AHEAD_PARAM, "1");
  load(marked.pathname + marked.search);
}

/**
 * For the room's clientLoader, first: whether this call is the set-up page's fetch ahead. If so
 * the fetch is started and kept, and the fetcher gets nothing from it: a redirect (a session
 * ended meanwhile) or an error is for the navigation to meet when the student taps, not a reason
 * to move the set-up page.
 */
export function fetchingAhead(url: URL, fetchNow: () => Promise<unknown>): boolean {
  if (!url.searchParams.has(AHEAD_PARAM)) return false;
  dropOld();
  const address = new URL(url);
  address.searchParams.delete(AHEAD_PARAM);
  const key = keyOf(address);
  pending.delete(key);
  const data = fetchNow();
  // Nobody may come for it: a failure here is the navigation's to see, not an unhandled one.
  data.catch(() => undefined);
  kept.set(key, { at: Date.now(), data });
  return true;
}

/** What the navigation to `url` loads: what was fetched ahead for it (once), else a fetch now. */
export function roomDataFor<T>(url: URL, fetchNow: () => Promise<T>): Promise<T> {
  dropOld();
  const key = keyOf(url);
  const entry = kept.get(key);
  if (!entry) return fetchNow();
  kept.delete(key);
  // A fetch ahead that failed (offline, a redirect): the navigation asks again, and meets it.
  return (entry.data as Promise<T>).catch(() => fetchNow());
}

function dropOld() {
  for (const [key, entry] of kept) {
    if (Date.now() - entry.at > KEPT_MS) kept.delete(key);
  }
}
