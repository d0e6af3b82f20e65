import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import {
  forgetGuestAttempts,
  listGuestAttempts,
  takeClaimIntent,
  type GuestAttempt,
} from "#app/lib/guest-attempts.ts";
import { showToast } from "#app/ui/toast.ts";
import { paths } from "#base/paths.ts";

const t = vi.guestClaim;

/** The device's guest attempts, offered to the signed-in student (guest-claim.tsx). */
export default function GuestClaimBanner({ onDone }: { onDone: () => void }) {
  const [entries] = useState<GuestAttempt[]>(() => listGuestAttempts());
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const started = useRef(false);

  const claim = useCallback(async () => {
    setBusy(true);
    const saved = await sendClaims(entries);
    setBusy(false);
    if (saved === null) {
      void showToast("error", t.failed, { id: "guest-claim" });
      return;
    }
    forgetGuestAttempts(entries.map((entry) => entry.id));
    void showToast(saved > 0 ? "success" : "info", saved > 0 ? t.saved(saved) : t.nothingSaved, {
      id: "guest-claim",
    });
    onDone();
    // The history (or any page counting attempts) shows them at once.
    if (saved > 0) void revalidator.revalidate();
  }, [entries, onDone, revalidator]);

  const drop = () => {
    forgetGuestAttempts(entries.map((entry) => entry.id));
    onDone();
  };

  // "Đăng ký để lưu kết quả" led here: the student already said yes.
  useEffect(() => {
    if (started.current || entries.length === 0) return;
    started.current = true;
    // The intent is in sessionStorage, which exists only after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeClaimIntent()) void claim();
  }, [entries, claim]);

  // Every one expired since the wrapper looked: nothing to offer.
  if (entries.length === 0) return null;
  return (
    <section className="verify-reminder guest-claim" aria-label={t.label}>
      <p className="verify-reminder-text">{t.question(entries.length)}</p>
      <ul className="guest-claim-list">
        {entries.map((entry) => (
          <li key={entry.id}>{t.item(entry.title, entry.numberOfRight, entry.questionCount)}</li>
        ))}
      </ul>
      <div className="verify-reminder-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void claim()}
        >
          {busy ? t.saving : t.save}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={drop}>
          {t.drop}
        </button>
      </div>
    </section>
  );
}

/** How many were saved, or null when the server could not be reached or refused the request. */
async function sendClaims(entries: readonly GuestAttempt[]): Promise<number | null> {
  try {
    const response = await fetch(paths.apiClaimAttempts, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ claims: entries.map(({ id, secret }) => ({ id, secret })) }),
      credentials: "same-origin",
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { saved?: unknown };
    return typeof body.saved === "number" ? body.saved : 0;
  } catch {
    return null;
  }
}
