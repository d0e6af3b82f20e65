import type { ReactNode } from "react";
import { Link } from "react-router";
import { viHistory } from "#app/i18n/vi/history.ts";
import { viStatistics } from "#app/i18n/vi/statistics.ts";
import { paths } from "#base/paths.ts";

const t = viHistory;

/**
 * What the history's pages show above their content and that other features own (the review
 * banner, attempts waiting on this device, the offline note): the route composes them.
 */
export interface HistoryNotices {
  /** The review banner and the attempts still waiting on this device. */
  notices: ReactNode;
  /** Why the list may be behind while offline. */
  offlineNote: ReactNode;
}

/** "Bài đã làm" | "Thống kê": two addresses of one page, plain links (keyboard, no script). */
export function HistoryTabs({ current }: { current: "list" | "statistics" }) {
  const s = viStatistics;
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

/** No attempt yet: a way home, and the review banner when cards are due (only reviews so far). */
export function EmptyHistory({ notices, offlineNote }: HistoryNotices) {
  return (
    <section className="page history-page">
      <h1>{t.heading}</h1>
      {notices}
      {offlineNote}
      <p>{t.empty}</p>
      <Link className="button button-primary" to="/">
        {t.toHome}
      </Link>
    </section>
  );
}
