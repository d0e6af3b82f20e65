import type { FormEvent } from "react";
import { vi } from "#app/i18n/vi.ts";
import { forgetAllRooms } from "#app/components/room/room-storage.ts";

/**
 * "Đăng xuất" on a shared phone leaves nothing of the student on it (issue 17): attempts still
 * waiting are sent first (and the student is asked before any that cannot be are deleted),
 * then the downloads, the outbox, the cached pages and the rooms' progress are deleted, then
 * the form goes to the server. Without script the form still signs out.
 */
export function clearDeviceThenSignOut(event: FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget;
  if (form.dataset.deviceCleared === "1" || !("indexedDB" in window)) return;
  event.preventDefault();
  void clearDevice().then((cleared) => {
    if (!cleared) return;
    form.dataset.deviceCleared = "1";
    form.requestSubmit();
  });
}

async function clearDevice(): Promise<boolean> {
  try {
    const [downloads, outbox] = await Promise.all([
      import("#app/offline/downloads.ts"),
      import("#app/offline/outbox.ts"),
    ]);
    if (navigator.onLine) await outbox.flushOutbox().catch(() => undefined);
    const unsent = await downloads.unsentAttempts();
    if (unsent > 0 && !window.confirm(vi.offline.signOutUnsent(unsent))) return false;
    await downloads.forgetDevice();
  } catch {
    // Storage already gone or blocked: nothing of the student's is on the device.
  }
  forgetAllRooms();
  return true;
}
