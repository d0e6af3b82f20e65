import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.reports";
import { viReports } from "#app/i18n/vi/reports.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { formatDateTime } from "#base/dates.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { isOwnPracticeError } from "#services/own-practices/manage.ts";
import { actOnReport, listReports, type ReportAction } from "#services/own-practices/reports.ts";
import { suspectKeys } from "#services/attempts/answer-shares.ts";
import { SuspectKeys } from "#app/features/own-practices/suspect-keys.tsx";
import { ReportedComments } from "#app/features/own-practices/reported-comments.tsx";
import {
  isDiscussionError,
  moderateComment,
  reportedComments,
} from "#services/discussion/comments.ts";
import { isOperator } from "#db/own-practices.ts";
import { QuestionReportQueue } from "#app/features/own-practices/question-report-queue.tsx";
import { queueItems } from "#app/features/own-practices/question-report-queue.server.ts";
import { catalogueQuestionReports } from "#services/question-reports/reports.ts";
import { paths } from "#base/paths.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";

const t = viReports;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Rethrows a refusal as its status (404 for anyone who is not an operator). */
function answerRefusal(error: unknown): never {
  if (isOwnPracticeError(error)) {
    throw data({ message: error.message }, { status: error.status });
  }
  throw error;
}

/** /admin/reports: open reports on shared practices, for operators only (others: not found). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  try {
    const reports = await listReports(context.db, user.id);
    return {
      reports: reports.map((report) => ({
        ...report,
        createdAt: formatDateTime(report.createdAt),
      })),
      // listReports let only an operator through: every practice's suspect keys, and the
      // reports on the catalogue's questions (issue 30).
      suspect: await suspectKeys(context.db, user.id),
      reported: queueItems(await catalogueQuestionReports(context.db, user.id)),
      comments: (await reportedComments(context.db, user.id)).map(
        ({ id, practiceTitle, number, authorName, body, reports }) => ({
          id,
          practiceTitle,
          number,
          authorName,
          body,
          reports,
        }),
      ),
    };
  } catch (error) {
    return answerRefusal(error);
  }
}

const DONE: Record<ReportAction, string> = {
  hide: t.hiddenDone,
  unhide: t.unhiddenDone,
  resolve: t.resolvedDone,
};

function idOf(value: FormDataEntryValue | null): number | undefined {
  const number = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(number) ? number : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "comment-hide" || intent === "comment-keep") {
    return moderate(context, user.id, intent, idOf(form.get("commentId")));
  }
  if (intent !== "hide" && intent !== "unhide" && intent !== "resolve") {
    throw data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  try {
    await actOnReport(context.db, user.id, intent, {
      practiceId: idOf(form.get("practiceId")),
      reportId: idOf(form.get("reportId")),
    });
  } catch (error) {
    return answerRefusal(error);
  }
  return redirectWithToast(paths.adminReports, { type: "info", message: DONE[intent] });
}

/** "Ẩn bình luận" / "Giữ lại" on a reported comment (issue 30); not found for anybody else. */
async function moderate(
  context: Route.ActionArgs["context"],
  userId: string,
  intent: "comment-hide" | "comment-keep",
  commentId: number | undefined,
) {
  if (!(await isOperator(context.db, userId))) {
    throw data({ message: viReports.notOperator }, { status: 404 });
  }
  try {
    if (commentId === undefined)
      throw data({ message: viRequests.unreadableForm }, { status: 400 });
    const action = intent === "comment-hide" ? "hide" : "keep";
    await moderateComment({ db: context.db, parse: context.parse }, userId, commentId, action);
  } catch (error) {
    if (!isDiscussionError(error)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
  return redirectWithToast(paths.adminReports, {
    type: "info",
    message: intent === "comment-hide" ? t.commentHidden : t.commentKept,
  });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { reports, suspect, reported, comments } = loaderData;
  return (
    <section className="page reports-page" aria-labelledby="reports-heading">
      <h1 id="reports-heading">{t.title}</h1>
      {reports.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="report-list">
          {reports.map((report) => (
            <li key={report.id} className="card report">
              <h2 className="report-title">
                <Link to={paths.practiceSetup(report.practiceCode)}>{report.practiceTitle}</Link>
              </h2>
              <p className="muted">
                {t.reporter}: {report.reporterName} · {t.date}: {report.createdAt}
                {report.blocked ? ` · ${t.hidden}` : ""}
              </p>
              <p className="report-reason">
                {t.reason}: {report.reason}
              </p>
              <div className="own-practice-actions">
                <Form method="post">
                  <input type="hidden" name="practiceId" value={report.practiceId} />
                  <button
                    type="submit"
                    name="intent"
                    value={report.blocked ? "unhide" : "hide"}
                    className="button button-secondary"
                  >
                    {report.blocked ? t.unhide : t.hide}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="reportId" value={report.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="resolve"
                    className="button button-secondary"
                  >
                    {t.resolve}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <QuestionReportQueue items={reported} />
      <ReportedComments items={comments} />
      <SuspectKeys keys={suspect} />
    </section>
  );
}
