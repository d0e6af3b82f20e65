import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLocation, useNavigation } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import { HeaderItems, type HeaderItemsProps } from "./header-items.tsx";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog still lets Tab leave the page for the browser's UI; keep it cycling inside. */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.offsetParent !== null,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Below 1024 px: a hamburger opens a slide-in menu. It is a modal <dialog>, so the browser
 * traps focus and makes the page behind it inert; Escape closes it natively. It also closes on
 * a tap outside (on the backdrop) and on every route change. Its items are rendered at the first
 * opening, not with the page: a closed <dialog> shows nothing and only script opens it, and its
 * copy of the header's items was a fifth of every page's elements, rendered on the server for
 * each request (issue 29).
 */
export function MobileMenu(props: HeaderItemsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  // Closed as soon as a navigation starts, so a slow or failed one never leaves it covering
  // the page, and again when it lands.
  const pendingKey = useNavigation().location?.key;
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dialog.current?.close();
  }, [location.key, pendingKey]);

  return (
    <>
      <button
        type="button"
        className="icon-button menu-button"
        aria-label={vi.nav.openMenu}
        aria-haspopup="dialog"
        onClick={() => {
          // The items are in the dialog before it opens, so the browser focuses the first.
          flushSync(() => setOpened(true));
          dialog.current?.showModal();
        }}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </button>
      <dialog
        ref={dialog}
        className="mobile-menu"
        aria-label={vi.nav.menu}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
        onKeyDown={keepFocusInside}
      >
        {opened ? (
          <div className="mobile-menu-panel">
            <div className="mobile-menu-top">
              <span className="mobile-menu-title">{vi.nav.menu}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={vi.nav.closeMenu}
                onClick={() => dialog.current?.close()}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    fill="currentColor"
                    d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
                  />
                </svg>
              </button>
            </div>
            <nav aria-label={vi.nav.mainNavigation}>
              <HeaderItems {...props} inMenu />
            </nav>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
