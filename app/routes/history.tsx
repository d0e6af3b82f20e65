import { useMemo, type MouseEvent } from "react";
import { data, Link, useNavigate } from "react-router";
import { AttemptList } from "#app/features/history/attempt-list.tsx";
import { ReviewBanner } from "#app/features/review/review-banner.tsx";
import { HistoryOfflineNote, PendingAttempts } from "#app/features/offline/pending-attempts.tsx";
import { HistoryFilters } from "#app/features/history/history-filters.tsx";
import { Summary } from "#app/features/room/summary.tsx";
import { StatisticsView } from "#app/features/statistics/statistics-view.tsx";
import { vi } from "#app/i18n/vi.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { formatDateTime } from "#base/dates.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { newRoomIdentity, roomUrl, setupOfAttempt } from "#app/lib/room-setup.ts";
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
import type { RoomSummary } from "#engine/types.ts";
import { countDueToday } from "#services/review/review.ts";
import type { Route } from "./+types/history";
import { paths } from "#base/paths.ts";

const t = vi.pages.practiceHistory;

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
  const questions =
    attempt.type === "MISTAKES"
      ? await listRevisionsWithPractice(context.db, ids, user.id)
      : await listQuestionRevisions(context.db, ids);
  // A student's practice deleted since: the replay stays, marked, with no way back to it.
  const practiceDeleted =
    attempt.type !== "MISTAKES" && ids.length > 0
      ? await practiceOfQuestionIsDeleted(context.db, ids[0]!)
      : false;
  return { kind: "attempt" as const, attempt, questions, practiceDeleted };
}

export const links: Route.LinksFunction = () => questionStylesheets;

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(
    loaded?.kind === "attempt"
      ? `${loaded.attempt.practiceTitle} — ${t.attemptTitle}`
      : loaded?.kind === "statistics"
        ? vi.pages.statistics.title
        : t.title,
  );

type Loaded = Route.ComponentProps["loaderData"];

export default function History({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") return <HistoryList loaded={loaderData} />;
  if (loaderData.kind === "statistics") {
    if (loaderData.statistics.totals.attempts === 0) return <EmptyHistory />;
    return (
      <section className="page history-page">
        <h1>{t.heading}</h1>
        <HistoryTabs current="statistics" />
        <StatisticsView statistics={loaderData.statistics} />
      </section>
    );
  }
  if (loaderData.kind === "notFound") {
    return (
      <section className="status-screen">
        <h1>{t.notFoundHeading}</h1>
        <p>{t.notFoundText}</p>
        <Link className="button button-primary" to={paths.history()}>
          {t.allAttempts}
        </Link>
      </section>
    );
  }
  return <SavedAttempt loaded={loaderData} />;
}

function HistoryList({ loaded }: { loaded: Extract<Loaded, { kind: "list" }> }) {
  const { attempts, practices, subject, practice, nextHref, firstHref, dueToday } = loaded;
  if (practices.length === 0) return <EmptyHistory dueToday={dueToday} />;
  return (
    <section className="page history-page">
      <h1>{t.heading}</h1>
      <ReviewBanner dueToday={dueToday} />
      <PendingAttempts />
      <HistoryTabs current="list" />
      <HistoryOfflineNote />
      <p className="muted">{t.intro}</p>
      <HistoryFilters practices={practices} subject={subject} practice={practice} />
      {attempts.length === 0 ? (
        <p>
          {t.noMatch} <Link to={paths.history()}>{t.clearFilters}</Link>
        </p>
      ) : (
        <AttemptList attempts={attempts} showPractice />
      )}
      {nextHref || firstHref ? (
        <p className="history-more">
          {nextHref ? (
            <Link className="button button-secondary" to={nextHref}>
              {t.loadMore}
            </Link>
          ) : null}
          {firstHref ? <Link to={firstHref}>{t.newest}</Link> : null}
        </p>
      ) : null}
    </section>
  );
}

/** No attempt yet: a way home, and the review banner when cards are due (only reviews so far). */
function EmptyHistory({ dueToday = 0 }: { dueToday?: number }) {
  return (
    <section className="page history-page">
      <h1>{t.heading}</h1>
      <ReviewBanner dueToday={dueToday} />
      <PendingAttempts />
      <HistoryOfflineNote />
      <p>{t.empty}</p>
      <Link className="button button-primary" to="/">
        {t.toHome}
      </Link>
    </section>
  );
}

/** "Bài đã làm" | "Thống kê": two addresses of one page, plain links (keyboard, no script). */
function HistoryTabs({ current }: { current: "list" | "statistics" }) {
  const s = vi.pages.statistics;
  const tabs = [
    { view: "list", to: paths.history(), label: s.attemptsTab },
    { view: "statistics", to: paths.history({ view: "statistics" }), label: s.statisticsTab },
  ] as const;
  return (
    <nav className="history-tabs" aria-label={s.tabs}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.view}>
            <Link to={tab.to} aria-current={tab.view === current ? "page" : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SavedAttempt({ loaded }: { loaded: Extract<Loaded, { kind: "attempt" }> }) {
  const { attempt, questions, practiceDeleted } = loaded;
  const review = attempt.type === "MISTAKES";
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
      {practiceDeleted ? (
        <p className="own-notice own-notice-replay" role="note">
          {vi.myPractices.deletedPractice}
        </p>
      ) : null}
      <Summary
        heading={t.attemptTitle}
        title={attempt.practiceTitle}
        label={attempt.description}
        summary={summary}
        questions={byId}
        answerOrders={answerOrders}
        setupHref={
          review || practiceDeleted ? paths.home : paths.practiceSetup(attempt.practiceCode)
        }
        setupText={review || practiceDeleted ? vi.pages.review.toHome : undefined}
        doneAt={formatDateTime(attempt.createdAt)}
      />
      <p className="history-back history-more">
        {practiceDeleted ? null : <RetryLink attempt={attempt} />}
        <Link to={paths.history()}>{t.allAttempts}</Link>
      </p>
    </>
  );
}

/**
 * "Làm lại đề này": the same practice, selection and settings in a new room. The new attempt's
 * id and seed are drawn in the browser at the click (never in the server's HTML); before the
 * page's JavaScript runs, the link opens the set-up page instead.
 */
function RetryLink({ attempt }: { attempt: Extract<Loaded, { kind: "attempt" }>["attempt"] }) {
  const navigate = useNavigate();
  const setupHref = paths.practiceSetup(attempt.practiceCode);
  const type = attempt.type;
  if (type === "MISTAKES") {
    // A review is not repeated as it was (its cards have moved on): a new one of what is due.
    return (
      <Link className="button button-primary" to={paths.reviewRoom()}>
        {vi.pages.review.newReview}
      </Link>
    );
  }
  const retry = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(
      roomUrl(attempt.practiceCode, setupOfAttempt({ ...attempt, type }), newRoomIdentity()),
    );
  };
  return (
    <Link className="button button-primary" to={setupHref} onClick={retry}>
      {t.retry}
    </Link>
  );
}
