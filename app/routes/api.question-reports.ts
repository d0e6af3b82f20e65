import { data } from "react-router";
import type { Route } from "./+types/api.question-reports";
import { viQuestionReports } from "#base/i18n/vi/question-reports.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";
import { readForm } from "#app/lib/form.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { isQuestionReportError, reportQuestion } from "#services/question-reports/reports.ts";

/**
 * POST /api/question-reports: "Báo đáp án sai" (issue 30), a signed-in student's report on a
 * question they may open, as a form (questionId, reason, note, the practice's address). Answers
 * JSON: 201, or a 4xx with the Vietnamese message the room shows.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ message: viRequests.unreadableForm }, { status: 405 });
  }
  const user = await getSessionUser(context, request);
  if (!user) return data({ message: viQuestionReports.errors.SIGN_IN }, { status: 401 });
  const form = await readForm(request);
  const questionId = Number(form.get("questionId"));
  const address = form.get("address");
  if (!Number.isSafeInteger(questionId) || questionId <= 0) {
    return data({ message: viQuestionReports.errors.NOT_FOUND }, { status: 404 });
  }
  try {
    await reportQuestion(
      context.db,
      user.id,
      {
        questionId,
        reason: form.get("reason"),
        note: form.get("note") ?? "",
        ...(typeof address === "string" && address ? { address } : {}),
      },
      { limits: context.auth.limits },
    );
  } catch (error) {
    if (!isQuestionReportError(error)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
  return data({ ok: true }, { status: 201 });
}

export function loader() {
  return data({ message: viRequests.unreadableForm }, { status: 405 });
}
