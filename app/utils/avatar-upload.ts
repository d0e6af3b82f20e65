import { vi } from "#app/i18n/vi.ts";
import { MAX_AVATAR_BYTES } from "#base/limits.ts";
import { isRetryableStatus, retryDelayMs } from "./retry.ts";

/**
 * The avatar upload of the spec (sections 4, 5, 8, 9), in one request (1 MB fits; the resumable
 * chunks of the original belonged to the hosted file store we replaced) with the retry policy
 * of app/utils/retry.ts, giving up 120 s after it started. Progress is real (XMLHttpRequest's upload
 * events; fetch has none), and "Hủy" aborts it.
 */
export const MAX_UPLOAD_RETRY_MS = 120_000;

/** The browser's checks before anything is sent; the server checks the real bytes again. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return vi.avatar.notImage;
  if (file.size > MAX_AVATAR_BYTES) return vi.avatar.tooLarge;
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

function sendOnce(file: Blob, signal: AbortSignal, onProgress: (percent: number) => void) {
  return new Promise<Attempt>((resolve) => {
    const xhr = new XMLHttpRequest();
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
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
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
