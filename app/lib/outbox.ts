import { sendAttempt } from "#app/lib/attempt-save.ts";
import { listOutbox, removeFromOutbox, updateOutbox } from "./device-store.ts";

/** The Background Sync tag the service worker sends the outbox under. */
export const OUTBOX_SYNC_TAG = "on-tap-outbox";

export interface FlushResult {
  saved: number;
  refused: number;
  /** Still waiting: no network, a busy server, or a signed-out session. */
  waiting: number;
}

const flushing = new Map<string, Promise<FlushResult>>();

/**
 * Sends the queued attempts of `owner` (the student signed in on this device now; null: nobody,
 * nothing is sent), oldest first, each stamped with its owner so that the server refuses it
 * under another session. Another student's attempts wait on the device for their owner: on a
 * shared computer they are never saved into whoever signs in next (ADR 0013). The server saves an attempt id once, so a send
 * that races another one (the service worker's sync and a page at once) still saves one
 * attempt. A saved attempt leaves the queue; one the server refuses (its questions changed
 * meanwhile: the content-version rule) stays, marked with the server's reason, until the
 * student dismisses it; a dropped connection stops the round, to be tried again later.
 */
export function flushOutbox(fetcher: typeof fetch, owner: string | null): Promise<FlushResult> {
  if (!owner) return Promise.resolve({ saved: 0, refused: 0, waiting: 0 });
  let round = flushing.get(owner);
  if (!round) {
    round = flushRound(fetcher, owner).finally(() => flushing.delete(owner));
    flushing.set(owner, round);
  }
  return round;
}

async function flushRound(fetcher: typeof fetch, owner: string): Promise<FlushResult> {
  const result: FlushResult = { saved: 0, refused: 0, waiting: 0 };
  const queued = (await listOutbox(owner)).filter((entry) => entry.state !== "refused").reverse();
  for (const [position, entry] of queued.entries()) {
    const outcome = await sendAttempt(entry.submission, fetcher, entry.userId);
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
