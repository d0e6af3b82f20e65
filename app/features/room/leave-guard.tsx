import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { vi } from "#app/i18n/vi.ts";

const t = vi.unfinished;

/**
 * Leaving a room with answers in it asks first: a link inside the app (the logo, "Quay lại")
 * and the browser's Back are held by React Router's blocker and this dialog; a reload, a closed
 * tab or a typed address get the browser's own "Leave site?" (its text is the browser's).
 * Nothing is lost either way: the progress is on the device and "Làm tiếp bài đang dở" lists it.
 */
export function LeaveGuard({ active }: { active: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [active]);

  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (!blocked || dialog.current?.open) return;
    dialog.current?.showModal();
    // Staying is the safe answer: it has the focus (showModal would give it to the first button).
    stay.current?.focus();
  }, [blocked]);

  if (!blocked) return null;
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="leave-room-title"
      aria-describedby="leave-room-text"
      // Escape is "stay".
      onClose={() => blocker.state === "blocked" && blocker.reset()}
    >
      <h2 id="leave-room-title">{t.leaveTitle}</h2>
      <p id="leave-room-text">{t.leaveText}</p>
      <div className="confirm-actions">
        <button type="button" className="button button-secondary" onClick={() => blocker.proceed()}>
          {t.leave}
        </button>
        <button
          type="button"
          className="button button-primary"
          ref={stay}
          onClick={() => blocker.reset()}
        >
          {t.stay}
        </button>
      </div>
    </dialog>
  );
}
