import { lazy, Suspense } from "react";

export interface ExamCountdownItem {
  /** A subject's exam, or an own practice's. */
  kind: "subject" | "practice";
  code: string;
  name: string;
  examDay: string;
  daysLeft: number;
  dueToday: number;
}

const ExamCountdownList = lazy(() => import("./exam-countdown-list.tsx"));

/**
 * Home, for a student who set exam days: "Còn 12 ngày đến kỳ thi Cơ sở dữ liệu — hôm nay ôn 25
 * câu", the soonest first, each with the review of that subject alone. The server renders it in
 * the first HTML; its script (and its text) loads only when there is an exam to show, so a
 * visitor's home stays as light as before (issue 29's budget).
 */
export function ExamCountdowns({ exams }: { exams: readonly ExamCountdownItem[] }) {
  if (exams.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ExamCountdownList exams={exams} />
    </Suspense>
  );
}
