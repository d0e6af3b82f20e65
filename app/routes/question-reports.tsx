import { data } from "react-router";
import type { Route } from "./+types/question-reports";
import { QuestionFixPage } from "#app/features/own-practices/question-fix-page.tsx";
import { viQuestionFixes } from "#app/i18n/vi/question-fixes.ts";
import { readForm } from "#app/lib/form.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { formatDateTime } from "#base/dates.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";
import { paths } from "#base/paths.ts";
import { fixQuestion, readQuestionToFix } from "#services/question-reports/fix.ts";
import {
  closeQuestionReports,
  isQuestionReportError,
  questionToHandle,
} from "#services/question-reports/reports.ts";

const t = viQuestionFixes;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(loaded ? t.pageTitle(loaded.number) : t.queueHeading);

function questionIdOf(value: string | undefined): number {
  const id = value && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

/** A refusal of the service as this page's answer: not found, or the form's message. */
function refusal(error: unknown) {
  if (!isQuestionReportError(error)) throw error;
  if (error.status === 404) throw data({ message: error.message }, { status: 404 });
  return data({ error: error.message }, { status: error.status });
}

/**
 * /question-reports/:questionId: a reported question for its handler (the owner of an own
 * practice, an operator for the catalogue's; anybody else: not found): the open reports, the
 * question's live revision to fix, "Trả lời" and "Bỏ qua" (issue 30).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  try {
    const { question, live, reports } = await readQuestionToFix(
      context.db,
      user.id,
      questionIdOf(params.questionId),
    );
    return {
      number: question.idx + 1,
      practiceTitle: question.practiceTitle,
      practiceCode: question.practiceCode,
      backHref: question.ownerId === null ? paths.adminReports : paths.myPractices,
      live,
      reports: reports.map(({ id, reason, note, reporterName, createdAt }) => ({
        id,
        reason,
        note,
        // An owner is another student: who reported stays with the operators.
        reporterName: question.ownerId === null ? reporterName : t.anonymousReporter,
        createdAt: formatDateTime(createdAt),
      })),
    };
  } catch (error) {
    return refusal(error) as never;
  }
}

const DONE = { fix: t.fixedDone, answer: t.answeredDone, dismiss: t.dismissedDone } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const questionId = questionIdOf(params.questionId);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "fix" && intent !== "answer" && intent !== "dismiss") {
    throw data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    const question = await questionToHandle(context.db, user.id, questionId);
    if (intent === "fix") {
      const count = Math.min(Number(text("answerCount")) || 0, 50);
      await fixQuestion(context.db, context.parse, user.id, questionId, {
        startedFrom: Number(text("startedFrom")),
        text: text("text"),
        explanation: text("explanation"),
        answers: Array.from({ length: count }, (_, i) => ({
          text: text(`answer-${i}`),
          isKey: form.get(`key-${i}`) === "on",
        })),
        reply: text("reply"),
      });
    } else {
      const action = intent === "answer" ? "answered" : "dismissed";
      await closeQuestionReports(context.db, user.id, questionId, action, text("reply"));
    }
    const back = question.ownerId === null ? paths.adminReports : paths.myPractices;
    return redirectWithToast(back, { type: "info", message: DONE[intent] });
  } catch (error) {
    return refusal(error);
  }
}

export default function QuestionReports({ loaderData, actionData }: Route.ComponentProps) {
  return <QuestionFixPage {...loaderData} error={actionData?.error} />;
}
