import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { ROUTE_MODULE_ERROR_EVENT } from "./load-failure-event.ts";

/** A script chunk that has not arrived after this long is given up (ADR 0001). */
const CHUNK_TIMEOUT_MS = 120_000;
const RELOADED_FOR_KEY = "on-tap:reloaded-for-version";

/** Errors browsers raise when a dynamic import (a route or feature chunk) fails to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

type Failure = { kind: "failed" | "slow"; target: string; key: string };
type Location_ = { pathname: string; search: string; hash: string; key: string };
/** The part of React Router's data router (window.__reactRouterDataRouter) the guard reads. */
type DataRouter = {
  state: { navigation: { location?: Location_ } };
  subscribe(listener: (state: { navigation: { location?: Location_ } }) => void): () => void;
};

/**
 * Wraps the page content. When the next page's code fails to load (the navigation is then left
 * pending, see vite.config.ts) or is still loading after CHUNK_TIMEOUT_MS, the content gives
 * way to a message and a "Tải lại trang" button that loads the target page in full. A new
 * navigation elsewhere clears it.
 */
export function LoadFailureGuard({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.location;
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    // The router's own state is current at once; React's render of it may come much later on a
    // loaded phone, so both the failure and the 120 s are taken from the router itself.
    const router = (window as { __reactRouterDataRouter?: DataRouter }).__reactRouterDataRouter;
    const onError = () => {
      const location = router?.state.navigation.location ?? pendingRef.current;
      const target = location
        ? `${location.pathname}${location.search}${location.hash}`
        : window.location.href;
      setFailure({ kind: "failed", target, key: location?.key ?? "" });
    };
    window.addEventListener(ROUTE_MODULE_ERROR_EVENT, onError);

    let timer: number | undefined;
    let timedKey: string | undefined;
    const follow = (location: Location_ | undefined) => {
      if (location?.key === timedKey) return;
      window.clearTimeout(timer);
      timedKey = location?.key;
      if (!location) return;
      timer = window.setTimeout(() => {
        setFailure({
          kind: "slow",
          target: `${location.pathname}${location.search}${location.hash}`,
          key: location.key,
        });
      }, CHUNK_TIMEOUT_MS);
    };
    follow(router?.state.navigation.location);
    const unsubscribe = router?.subscribe((state) => follow(state.navigation.location));
    return () => {
      window.removeEventListener(ROUTE_MODULE_ERROR_EVENT, onError);
      unsubscribe?.();
      window.clearTimeout(timer);
    };
  }, []);

  const active = failure && pending && pending.key === failure.key ? failure : null;
  if (!active) return <>{children}</>;
  return <ChunkErrorScreen target={active.target} slow={active.kind === "slow"} />;
}

/**
 * The message itself. If the server now runs another build (a deploy replaced the assets), the
 * target page is loaded once by itself; the version it did so for is remembered for this tab,
 * so a broken deploy cannot loop. Otherwise the user decides when to retry.
 */
export function ChunkErrorScreen({ target, slow = false }: { target?: string; slow?: boolean }) {
  useEffect(() => {
    if (slow) return;
    const current = (window as { __reactRouterManifest?: { version?: string } })
      .__reactRouterManifest?.version;
    const controller = new AbortController();
    fetch("/build-version", { cache: "no-store", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ version: string }>) : null))
      .then((server) => {
        if (!server || !current || server.version === current) return;
        if (sessionStorage.getItem(RELOADED_FOR_KEY) === server.version) return;
        sessionStorage.setItem(RELOADED_FOR_KEY, server.version);
        loadInFull(target);
      })
      .catch(() => {
        // Offline or aborted: the message and its button stay.
      });
    return () => controller.abort();
  }, [slow, target]);

  return (
    <section className="status-screen" role="alert">
      <h1>{vi.chunk.heading}</h1>
      <p>{slow ? vi.chunk.slow : vi.chunk.body}</p>
      <button type="button" className="button button-primary" onClick={() => loadInFull(target)}>
        {vi.chunk.reload}
      </button>
    </section>
  );
}

function loadInFull(target: string | undefined) {
  if (target) window.location.assign(target);
  else window.location.reload();
}
