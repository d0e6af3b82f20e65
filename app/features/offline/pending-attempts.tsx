import { useEffect, useState } from "react";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { useOffline } from "./offline-shell.tsx";
import { useSignedInUserId } from "./signed-in-user.ts";
import { formatDateTime } from "#base/dates.ts";
import type { QueuedAttempt } from "#app/lib/device-store.ts";

const t = viOffline;

/**
 * Attempts finished on this device that the server has not got yet (ADR 0013), above the
 * history: "Chờ đồng bộ" until they are sent; one the server refused says why, and can be
 * dismissed. Scores shown are the room's; the server computes its own when it saves.
 */
export function PendingAttempts() {
  const userId = useSignedInUserId();
  const [entries, setEntries] = useState<QueuedAttempt[]>([]);

  useEffect(() => {
    let cancelled = false;
    // Shown at once, then sent when online (the service worker may be doing it too: the server
    // saves an attempt once), then shown again: what is left still waits.
    const read = async () => {
      const device = await import("#app/features/offline/device.ts");
      const show = async () => {
        const list = await device.listOutbox(userId);
        if (!cancelled) setEntries(list);
        return list;
      };
      if ((await show()).length > 0 && navigator.onLine) {
        await device.flushOutbox(fetch, userId || null);
        await show();
      }
    };
    void read().catch(() => undefined);
    const online = () => void read().catch(() => undefined);
    window.addEventListener("online", online);
    return () => {
      cancelled = true;
      window.removeEventListener("online", online);
    };
  }, [userId]);

  if (entries.length === 0) return null;
  const dismiss = async (id: string) => {
    const { dismissFromOutbox } = await import("#app/features/offline/device.ts");
    await dismissFromOutbox(id, userId).catch(() => undefined);
    setEntries((list) => list.filter((entry) => entry.id !== id));
  };
  return (
    <section className="card pending-attempts" aria-labelledby="pending-heading">
      <h2 id="pending-heading">{t.pendingHeading}</h2>
      <p className="muted">{t.pendingHint}</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id} data-state={entry.state}>
            <div className="downloads-item-text">
              <strong>{entry.title}</strong>
              <span>
                {entry.label} · {formatDateTime(new Date(entry.finishedAt).toISOString())} ·{" "}
                {viOffline.score(entry.numberOfRight, entry.questionCount)}
              </span>
              <span className="pending-state">
                {entry.state === "refused"
                  ? t.refused(entry.message ?? "")
                  : entry.state === "signedOut"
                    ? t.pendingSignedOut
                    : t.pending}
              </span>
            </div>
            {entry.state === "refused" ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void dismiss(entry.id)}
              >
                {t.dismiss}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * On the history offline (a copy from the last visit online, ADR 0013): says that attempts
 * made on other devices since are not in it.
 */
export function HistoryOfflineNote() {
  return useOffline() ? <p className="muted">{t.historyOffline}</p> : null;
}
