import { Link } from "react-router";
import { viQuestionReports } from "#base/i18n/vi/question-reports.ts";
import type { ReportReasonName } from "#base/question-reports.ts";
import { paths } from "#base/paths.ts";
import { viQuestionFixes } from "#app/i18n/vi/question-fixes.ts";

const t = viQuestionFixes;

export interface ReportedQuestionItem {
  questionId: number;
  practiceTitle: string;
  number: number;
  reports: { id: number; reason: ReportReasonName; note: string; createdAt: string }[];
}

/**
 * "Báo lỗi câu hỏi" (issue 30): the questions students reported, oldest report first, for their
 * handler: an owner's own practices ("Đề của tôi"), the catalogue's for operators (/admin/reports).
 * Each opens the page where it is fixed, answered or dismissed. Nothing when there are none.
 */
export function QuestionReportQueue({ items }: { items: readonly ReportedQuestionItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="question-report-queue" aria-labelledby="question-report-queue-heading">
      <h2 id="question-report-queue-heading">{t.queueHeading}</h2>
      <p className="muted">{t.queueIntro}</p>
      <ul className="report-list">
        {items.map((item) => (
          <li key={item.questionId} className="card report">
            <h3 className="report-title">{t.queueQuestion(item.number, item.practiceTitle)}</h3>
            <p className="muted">{t.queueCount(item.reports.length)}</p>
            <ul className="report-reasons">
              {item.reports.slice(0, 3).map((report) => (
                <li key={report.id}>
                  <strong>{viQuestionReports.reasons[report.reason]}</strong>
                  {report.note ? `: ${report.note}` : ""}
                </li>
              ))}
            </ul>
            <p>
              <Link className="button button-secondary" to={paths.questionReports(item.questionId)}>
                {t.queueOpen}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
