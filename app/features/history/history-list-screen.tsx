import { Link } from "react-router";
import type { AttemptSummary } from "#db/attempts.ts";
import { viHistory } from "#app/i18n/vi/history.ts";
import { AttemptList } from "./attempt-list.tsx";
import { HistoryFilters, type PracticeOption } from "./history-filters.tsx";
import { EmptyHistory, HistoryTabs, type HistoryNotices } from "./history-tabs.tsx";
import { paths } from "#base/paths.ts";

const t = viHistory;

/** One page of the list as the route's loader reads it. */
export interface HistoryListPage {
  attempts: AttemptSummary[];
  practices: PracticeOption[];
  subject: string;
  practice: string;
  nextHref: string | null;
  firstHref: string | null;
}

/** /practice-history: the student's attempts, newest first, filtered, a page at a time. */
export function HistoryListScreen({
  page,
  notices,
  offlineNote,
}: { page: HistoryListPage } & HistoryNotices) {
  const { attempts, practices, subject, practice, nextHref, firstHref } = page;
  if (practices.length === 0) return <EmptyHistory notices={notices} offlineNote={offlineNote} />;
  return (
    <section className="page history-page">
      <h1>{t.heading}</h1>
      {notices}
      <HistoryTabs current="list" />
      {offlineNote}
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
