import { data, Link } from "react-router";
import type { Route } from "./+types/practice-subject";
import { findSubjectByCode, listPracticesOfSubject } from "#db/catalogue.ts";
import { vi } from "#app/i18n/vi.ts";
import { pageTitle } from "#app/utils/page-title.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageTitle(
    vi.pages.practiceSubject.title(
      loaderData?.subject.name ?? vi.pages.practiceSubject.fallbackName,
    ),
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const subject = await findSubjectByCode(context.db, params.subjectCode);
  if (!subject) throw data(null, { status: 404 });
  return { subject, practices: await listPracticesOfSubject(context.db, subject.code) };
}

export default function PracticeSubject({ loaderData }: Route.ComponentProps) {
  const { subject, practices } = loaderData;
  const t = vi.pages.practiceSubject;
  return (
    <section className="page">
      <h1>{t.heading(subject.name)}</h1>
      {subject.description ? <p className="muted">{subject.description}</p> : null}
      <ul className="card-list">
        {practices.map((practice) => (
          <li key={practice.code}>
            <Link className="card" to={`/practice-review/${practice.code}`}>
              <span className="card-title">{practice.title}</span>
              <span className="card-text">{practice.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t.suggestions}</h2>
      <p className="muted">{vi.screenComing}</p>
    </section>
  );
}
