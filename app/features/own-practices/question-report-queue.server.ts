import type { ReportedPosition } from "#services/question-reports/reports.ts";
import type { ReportedQuestionItem } from "./question-report-queue.tsx";

/** The queue as the page shows it: no reporter names in the list (the question's page has them). */
export function queueItems(positions: readonly ReportedPosition[]): ReportedQuestionItem[] {
  return positions.map(({ questionId, practiceTitle, number, reports }) => ({
    questionId,
    practiceTitle,
    number,
    reports: reports.map(({ id, reason, note, createdAt }) => ({ id, reason, note, createdAt })),
  }));
}
