import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { showToast } from "#app/ui/toast.ts";

const t = vi.offlineStatus;

/**
 * What every page carries for offline use (ADR 0013), kept small since every first visit loads
 * it: the service worker's registration, "Có phiên bản mới — Tải lại" when a new build is
 * ready, the offline banner, and, for a signed-in student, sending what the outbox holds.
 */
export function OfflineShell({ signedIn }: { signedIn: boolean }) {
  const offline = useOffline();
  const waiting = useServiceWorker();
  useOutboxFlush(signedIn && !offline);
  return (
    <>
      {offline ? (
        <p className="offline-banner" role="status">
          {t.banner}
        </p>
      ) : null}
      {waiting ? (
        <div className="update-banner" role="status">
          <span>{t.newVersion}</span>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              // The room's progress and the set-up are in storage: a reload loses nothing.
              navigator.serviceWorker.addEventListener("controllerchange", () =>
                window.location.reload(),
              );
              waiting.postMessage({ type: "SKIP_WAITING" });
            }}
          >
            {t.reload}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Whether the browser says it is offline, kept current (false until hydrated). */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

/** Registers the worker (production builds only) and returns a new build's waiting worker. */
function useServiceWorker(): ServiceWorker | null {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    // With no controller this is the first install: nothing old to replace, nothing to ask.
    const offer = (worker: ServiceWorker | null) => {
      if (worker && navigator.serviceWorker.controller) setWaiting(worker);
    };
    navigator.serviceWorker
      // SERVICE_WORKER_URL (app/lib/worker-protocol.ts), written out here: importing that
      // module would add a file to every first visit.
      .register("/sw.js")
      .then((registration) => {
        offer(registration.waiting);
        registration.addEventListener("updatefound", () => {
          const installing = registration.installing;
          installing?.addEventListener("statechange", () => {
            if (installing.state === "installed") offer(installing);
          });
        });
      })
      .catch(() => {
        // No worker (a private window, blocked by policy): the app works online as before.
      });
  }, []);
  return waiting;
}

/**
 * Sends the outbox on the first page a signed-in student opens online, and when back online,
 * and drops downloads no longer open to them: the service worker does it (where there is none,
 * the history page and the room do), so no storage code is in every page's first load.
 */
function useOutboxFlush(enabled: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!enabled || !navigator.serviceWorker?.controller) return;
    let cancelled = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data: reply }: MessageEvent<{ ok: boolean; saved?: number }>) => {
      if (cancelled || !reply.ok || !reply.saved) return;
      void showToast("success", t.synced(reply.saved));
      void revalidator.revalidate();
    };
    // A WorkerMessage (worker-protocol.ts); the worker answers with what it sent.
    navigator.serviceWorker.controller.postMessage({ type: "SIGNED_IN_ONLINE" }, [channel.port2]);
    return () => {
      cancelled = true;
    };
    // The revalidator changes identity on every navigation; the flush is per page and per reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
}
