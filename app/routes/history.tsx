import { useMemo } from "react";
import { data, useNavigate } from "react-router";
import { AttemptNotFound, AttemptScreen } from "#app/features/history/attempt-screen.tsx";
import { withResultNotes } from "#services/question-reports/result-notes.ts";
import { HistoryListScreen } from "#app/features/history/history-list-screen.tsx";
import { StatisticsScreen } from "#app/features/history/statistics-screen.tsx";
import { ReviewBanner } from "#app/features/review/review-banner.tsx";
import { paths } from "#base/paths.ts";
import { HistoryOfflineNote, PendingAttempts } from "#app/features/offline/pending-attempts.tsx";
import { Summary } from "#app/features/room/summary.tsx";
import { QuestionPlace } from "#app/features/room/question-tools.tsx";
import { StatisticsView } from "#app/features/statistics/statistics-view.tsx";
import { viHistory } from "#app/i18n/vi/history.ts";
import { viStatistics } from "#app/i18n/vi/statistics.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { retryWrongAddress } from "#app/lib/retry-wrong.ts";
import {
  findAttempt,
  listHistoryPage,
  listPracticedPractices,
  type HistoryCursor,
} from "#db/attempts.ts";
import { listQuestionRevisions, listRevisionsWithPractice } from "#db/catalogue.ts";
import { practiceOfQuestionIsDeleted, resolvePractice } from "#db/own-practices.ts";
import { userStatistics } from "#db/statistics.ts";
import { isAttemptId } from "#engine/submission.ts";
import { countDueToday } from "#services/review/review.ts";
import { mockExamScoreOf } from "#services/mock-exams/score.ts";
import { replayKeyFixes, rescoreAttempt } from "#services/question-reports/rescore.ts";
import { isQuestionReportError, ownsQuestion } from "#services/question-reports/reports.ts";
import { readForm } from "#app/lib/form.server.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";
import { viQuestionReportsUi } from "#app/i18n/vi/question-reports.ts";
import type { Route } from "./+types/history";

const t = viHistory;

/** Attempts per page of the history. */
const PAGE_SIZE = 20;

/** "2025-03-01T08:30:00.000Z~<uuid>": where the next page starts, as the "Tải thêm" link carries it. */
function parseCursor(value: string | null): HistoryCursor | null {
  const [createdAt, id] = (value ?? "").split("~");
  if (!createdAt || !id || createdAt.length > 32 || !isAttemptId(id)) return null;
  return { createdAt, id };
}

/** One page of the list, with the filters it was asked with and the link to the next page. */
async function historyList(context: Route.LoaderArgs["context"], userId: string, url: URL) {
  const subject = url.searchParams.get("subject")?.slice(0, 120) ?? "";
  const practice = url.searchParams.get("practice")?.slice(0, 120) ?? "";
  const before = parseCursor(url.searchParams.get("before"));
  // A share link's address (s_…) names a practice by its token, not its code.
  const resolved = practice ? await resolvePractice(context.db, practice, userId) : null;
  const [page, practices, dueToday] = await Promise.all([
    listHistoryPage(context.db, userId, {
      subjectCode: subject || undefined,
      ...(resolved ? { practiceId: resolved.id } : { practiceCode: practice || undefined }),
      before,
      limit: PAGE_SIZE,
    }),
    listPracticedPractices(context.db, userId),
    countDueToday(context.db, userId, new Date()),
  ]);
  const last = page.attempts.at(-1);
  const params = new URLSearchParams();
  if (subject) params.set("subject", subject);
  if (practice) params.set("practice", practice);
  const filtered = params.toString();
  if (last) params.set("before", `${last.createdAt}~${last.id}`);
  return {
    kind: "list" as const,
    dueToday,
    attempts: page.attempts,
    practices,
    subject,
    practice,
    nextHref: page.more && last ? paths.history(params) : null,
    firstHref: before ? paths.history(filtered) : null,
  };
}

/**
 * /practice-history: every attempt of the signed-in student, newest first (the original had no
 * such list), and /practice-history?id=… one attempt shown like the room's summary, against the
 * question revisions that were answered. Another user's attempt is "not found", never shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  if (id === null && url.searchParams.get("view") === "statistics") {
    return {
      kind: "statistics" as const,
      statistics: await userStatistics(context.db, user.id, new Date()),
    };
  }
  if (id === null) return historyList(context, user.id, url);
  const attempt = await findAttempt(context.db, user.id, id);
  if (!attempt) return data({ kind: "notFound" as const }, { status: 404 });
  const ids = attempt.results.map((result) => result.questionId);
  // A review of mistakes asks questions of several practices: each is shown with its practice.
  // With how others answered each (issue 30).
  // And, when a key was fixed since (issue 30), the answer under the new key.
  const { questions, fixes } = await replayKeyFixes(
    context.db,
    user.id,
    attempt,
    await withResultNotes(
      context.db,
      user.id,
      attempt.type === "MISTAKES"
        ? await listRevisionsWithPractice(context.db, ids, user.id)
        : await listQuestionRevisions(context.db, ids),
    ),
  );
  // A student's practice deleted since: the replay stays, marked, with no way back to it.
  const practiceDeleted =
    attempt.type !== "MISTAKES" && ids.length > 0
      ? await practiceOfQuestionIsDeleted(context.db, ids[0]!)
      : false;
  // A mock exam ("Thi thử"): its score on 10 and its parts, computed here from what was stored.
  const examScore = await mockExamScoreOf(context.db, user.id, attempt);
  // "Báo đáp án sai": from the replay too, but not by the practice's owner (they fix it).
  const reportable =
    attempt.type === "MISTAKES" || ids.length === 0
      ? true
      : !(await ownsQuestion(context.db, user.id, ids[0]!));
  return {
    kind: "attempt" as const,
    attempt,
    questions,
    practiceDeleted,
    examScore,
    fixes,
    reportable,
  };
}

/** "Chấm lại theo đáp án mới" (issue 30): the attempt rescored once after a key fix. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const id = form.get("id");
  if (form.get("intent") !== "rescore" || typeof id !== "string" || !isAttemptId(id)) {
    throw data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  try {
    await rescoreAttempt(context.db, user.id, id);
  } catch (error) {
    if (!isQuestionReportError(error)) throw error;
    return data({ rescoreError: error.message }, { status: error.status });
  }
  return redirectWithToast(paths.history({ id }), {
    type: "info",
    message: viQuestionReportsUi.rescoredDone,
  });
}

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(
    loaded?.kind === "attempt"
      ? `${loaded.attempt.practiceTitle} — ${t.attemptTitle}`
      : loaded?.kind === "statistics"
        ? viStatistics.title
        : t.title,
  );

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // "Báo đáp án sai" and "Thảo luận" from the replay (issue 30): by the address the attempt
  // was saved through.
  const place = useMemo(
    () =>
      loaderData.kind === "attempt"
        ? {
            address:
              loaderData.attempt.type === "MISTAKES" ? null : loaderData.attempt.practiceCode,
            signedIn: true,
            mayReport: loaderData.reportable,
          }
        : null,
    [loaderData],
  );
  if (loaderData.kind === "notFound") return <AttemptNotFound />;
  if (loaderData.kind === "attempt") {
    return (
      <QuestionPlace.Provider value={place}>
        <AttemptScreen
          attempt={loaderData.attempt}
          questions={loaderData.questions}
          practiceDeleted={loaderData.practiceDeleted}
          examScore={loaderData.examScore}
          fixes={loaderData.fixes}
          rescoreError={actionData?.rescoreError}
          reviewHref={paths.reviewRoom()}
          renderSummary={(props) => (
            <Summary
              {...props}
              // A mock exam's replay keeps to its score; any other run's mistakes can come again.
              onRetryWrong={
                loaderData.examScore === null && loaderData.attempt.config.examMinutes === undefined
                  ? (questionIds) => void navigate(retryWrongAddress(questionIds))
                  : undefined
              }
            />
          )}
        />
      </QuestionPlace.Provider>
    );
  }
  const dueToday = loaderData.kind === "list" ? loaderData.dueToday : 0;
  const notices = (
    <>
      <ReviewBanner dueToday={dueToday} />
      <PendingAttempts />
    </>
  );
  if (loaderData.kind === "list") {
    return (
      <HistoryListScreen page={loaderData} notices={notices} offlineNote={<HistoryOfflineNote />} />
    );
  }
  return (
    <StatisticsScreen
      empty={loaderData.statistics.totals.attempts === 0}
      notices={notices}
      offlineNote={<HistoryOfflineNote />}
    >
      <StatisticsView statistics={loaderData.statistics} />
    </StatisticsScreen>
  );
}
