import { serverVi } from "#base/i18n/vi-server.ts";
import { data, Link } from "react-router";
import { suspectKeys } from "#services/attempts/answer-shares.ts";
import { SuspectKeys } from "#app/features/own-practices/suspect-keys.tsx";
import { QuestionReportQueue } from "#app/features/own-practices/question-report-queue.tsx";
import { queueItems } from "#app/features/own-practices/question-report-queue.server.ts";
import { ownerQuestionReports } from "#services/question-reports/reports.ts";
import type { Route } from "./+types/my-practices";
import {
  OwnPracticeList,
  type OwnPracticeItem,
} from "#app/features/own-practices/own-practice-list.tsx";
import { viMyPractices } from "#app/i18n/vi/my-practices.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { formatDate } from "#base/dates.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import {
  deleteOwnPractice,
  listOwnPractices,
  isOwnPracticeError,
  shareOwnPractice,
  unshareOwnPractice,
} from "#services/own-practices/manage.ts";
import { paths } from "#base/paths.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";

const t = viMyPractices;

export const meta: Route.MetaFunction = () => pageTitle(t.title);

// Share links are in the page: never cached, never sent on as a Referer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/** "Đề của tôi": the signed-in student's own practices (ADR 0012). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const origin = new URL(request.url).origin;
  const rows = await listOwnPractices(context.db, user.id);
  const practices: OwnPracticeItem[] = rows.map((row) => ({
    code: row.code,
    title: row.title,
    subjectName: row.subjectName,
    questionCount: row.questionCount,
    attemptCount: row.attemptCount,
    lastPractised: row.lastPractisedAt ? formatDate(row.lastPractisedAt) : null,
    shareUrl: row.sharePath ? `${origin}${row.sharePath}` : null,
    blocked: row.blocked,
  }));
  // "Đáp án đáng ngờ" (issue 30): keys of the owner's practices that strong attempts miss.
  // "Báo lỗi câu hỏi" (issue 30): students' reports on the owner's questions.
  const [suspect, reported] = await Promise.all([
    suspectKeys(context.db, user.id, { ownOnly: true }),
    ownerQuestionReports(context.db, user.id),
  ]);
  return { practices, suspect, reported: queueItems(reported) };
}

const DONE = { share: t.sharedDone, unshare: t.unsharedDone, delete: t.deletedDone } as const;

/** Chia sẻ, Ngừng chia sẻ, Xóa đề: each on the owner's practice only (anything else: 404). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const code = form.get("code");
  if (typeof code !== "string" || code === "" || code.length > 120) {
    throw data({ message: serverVi.ownPractices.errors.NOT_FOUND }, { status: 404 });
  }
  if (intent !== "share" && intent !== "unshare" && intent !== "delete") {
    throw data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  try {
    if (intent === "share") await shareOwnPractice(context.db, user.id, code);
    else if (intent === "unshare") await unshareOwnPractice(context.db, user.id, code);
    else await deleteOwnPractice(context.db, user.id, code);
  } catch (error) {
    if (isOwnPracticeError(error)) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
  return redirectWithToast(paths.myPractices, { type: "info", message: DONE[intent] });
}

export default function MyPractices({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page my-practices-page" aria-labelledby="my-practices-heading">
      <h1 id="my-practices-heading">{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <p>
        <Link className="button button-primary" to={paths.myPracticeNew}>
          {t.create}
        </Link>
      </p>
      <OwnPracticeList practices={loaderData.practices} />
      <QuestionReportQueue items={loaderData.reported} />
      <SuspectKeys keys={loaderData.suspect} />
    </section>
  );
}
