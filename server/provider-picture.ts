import { BlockList, isIP } from "node:net";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { MAX_AVATAR_BYTES, processAvatar } from "./avatar-image.ts";
import { storeAvatar } from "./avatar-store.ts";

/**
 * A provider's profile picture becomes the new user's avatar, once, at the first sign-in: it is
 * fetched (bounded in time and size), re-encoded like an upload and stored like one, so the
 * user's `image` is always our own `/avatars/<id>-<hash>.webp` and never a URL on another site.
 * Anything that goes wrong leaves the placeholder: a picture never fails a sign-in.
 */

/** The whole fetch, headers and body, must fit in this time: the student is waiting. */
const PICTURE_TIMEOUT_MS = 5_000;

/** Redirects followed (each hop checked like the first URL). */
const MAX_REDIRECTS = 3;

/** Addresses of this machine and its networks, never fetched on a profile's say-so. */
const internalAddresses = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  internalAddresses.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  internalAddresses.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether a picture URL may be fetched. A profile's `picture` can be whatever the person typed
 * into their profile at some providers, so the server must not be steered at its own network:
 * https only, to a name or a public address; the provider's own hosts (`trustedHosts`, the
 * issuer's) are trusted whatever their address, plain http included. A name that resolves to an
 * internal address is not caught here (the provider's own settings are the line there).
 */
export function isFetchablePictureUrl(url: URL, trustedHosts: readonly string[] = []): boolean {
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  if (trustedHosts.includes(url.hostname)) return true;
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return false;
  const family = isIP(host);
  if (family === 0) return true;
  return !internalAddresses.check(host, family === 4 ? "ipv4" : "ipv6");
}

/** Google's picture URLs name their size ("…=s96-c"); ask for the size we store instead. */
export function preferLargerPicture(url: URL): URL {
  if (url.hostname.endsWith(".googleusercontent.com") && /=s\d+(-c)?$/.test(url.pathname)) {
    const larger = new URL(url);
    larger.pathname = url.pathname.replace(/=s\d+(-c)?$/, "=s256-c");
    return larger;
  }
  return url;
}

/** The picture's bytes, or the reason there are none (for the log). */
export async function fetchPicture(
  pictureUrl: string,
  options: { timeoutMs?: number; maxBytes?: number; trustedHosts?: readonly string[] } = {},
): Promise<{ ok: true; bytes: Buffer } | { ok: false; reason: string }> {
  const maxBytes = options.maxBytes ?? MAX_AVATAR_BYTES;
  let url: URL;
  try {
    url = preferLargerPicture(new URL(pictureUrl));
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? PICTURE_TIMEOUT_MS);
  try {
    let response: Response | undefined;
    for (let hop = 0; ; hop++) {
      if (!isFetchablePictureUrl(url, options.trustedHosts)) {
        return { ok: false, reason: `${url.origin} is not fetched` };
      }
      response = await fetch(url, {
        signal,
        redirect: "manual",
        headers: { accept: "image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1" },
      });
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) break;
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) return { ok: false, reason: "too many redirects" };
      url = new URL(location, url);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel();
      return { ok: false, reason: `${declared} bytes declared` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, reason: `more than ${maxBytes} bytes` };
      }
      chunks.push(Buffer.from(value));
    }
    return { ok: true, bytes: Buffer.concat(chunks, size) };
  } catch (error) {
    return { ok: false, reason: signal.aborted ? "timed out" : String(error) };
  }
}

/**
 * Fetches, re-encodes and stores the picture, then points the user at it through `setImage`.
 * Returns the stored path, or null (and logs why) when the placeholder stays.
 */
export async function adoptProviderPicture(options: {
  pictureUrl: string;
  userId: string;
  db: Kysely<DB>;
  setImage: (image: string) => Promise<void>;
  warn: (details: Record<string, unknown>, message: string) => void;
  timeoutMs?: number;
  /** The provider's own hosts: fetched even on an internal address (see isFetchablePictureUrl). */
  trustedHosts?: readonly string[];
}): Promise<string | null> {
  const { pictureUrl, userId, db, setImage, warn } = options;
  try {
    const fetched = await fetchPicture(pictureUrl, {
      timeoutMs: options.timeoutMs,
      trustedHosts: options.trustedHosts,
    });
    if (!fetched.ok) {
      warn({ userId, reason: fetched.reason }, "could not fetch the provider's picture");
      return null;
    }
    const processed = await processAvatar(fetched.bytes);
    if (!processed.ok) {
      warn({ userId, reason: processed.code }, "the provider's picture is not a usable image");
      return null;
    }
    return await storeAvatar({ db, userId, webp: processed.webp, setImage });
  } catch (error) {
    warn({ userId, err: error }, "could not store the provider's picture");
    return null;
  }
}
