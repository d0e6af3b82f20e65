import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/practice-setup";
import { findPracticeForViewer, type PracticeInfo } from "#db/catalogue.ts";
import { listAttemptsOfPractice } from "#db/attempts.ts";
import { AttemptList } from "#app/features/history/attempt-list.tsx";
import { getSessionUser, requireUser } from "#app/lib/session.server.ts";
import { ReportForm } from "#app/features/own-practices/report-form.tsx";
import { readForm } from "#app/lib/form.server.ts";
import { SHARE_PREFIX } from "#db/own-practices.ts";
import { answerExamDateForm, examDateForForm } from "#app/features/exam-date/exam-date.server.ts";
import { ExamDateCard } from "#app/features/exam-date/exam-date-card.tsx";
import { isOwnPracticeError } from "#services/own-practices/manage.ts";
import { reportPractice } from "#services/own-practices/reports.ts";
import { SetupForm } from "#app/features/practice-setup/setup-form.tsx";
import { UnfinishedRooms } from "#app/features/unfinished/unfinished-rooms.tsx";
import { DownloadPanel } from "#app/features/offline/download-panel.tsx";
import { vi } from "#app/i18n/vi.ts";
import { viHistory } from "#app/i18n/vi/history.ts";
import { viMyPractices } from "#app/i18n/vi/my-practices.ts";
import { viPracticeSetup } from "#app/i18n/vi/practice-setup.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { offeredSelection } from "#app/lib/room-setup.ts";
import { parseSelection } from "#app/lib/room-url.server.ts";
import { paths } from "#base/paths.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageTitle(
    loaderData ? `${loaderData.practice.title} — ${viPracticeSetup.title}` : viPracticeSetup.title,
  );

/** How many of the student's own attempts the set-up page lists ("Lịch sử luyện tập"). */
const RECENT_ATTEMPTS = 10;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  const practice = await findPracticeForViewer(context.db, params.practiceCode, user?.id ?? null);
  if (!practice) {
    // A share link's token opens nothing: it was revoked or its practice deleted.
    throw data(params.practiceCode.startsWith(SHARE_PREFIX) ? NOT_SHARED : null, { status: 404 });
  }
  const [attempts, exam] = await Promise.all([
    user ? listAttemptsOfPractice(context.db, user.id, practice.id, RECENT_ATTEMPTS) : null,
    // "Ngày thi" of an own practice (issue 30): its owner's, on its own set-up page.
    user && practice.own?.isOwner
      ? examDateForForm(context.db, user.id, { practiceCode: practice.code })
      : null,
  ]);
  const loaded = { practice, attempts, exam, preselected: preselectedOf(request, practice) };
  // A student's practice (a share link's token is in the address): never cached, never sent on
  // as a Referer.
  return practice.own ? data(loaded, { headers: OWN_PRACTICE_HEADERS }) : loaded;
}

const NOT_SHARED = { notShared: true } as const;

const OWN_PRACTICE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * What is posted to this page: "Báo cáo" on a shared practice (ADR 0012), and its owner's "Ngày
 * thi" of an own practice (issue 30).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const exam = await answerExamDateForm(context.db, user.id, form, {
    practiceCode: params.practiceCode,
  });
  if (exam !== null) return exam;
  if (form.get("intent") !== "report") {
    throw data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  const reason = form.get("reason");
  try {
    await reportPractice(
      context.db,
      user.id,
      params.practiceCode,
      typeof reason === "string" ? reason : "",
    );
  } catch (error) {
    if (!isOwnPracticeError(error)) throw error;
    if (error.status === 404) throw data({ message: error.message }, { status: 404 });
    return data({ error: error.message }, { status: error.status });
  }
  return { ok: true as const };
}

/**
 * The selection the address names (`?type=PRACTICE_TIME_CHAPTER&chapter=1`, as "Luyện lại" on
 * the statistics links it), when the page has a tile for it; anything else is ignored.
 */
function preselectedOf(request: Request, practice: PracticeInfo) {
  const selection = parseSelection(new URL(request.url).searchParams);
  if (!selection) return null;
  return offeredSelection(selection, {
    questionCount: practice.questionCount,
    chapterIdxs: practice.chapters.map((chapter) => chapter.idx),
  });
}

export default function PracticeSetup({ loaderData, matches, actionData }: Route.ComponentProps) {
  const { practice, attempts, exam, preselected } = loaderData;
  const location = useLocation();
  const userId = matches[0].loaderData.user?.id ?? null;
  const signedIn = Boolean(userId);
  const t = viPracticeSetup;
  return (
    <div className="setup-page">
      <article className="card info-card" aria-labelledby="practice-title">
        <p className="card-kicker">
          {practice.own ? (
            practice.own.isOwner ? (
              <Link to={paths.myPractices}>
                {practice.own.subjectName
                  ? t.subject(practice.own.subjectName)
                  : viMyPractices.ownSubject}
              </Link>
            ) : (
              (practice.own.subjectName ?? viMyPractices.sharedSubject)
            )
          ) : (
            <Link to={paths.subject(practice.subject.code)}>
              {t.subject(practice.subject.name)}
            </Link>
          )}
        </p>
        <h1 id="practice-title" className="info-title">
          {practice.title}
        </h1>
        {practice.own?.authorName && !practice.own.isOwner ? (
          <p className="card-text">{t.author(practice.own.authorName)}</p>
        ) : null}
        {practice.own?.blocked ? (
          <p className="own-notice" role="note">
            {viMyPractices.blockedText}
          </p>
        ) : null}
        {practice.description ? <p className="card-text">{practice.description}</p> : null}
        {practice.source ? <p className="card-text">{t.source(practice.source)}</p> : null}
        <p className="card-counts">
          <span>{vi.catalogue.attempts(practice.attemptCount)}</span>
          {practice.chapterCount > 0 ? (
            <span>{vi.catalogue.chapters(practice.chapterCount)}</span>
          ) : null}
          <span>{vi.catalogue.questions(practice.questionCount)}</span>
        </p>
        {practice.own && !practice.own.isOwner && practice.code.startsWith(SHARE_PREFIX) ? (
          <ReportForm
            signedIn={signedIn}
            loginHref={paths.login(paths.practiceSetup(practice.code))}
            result={actionData && "intent" in actionData ? undefined : actionData}
          />
        ) : null}
      </article>
      <UnfinishedRooms practiceCode={practice.code} />
      <SetupForm
        key={location.search}
        practice={practice}
        signedIn={signedIn}
        preselected={preselected}
      />
      <DownloadPanel
        practice={practice}
        userId={userId}
        loginHref={paths.login(paths.practiceSetup(practice.code))}
      />
      {exam ? (
        <ExamDateCard
          of={{ kind: "practice", code: practice.code }}
          examDay={exam.day}
          daysLeft={exam.daysLeft}
          today={exam.today}
          answer={actionData && "intent" in actionData ? actionData : undefined}
          className="card"
        />
      ) : null}
      {attempts ? (
        <section className="card practice-history" aria-labelledby="practice-history-heading">
          <h2 id="practice-history-heading">{viHistory.onPractice}</h2>
          {attempts.length === 0 ? (
            <p className="muted">{viHistory.onPracticeEmpty}</p>
          ) : (
            <>
              <AttemptList attempts={attempts} showPractice={false} />
              <p className="history-more">
                {attempts.length === RECENT_ATTEMPTS ? (
                  <Link
                    className="button button-secondary"
                    to={paths.history({ practice: practice.code })}
                  >
                    {viHistory.loadMore}
                  </Link>
                ) : null}
                <Link to={paths.history()}>{viHistory.allAttempts}</Link>
              </p>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
