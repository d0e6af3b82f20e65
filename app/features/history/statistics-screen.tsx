import type { ReactNode } from "react";
import { viHistory } from "#app/i18n/vi/history.ts";
import { EmptyHistory, HistoryTabs, type HistoryNotices } from "./history-tabs.tsx";

const t = viHistory;

/** /practice-history?view=statistics: the history's second tab around the statistics view. */
export function StatisticsScreen({
  empty,
  notices,
  offlineNote,
  children,
}: { empty: boolean; children: ReactNode } & HistoryNotices) {
  if (empty) return <EmptyHistory notices={notices} offlineNote={offlineNote} />;
  return (
    <section className="page history-page">
      <h1>{t.heading}</h1>
      <HistoryTabs current="statistics" />
      {children}
    </section>
  );
}
