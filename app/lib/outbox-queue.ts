import { OUTBOX_SYNC_TAG } from "./outbox.ts";
import { queueAttempt, removeFromOutbox, type QueuedAttempt } from "./device-store.ts";

/**
 * The room's side of the outbox (ADR 0013): a finished attempt that could not be sent is kept
 * on the device and handed to Background Sync, which sends it when the network is back even
 * with the tab closed; where there is no Background Sync, the next page opened sends it
 * (OfflineShell). Imported lazily: only a failed save needs it.
 */
export async function queueForLater(entry: Omit<QueuedAttempt, "state">): Promise<boolean> {
  try {
    await queueAttempt({ ...entry, state: "pending" });
  } catch {
    // No IndexedDB (a private window on some browsers): the room's own retries go on.
    return false;
  }
  await requestOutboxSync();
  return true;
}

async function requestOutboxSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync: the next visit sends it.
  }
}

/** Saved after all: it leaves the queue. */
export async function dequeue(id: string): Promise<void> {
  try {
    await removeFromOutbox(id);
  } catch {
    // Nothing was queued, or storage is gone: nothing to remove.
  }
}
