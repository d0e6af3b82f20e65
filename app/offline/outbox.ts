import { sendAttempt } from "#app/utils/attempt-save.ts";
import { listOutbox, removeFromOutbox, updateOutbox } from "./offline-store.ts";

/** The Background Sync tag the service worker sends the outbox under. */
export const OUTBOX_SYNC_TAG = "on-tap-outbox";

export interface FlushResult {
  saved: number;
  refused: number;
  /** Still waiting: no network, a busy server, or a signed-out session. */
  waiting: number;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends every queued attempt, oldest first. The server saves an attempt id once, so a send
 * that races another one (the service worker's sync and a page at once) still saves one
 * attempt. A saved attempt leaves the queue; one the server refuses (its questions changed
 * meanwhile: the content-version rule) stays, marked with the server's reason, until the
 * student dismisses it; a dropped connection stops the round, to be tried again later.
 */
export function flushOutbox(fetcher: typeof fetch = fetch): Promise<FlushResult> {
  flushing ??= flushRound(fetcher).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushRound(fetcher: typeof fetch): Promise<FlushResult> {
  const result: FlushResult = { saved: 0, refused: 0, waiting: 0 };
  const queued = (await listOutbox()).filter((entry) => entry.state !== "refused").reverse();
  for (const [position, entry] of queued.entries()) {
    const outcome = await sendAttempt(entry.submission, fetcher);
    if (outcome.kind === "saved") {
      await removeFromOutbox(entry.id);
      result.saved += 1;
    } else if (outcome.kind === "refused") {
      await updateOutbox(entry.id, { state: "refused", message: outcome.message });
      result.refused += 1;
    } else {
      if (outcome.kind === "signedOut") await updateOutbox(entry.id, { state: "signedOut" });
      result.waiting += queued.length - position;
      break;
    }
  }
  return result;
}
