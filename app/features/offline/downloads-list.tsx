import { useEffect, useState } from "react";
import { Link } from "react-router";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { useSignedInUserId } from "./signed-in-user.ts";
import { formatDateTime } from "#base/dates.ts";
import type { DownloadedPractice } from "#app/lib/device-store.ts";
import { paths } from "#base/paths.ts";

const t = viOffline;

/** The practices this student downloaded on this device, each with "Xóa" (profile, ADR 0013). */
export function DownloadsList() {
  const userId = useSignedInUserId();
  const [practices, setPractices] = useState<DownloadedPractice[] | null>(null);
  const [status, setStatus] = useState("");

  useEffect(() => {
    let cancelled = false;
    const show = async () => {
      const device = await import("#app/features/offline/device.ts");
      if (!cancelled) setPractices(await device.listPractices(userId));
      if (!navigator.onLine) return;
      // Changed practices are downloaded again; ones no longer open to the student go.
      const removed = await device.checkDownloads(userId);
      if (cancelled) return;
      setPractices(await device.listPractices(userId));
      if (removed.length > 0) setStatus(removed.map((title) => t.gone(title)).join(" "));
    };
    show().catch(() => !cancelled && setPractices((list) => list ?? []));
    return () => {
      cancelled = true;
    };
  }, [userId]);

  const remove = async (practice: DownloadedPractice) => {
    const { removeDownload } = await import("#app/features/offline/device.ts");
    await removeDownload(practice.code).catch(() => undefined);
    setPractices((list) => list?.filter((p) => p.code !== practice.code) ?? null);
    setStatus(t.removed(practice.title));
  };

  return (
    <section className="auth-form downloads-section" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{t.listHeading}</h2>
      <p className="muted">{practices && practices.length === 0 ? t.listEmpty : t.listIntro}</p>
      {practices && practices.length > 0 ? (
        <ul className="downloads-list">
          {practices.map((practice) => (
            <li key={practice.code}>
              <div className="downloads-item-text">
                <Link to={paths.practiceSetup(practice.code)}>{practice.title}</Link>
                <span className="muted">
                  {t.listItem(
                    practice.questionCount,
                    t.size(practice.bytes),
                    formatDateTime(new Date(practice.downloadedAt).toISOString()).slice(0, 10),
                  )}
                </span>
              </div>
              <button
                type="button"
                className="button button-secondary"
                aria-label={t.removeOf(practice.title)}
                onClick={() => void remove(practice)}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="offline-panel-status">
        {status}
      </p>
    </section>
  );
}
