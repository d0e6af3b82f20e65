import { MAX_AVATAR_BYTES } from "#base/limits.ts";
import { isRetryableStatus, retryDelayMs } from "#app/lib/retry.ts";
import { viAvatar } from "#base/i18n/vi/avatar.ts";

/**
 * The avatar upload of the spec, in one request (1 MB fits; the resumable
 * chunks of the original belonged to the hosted file store we replaced) with the retry policy
 * of app/lib/retry.ts, giving up 120 s after it started. Progress is real (XMLHttpRequest's upload
 * events; fetch has none), and "Hủy" aborts it.
 */
const MAX_UPLOAD_RETRY_MS = 120_000;

/** The browser's checks before anything is sent; the server checks the real bytes again. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return viAvatar.notImage;
  if (file.size > MAX_AVATAR_BYTES) return viAvatar.tooLarge;
  return null;
}

export type UploadOutcome =
  | { kind: "ok"; image: string }
  | { kind: "refused"; message: string }
  | { kind: "failed" }
  | { kind: "canceled" };

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onRetry: () => void;
}

type Attempt =
  | { kind: "done"; status: number; body: { image?: string; message?: string } }
  | { kind: "dropped" }
  | { kind: "aborted" };

/**
 * One try. Its abort listener goes when the try settles: the same signal lives through every
 * retry, and listeners left on it would pile up until the page is left.
 */
function sendOnce(file: Blob, signal: AbortSignal, onProgress: (percent: number) => void) {
  const xhr = new XMLHttpRequest();
  const abort = () => xhr.abort();
  return new Promise<Attempt>((resolve) => {
    xhr.open("POST", "/api/avatar");
    xhr.responseType = "json";
    xhr.timeout = 60_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      resolve({ kind: "done", status: xhr.status, body: (xhr.response ?? {}) as never });
    xhr.onerror = xhr.ontimeout = () => resolve({ kind: "dropped" });
    xhr.onabort = () => resolve({ kind: "aborted" });
    signal.addEventListener("abort", abort, { once: true });
    xhr.send(file);
  }).finally(() => signal.removeEventListener("abort", abort));
}

/** The pause before a retry; "Hủy" ends it at once. Its listener goes with it too. */
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });

export async function uploadAvatar(
  file: Blob,
  signal: AbortSignal,
  { onProgress, onRetry }: UploadCallbacks,
): Promise<UploadOutcome> {
  const started = Date.now();
  for (let failures = 0; ; failures += 1) {
    if (signal.aborted) return { kind: "canceled" };
    onProgress(0);
    const attempt = await sendOnce(file, signal, onProgress);
    if (attempt.kind === "aborted") return { kind: "canceled" };
    if (attempt.kind === "done") {
      if (attempt.status === 200 && attempt.body.image)
        return { kind: "ok", image: attempt.body.image };
      if (!isRetryableStatus(attempt.status)) {
        return attempt.body.message
          ? { kind: "refused", message: attempt.body.message }
          : { kind: "failed" };
      }
    }
    const delay = retryDelayMs(failures + 1);
    if (Date.now() - started + delay > MAX_UPLOAD_RETRY_MS) return { kind: "failed" };
    onRetry();
    await wait(delay, signal);
  }
}
