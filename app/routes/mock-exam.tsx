import { data, Link, redirect } from "react-router";
import type { RouteHandle } from "#app/root.tsx";
import type { ChoiceBlockProps } from "#app/features/mock-exam/exam-question.tsx";
import { MockExamScreen } from "#app/features/mock-exam/mock-exam-screen.tsx";
import { QuestionBlock } from "#app/features/room/question-block.tsx";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { paths } from "#base/paths.ts";
import { openMockExam } from "#services/mock-exams/open.ts";
import type { Route } from "./+types/mock-exam";

/** The exam: no footer and no snow, nothing between the student and the sheet. */
export const handle: RouteHandle = { immersive: true };

const t = viMockExam;

/**
 * /practice/:practiceCode/thi-thu/:id: the signed-in student's mock exam, rendered on the
 * server from what openMockExam gives (no key, no explanation); once submitted, its replay.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const exam = await openMockExam(context.db, user.id, params.id.toLowerCase());
  if (!exam) return data({ kind: "notFound" as const }, { status: 404 });
  if (exam.submittedAttemptId) {
    throw redirect(paths.history({ id: exam.submittedAttemptId }));
  }
  return data(
    { kind: "exam" as const, exam, userId: user.id },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(loaded?.kind === "exam" ? t.titleOf(loaded.exam.practice.title) : t.title);

/** Multiple choice on the exam's sheet: the room's own question block, nothing revealed. */
const renderChoice = (props: ChoiceBlockProps) => <QuestionBlock {...props} />;

export default function MockExamPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "exam") {
    return (
      <MockExamScreen
        key={loaderData.exam.id}
        exam={loaderData.exam}
        userId={loaderData.userId}
        renderChoice={renderChoice}
      />
    );
  }
  return (
    <section className="status-screen">
      <h1>{t.notFoundHeading}</h1>
      <p>{t.notFoundText}</p>
      <Link className="button button-primary" to={paths.home}>
        {t.toHome}
      </Link>
    </section>
  );
}
