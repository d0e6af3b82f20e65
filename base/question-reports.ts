/** "Báo đáp án sai" (issue 30): the reasons a report may give, in the order the form lists them. */
export const REPORT_REASON_NAMES = ["key", "unclear", "typo", "other"] as const;
export type ReportReasonName = (typeof REPORT_REASON_NAMES)[number];

export function isReportReason(value: unknown): value is ReportReasonName {
  return typeof value === "string" && (REPORT_REASON_NAMES as readonly string[]).includes(value);
}
