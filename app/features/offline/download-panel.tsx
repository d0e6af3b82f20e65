import { useCallback, useEffect, useState } from "react";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { formatDateTime } from "#base/dates.ts";
import type { DownloadedPractice } from "#app/lib/device-store.ts";

const t = viOffline;

type PanelState =
  | { kind: "checking" }
  | { kind: "none"; error?: string }
  | { kind: "working"; text: string }
  | { kind: "downloaded"; practice: DownloadedPractice; note?: string };

/**
 * "Tải về để luyện offline" on a set-up page (ADR 0013): downloads the practice, shows its
 * size and date, removes it, and downloads it again by itself when the practice changed on the
 * server since. The device's state is read after hydration; the server renders the button.
 */
export function DownloadPanel({
  practice,
  userId,
  loginHref,
}: {
  practice: { code: string; questionCount: number; contentVersion: number };
  userId: string | null;
  loginHref: string;
}) {
  const [state, setState] = useState<PanelState>({ kind: "checking" });

  const download = useCallback(
    async (text: string) => {
      if (!userId) return;
      setState({ kind: "working", text });
      const { downloadPractice } = await import("#app/features/offline/device.ts");
      const outcome = await downloadPractice(practice.code, userId);
      setState(
        outcome.ok
          ? { kind: "downloaded", practice: outcome.practice }
          : { kind: "none", error: outcome.message },
      );
    },
    [practice.code, userId],
  );

  useEffect(() => {
    if (!userId || !("indexedDB" in window)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- what the device holds is known only here
      setState({ kind: "none" });
      return;
    }
    let cancelled = false;
    void import("#app/features/offline/device.ts")
      .then((downloads) => downloads.readPractice(practice.code))
      .then((stored) => {
        if (cancelled) return;
        if (!stored || stored.userId !== userId) setState({ kind: "none" });
        else if (stored.contentVersion !== practice.contentVersion && navigator.onLine) {
          void download(t.refreshing);
        } else setState({ kind: "downloaded", practice: stored });
      })
      .catch(() => !cancelled && setState({ kind: "none" }));
    return () => {
      cancelled = true;
    };
  }, [practice.code, practice.contentVersion, userId, download]);

  const remove = async () => {
    setState({ kind: "working", text: t.removeDownload });
    const { removeDownload } = await import("#app/features/offline/device.ts");
    await removeDownload(practice.code).catch(() => undefined);
    setState({ kind: "none" });
  };

  return (
    <section className="card offline-panel" aria-labelledby="offline-panel-heading">
      <h2 id="offline-panel-heading">{t.panelHeading}</h2>
      <p className="muted">
        {state.kind === "downloaded"
          ? t.downloaded(
              t.size(state.practice.bytes),
              formatDateTime(new Date(state.practice.downloadedAt).toISOString()),
            )
          : t.downloadHint(practice.questionCount)}
      </p>
      <div className="offline-panel-actions">
        {!userId ? (
          <a className="button button-secondary" href={loginHref}>
            {t.signInToDownload}
          </a>
        ) : state.kind === "downloaded" ? (
          <button type="button" className="button button-secondary" onClick={() => void remove()}>
            {t.removeDownload}
          </button>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            disabled={state.kind !== "none"}
            onClick={() => void download(t.downloading)}
          >
            {t.download}
          </button>
        )}
      </div>
      <p className="offline-panel-status" role="status">
        {state.kind === "working" ? state.text : state.kind === "none" ? (state.error ?? "") : ""}
      </p>
    </section>
  );
}
