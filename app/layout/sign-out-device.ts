import { vi } from "#app/i18n/vi.ts";
import {
  askWorker,
  OFFLINE_DB,
  PAGES_CACHE_PREFIX,
  PICTURES_CACHE,
} from "#app/lib/worker-protocol.ts";
import {
  MOCK_EXAM_KEY_PREFIX,
  REVIEW_SETUP_KEY,
  ROOM_KEY_PREFIX,
  SETUP_KEY_PREFIX,
} from "#app/lib/storage-keys.ts";

/**
 * What the student leaves in localStorage: rooms in progress (app/lib/room-storage.ts),
 * set-up choices per practice (whose keys name their own practices' private codes), mock exams,
 * and the review's time per question (a whole key, its own prefix).
 */
const STUDENT_KEY_PREFIXES = [
  ROOM_KEY_PREFIX,
  SETUP_KEY_PREFIX,
  MOCK_EXAM_KEY_PREFIX,
  REVIEW_SETUP_KEY,
];

/**
 * "Đăng xuất" on a shared phone leaves nothing of the student on it (ADR 0013): attempts still
 * waiting are sent first (and the student is asked before any that cannot be are deleted),
 * then the downloads, the outbox, the cached pages and pictures and the rooms' progress are
 * deleted.
 * Loaded only when the student signs out (user-menu.tsx).
 */
export async function clearDevice(): Promise<boolean> {
  if (navigator.serviceWorker?.controller) {
    const sent = await askWorker({ type: "FLUSH_OUTBOX" }, 15_000);
    const unsent = sent.ok ? (sent.waiting ?? 0) : 0;
    if (unsent > 0 && !window.confirm(vi.offlineStatus.signOutUnsent(unsent))) return false;
  }
  await Promise.allSettled([deleteOfflineDatabase(), deletePageCaches()]);
  try {
    Object.keys(localStorage)
      .filter((key) => STUDENT_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)))
      .forEach((key) => localStorage.removeItem(key));
  } catch {
    // Blocked storage: nothing was stored.
  }
  return true;
}

/** Open connections (a tab, the worker) close themselves when asked (offline-store.ts). */
function deleteOfflineDatabase(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve();
    const request = indexedDB.deleteDatabase(OFFLINE_DB);
    request.onsuccess = request.onerror = () => resolve();
    setTimeout(resolve, 5_000);
  });
}

async function deletePageCaches(): Promise<void> {
  // The worker deletes them with Workbox's record of their addresses (its IndexedDB).
  if (navigator.serviceWorker?.controller) await askWorker({ type: "FORGET_ALL" }, 10_000);
  // No Cache API on a plain-http address: nothing was cached.
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES_CACHE_PREFIX) || name === PICTURES_CACHE) await caches.delete(name);
  }
}
