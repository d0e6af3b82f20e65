import { useEffect, useState } from "react";
import { Link } from "react-router";
import { vi } from "#app/i18n/vi.ts";

/**
 * The 404 screen: "this page does not exist", or what a caller knows better (a share link that
 * opens nothing any more, issue 28: vi.pages.notShared).
 */
export function NotFoundScreen({
  text = vi.pages.notFound,
}: {
  text?: { heading: string; body: string; home: string };
}) {
  return (
    <section className="status-screen">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{text.heading}</h1>
      <p>{text.body}</p>
      <Link className="button button-primary" to="/">
        {text.home}
      </Link>
    </section>
  );
}

/** A request refused for its shape (a 4xx thrown with `{ message }`): what was wrong, and a way on. */
export function BadRequestScreen({ message }: { message: string }) {
  return (
    <section className="status-screen" role="alert">
      <h1>{vi.pages.refusedHeading}</h1>
      <p>{message}</p>
      <a className="button button-primary" href="/">
        {vi.pages.error.home}
      </a>
    </section>
  );
}

/** A server or render error: a plain apology, never a stack, and two ways on. */
export function ServerErrorScreen() {
  // A page that could not load with no network at all (one that needs the server, opened
  // offline: ADR 0013) says so, rather than that something went wrong.
  const [offline, setOffline] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's state is known only here
  useEffect(() => setOffline(!navigator.onLine), []);
  return (
    <section className="status-screen" role="alert">
      <h1>{offline ? vi.offlineStatus.pageHeading : vi.pages.error.heading}</h1>
      <p>{offline ? vi.offlineStatus.pageText : vi.pages.error.body}</p>
      <div className="status-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => window.location.reload()}
        >
          {vi.pages.error.retry}
        </button>
        <a className="button button-secondary" href="/">
          {vi.pages.error.home}
        </a>
      </div>
    </section>
  );
}
