import { useEffect, useState } from "react";
import type { StoredAttempt } from "#db/attempts.ts";
import type { AnySubmission } from "#services/attempts/save-attempt.ts";
import { RETRY_WINDOW_MS, sendAttempt } from "#app/lib/attempt-save.ts";
import { retryDelayMs } from "#app/lib/retry.ts";
import type { QueuedAttempt } from "#app/lib/device-store.ts";
// Static, not lazy: the room must be able to queue an attempt when the network is already gone.
import { dequeue, queueForLater } from "#app/lib/outbox-queue.ts";

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; attempt: StoredAttempt | null }
  | { kind: "waiting"; retryInSeconds: number }
  | { kind: "gaveUp" }
  /** Kept on the device (the outbox) and sent when the network is back. */
  | { kind: "queued" }
  | { kind: "signedOut"; message: string }
  | { kind: "refused"; message: string };

/**
 * Saves a finished attempt once it exists: sends it, and on a dropped connection or a busy
 * server retries with backoff (1 s doubling to 64 s) for up to 600 s, at once when the browser
 * comes back online, and whenever "Thử lại" is pressed. The results stay on screen throughout;
 * an attempt already saved (known from storage) is not sent again.
 */
export function useAttemptSave(
  submission: AnySubmission | null,
  alreadySaved: boolean,
  onSaved: () => void,
  /** What the history shows of it while it waits in the outbox; none: not queued (signed out). */
  queueEntry?: () => Omit<QueuedAttempt, "state" | "submission"> | null,
) {
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [retryToken, setRetryToken] = useState(0);

  useEffect(() => {
    if (!submission || alreadySaved) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let firstFailureAt: number | null = null;
    let inFlight = false;
    let queued = false;

    // A dropped connection or a busy server: the attempt also goes to the outbox at once, so
    // closing the tab or the browser loses nothing (ADR 0013).
    async function queue() {
      const entry = queueEntry?.();
      if (queued || !submission || !entry) return;
      queued = true;
      queued = await queueForLater({ ...entry, submission });
    }

    async function send() {
      if (cancelled || inFlight || !submission) return;
      inFlight = true;
      clearTimeout(timer);
      setStatus({ kind: "saving" });
      // Stamped with its student: under the next one's session it is refused (ADR 0013).
      const outcome = await sendAttempt(submission, fetch, queueEntry?.()?.userId);
      inFlight = false;
      if (cancelled) return;
      if (outcome.kind === "saved") {
        setStatus({ kind: "saved", attempt: outcome.attempt });
        onSaved();
        if (queued) void dequeue(submission.id);
        return;
      }
      if (outcome.kind !== "retry") {
        setStatus(outcome);
        return;
      }
      failures += 1;
      firstFailureAt ??= Date.now();
      await queue();
      if (cancelled) return;
      if (Date.now() - firstFailureAt >= RETRY_WINDOW_MS) {
        setStatus(queued ? { kind: "queued" } : { kind: "gaveUp" });
        return;
      }
      const delay = retryDelayMs(failures);
      setStatus(
        queued && !navigator.onLine
          ? { kind: "queued" }
          : { kind: "waiting", retryInSeconds: Math.round(delay / 1000) },
      );
      timer = setTimeout(() => void send(), delay);
    }

    const online = () => void send();
    window.addEventListener("online", online);
    void send();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
    };
    // retryToken: "Thử lại" starts a fresh round at once.
  }, [submission, alreadySaved, onSaved, retryToken, queueEntry]);

  // Saved in an earlier visit (known from storage): nothing to send, nothing to wait for.
  const shown: SaveStatus =
    alreadySaved && status.kind !== "saved" ? { kind: "saved", attempt: null } : status;
  return { status: shown, retry: () => setRetryToken((n) => n + 1) };
}
