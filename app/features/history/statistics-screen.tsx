import type { ReactNode } from "react";
import { vi } from "#app/i18n/vi.ts";
import { EmptyHistory, HistoryTabs, type HistoryNotices } from "./history-tabs.tsx";

const t = vi.history;

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
