import { Form } from "react-router";
import { viReports } from "#app/i18n/vi/reports.ts";

const t = viReports;

export interface ReportedCommentItem {
  id: number;
  practiceTitle: string;
  number: number;
  authorName: string;
  body: string;
  reports: number;
}

/**
 * Comments students reported ("Thảo luận", issue 30), for the operators: "Ẩn bình luận" takes one
 * out of every discussion, "Giữ lại" closes its reports. Nothing when there are none.
 */
export function ReportedComments({ items }: { items: readonly ReportedCommentItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="reported-comments" aria-labelledby="reported-comments-heading">
      <h2 id="reported-comments-heading">{t.commentsHeading}</h2>
      <ul className="report-list">
        {items.map((item) => (
          <li key={item.id} className="card report">
            <h3 className="report-title">{t.commentOn(item.number, item.practiceTitle)}</h3>
            <p className="report-reason">{item.body}</p>
            <p className="muted">{t.commentBy(item.authorName, item.reports)}</p>
            <div className="own-practice-actions">
              <Form method="post">
                <input type="hidden" name="commentId" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="comment-hide"
                  className="button button-secondary"
                >
                  {t.commentHide}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="commentId" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="comment-keep"
                  className="button button-secondary"
                >
                  {t.commentKeep}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
