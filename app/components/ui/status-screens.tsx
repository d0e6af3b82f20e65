import { Link } from "react-router";
import { vi } from "#app/i18n/vi.ts";

export function NotFoundScreen() {
  return (
    <section className="status-screen">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{vi.pages.notFound.heading}</h1>
      <p>{vi.pages.notFound.body}</p>
      <Link className="button button-primary" to="/">
        {vi.pages.notFound.home}
      </Link>
    </section>
  );
}

/** A server or render error: a plain apology, never a stack. */
export function ServerErrorScreen() {
  return (
    <section className="status-screen" role="alert">
      <h1>{vi.pages.error.heading}</h1>
      <p>{vi.pages.error.body}</p>
      <a className="button button-primary" href="/">
        {vi.pages.error.home}
      </a>
    </section>
  );
}

/** The layout and heading of a screen whose content a later piece of work delivers. */
export function ScreenInProgress({
  heading,
  children,
}: {
  heading: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="page">
      <h1>{heading}</h1>
      {children}
      <p className="muted">{vi.screenComing}</p>
    </section>
  );
}
