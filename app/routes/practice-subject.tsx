import { data, redirect } from "react-router";
import type { Route } from "./+types/practice-subject";
import { answerExamDateForm, examDateForForm } from "#app/features/exam-date/exam-date.server.ts";
import { ExamDateForm } from "#app/features/exam-date/exam-date-form.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { getSessionUser, requireUser } from "#app/lib/session.server.ts";
import {
  findSubjectByCode,
  listPracticesOfSubject,
  listSuggestedPractices,
} from "#db/catalogue.ts";
import { PracticeCardList } from "#app/features/catalogue/practice-card.tsx";
import { vi } from "#app/i18n/vi.ts";
import { catalogueCacheHeaders } from "#app/features/catalogue/catalogue-cache.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { paths } from "#base/paths.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageTitle(
    vi.pages.practiceSubject.title(
      loaderData?.subject.name ?? vi.pages.practiceSubject.fallbackName,
    ),
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const subject = await findSubjectByCode(context.db, params.subjectCode);
  if (!subject) throw data(null, { status: 404 });
  const [practices, suggestions, user] = await Promise.all([
    listPracticesOfSubject(context.db, subject.code),
    listSuggestedPractices(context.db, subject.code, 10),
    getSessionUser(context, request),
  ]);
  // "Ngày thi" (issue 30): a signed-in student's own exam day in this subject.
  const exam = user
    ? await examDateForForm(context.db, user.id, { subjectCode: subject.code })
    : null;
  return data(
    { subject, practices, suggestions, exam },
    { headers: catalogueCacheHeaders(request, context.publicEnv.countsCacheMinutes) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** "Ngày thi": set or clear the signed-in student's exam day in this subject. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const code = params.subjectCode;
  const answer = await answerExamDateForm(context.db, user.id, form, { subjectCode: code });
  if (answer === null) throw redirect(paths.subject(code));
  return answer;
}

export default function PracticeSubject({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, practices, suggestions, exam } = loaderData;
  const t = vi.pages.practiceSubject;
  return (
    <>
      <section className="page" aria-labelledby="subject-heading">
        <h1 id="subject-heading">{t.heading(subject.name)}</h1>
        {subject.description ? <p className="muted">{subject.description}</p> : null}
        <PracticeCardList practices={practices} />
      </section>
      {exam ? (
        <ExamDateForm
          of={{ kind: "subject", code: subject.code }}
          examDay={exam.day}
          daysLeft={exam.daysLeft}
          today={exam.today}
          answer={actionData}
        />
      ) : null}
      {suggestions.length > 0 ? (
        <section className="page" aria-labelledby="suggestions-heading">
          <h2 id="suggestions-heading">{t.suggestions}</h2>
          <PracticeCardList practices={suggestions} />
        </section>
      ) : null}
    </>
  );
}
