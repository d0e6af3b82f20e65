import { useMemo } from "react";
import { data, Link } from "react-router";
import { AttemptList } from "#app/components/history/attempt-list.tsx";
import { Summary } from "#app/components/room/summary.tsx";
import { vi } from "#app/i18n/vi.ts";
import { requireUser } from "#app/utils/auth.server.ts";
import { formatDateTime } from "#app/utils/dates.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { questionStylesheets } from "#app/utils/question-stylesheets.ts";
import { findAttempt, listAttemptsOfUser } from "#db/attempts.ts";
import { listQuestionRevisions } from "#db/catalogue.ts";
import type { RoomSummary } from "#engine/types.ts";
import type { Route } from "./+types/practice-history";

const t = vi.pages.practiceHistory;

/**
 * /practice-history: every attempt of the signed-in student, newest first (the original had no
 * such list), and /practice-history?id=… one attempt shown like the room's summary, against the
 * question revisions that were answered. Another user's attempt is "not found", never shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const id = new URL(request.url).searchParams.get("id");
  if (id === null) {
    return { kind: "list" as const, attempts: await listAttemptsOfUser(context.db, user.id, 100) };
  }
  const attempt = await findAttempt(context.db, user.id, id);
  if (!attempt) return data({ kind: "notFound" as const }, { status: 404 });
  const questions = await listQuestionRevisions(
    context.db,
    attempt.results.map((result) => result.questionId),
  );
  return { kind: "attempt" as const, attempt, questions };
}

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(
    loaded?.kind === "attempt" ? `${loaded.attempt.practiceTitle} — ${t.attemptTitle}` : t.title,
  );

type Loaded = Route.ComponentProps["loaderData"];

export default function PracticeHistory({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") {
    return (
      <section className="page history-page">
        <h1>{t.heading}</h1>
        {loaderData.attempts.length === 0 ? (
          <>
            <p>{t.empty}</p>
            <Link className="button button-primary" to="/">
              {t.toHome}
            </Link>
          </>
        ) : (
          <>
            <p className="muted">{t.intro}</p>
            <AttemptList attempts={loaderData.attempts} showPractice />
          </>
        )}
      </section>
    );
  }
  if (loaderData.kind === "notFound") {
    return (
      <section className="status-screen">
        <h1>{t.notFoundHeading}</h1>
        <p>{t.notFoundText}</p>
        <Link className="button button-primary" to="/practice-history">
          {t.allAttempts}
        </Link>
      </section>
    );
  }
  return <SavedAttempt loaded={loaderData} />;
}

function SavedAttempt({ loaded }: { loaded: Extract<Loaded, { kind: "attempt" }> }) {
  const { attempt, questions } = loaded;
  const byId = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const summary: RoomSummary = useMemo(
    () => ({
      results: attempt.results.map((result) => ({
        questionId: result.questionId,
        selectedAnswerIndexes: result.answerSelection.selectedAnswerIndexes,
        rightAnswer: result.answerSelection.rightAnswer,
      })),
      numberOfRight: attempt.numberOfRight,
      numberOfWrong: attempt.numberOfWrong,
      totalTime: attempt.totalTime,
      questionOrder: attempt.results.map((result) => result.questionId),
      answerOrders: attempt.sufferIndexes,
    }),
    [attempt],
  );
  // Answers in the order the student saw them: the saved shuffle, or the question's own order.
  const answerOrders = useMemo(
    () =>
      attempt.sufferIndexes ??
      attempt.results.map(
        (result) => byId.get(result.questionId)?.answers.map((answer) => answer.idx) ?? [],
      ),
    [attempt, byId],
  );
  return (
    <>
      <Summary
        heading={t.attemptTitle}
        title={attempt.practiceTitle}
        label={attempt.description}
        summary={summary}
        questions={byId}
        answerOrders={answerOrders}
        setupHref={`/practice-review/${attempt.practiceCode}`}
        doneAt={formatDateTime(attempt.createdAt)}
      />
      <p className="history-back">
        <Link to="/practice-history">{t.allAttempts}</Link>
      </p>
    </>
  );
}
