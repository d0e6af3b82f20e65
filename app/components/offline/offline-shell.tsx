import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { SERVICE_WORKER_URL } from "#app/offline/worker-protocol.ts";
import { showToast } from "#app/components/ui/toast.ts";

const t = vi.offline;

/**
 * What every page carries for offline use (issue 17), kept small since every first visit loads
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

function useOffline(): boolean {
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
      .register(SERVICE_WORKER_URL)
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

/** Sends the outbox on the first page a signed-in student opens online, and when back online. */
function useOutboxFlush(enabled: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!enabled || !("indexedDB" in window)) return;
    let cancelled = false;
    void import("#app/offline/outbox.ts")
      .then((outbox) => outbox.flushOutbox())
      .then((result) => {
        if (cancelled || result.saved === 0) return;
        showToast("success", t.synced(result.saved));
        void revalidator.revalidate();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // The revalidator changes identity on every navigation; the flush is per page and per reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
}
