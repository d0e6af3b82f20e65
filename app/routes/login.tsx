import { Link, useMatches } from "react-router";
import type { Route } from "./+types/login";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";

export const meta: Route.MetaFunction = ({ location }) =>
  pageTitle(
    location.pathname.startsWith("/register") ? vi.pages.login.registerTitle : vi.pages.login.title,
  );

/** /login and /register: one screen with two tabs; the accounts work adds the forms. */
export default function Login() {
  const matches = useMatches();
  const register = matches.some((match) => match.id === "routes/register");
  const t = vi.pages.login;
  return (
    <section className="page page-narrow">
      <h1>{register ? t.registerTitle : t.title}</h1>
      <nav className="tabs" aria-label={t.tabs}>
        <Link to="/login" className="tab" aria-current={register ? undefined : "page"} replace>
          {vi.nav.login}
        </Link>
        <Link to="/register" className="tab" aria-current={register ? "page" : undefined} replace>
          {vi.nav.register}
        </Link>
      </nav>
      <p>{t.heading}</p>
      <p className="muted">{t.comingSoon}</p>
    </section>
  );
}
