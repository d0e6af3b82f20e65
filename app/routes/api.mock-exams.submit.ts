import type { Route } from "./+types/api.mock-exams.submit";
import { getSessionUser } from "#app/lib/session.server.ts";
import { answerSubmit } from "#services/mock-exams/http.ts";
import { mockExamProblem } from "#services/mock-exams/wire.ts";
import { isDatabaseUnavailable, unavailableResponse } from "#server/database-outage.ts";

/**
 * POST /api/mock-exams/:examId/submit: "Nộp bài", scored and saved once by the server
 * (services/mock-exams/submit.ts). The page retries it until it gets an answer.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const user = await getSessionUser(context, request);
    return await answerSubmit(request, params.examId, {
      db: context.db,
      logger: context.logger,
      userId: user?.id ?? null,
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.logger.warn({ err: error }, "mock exam not submitted: the database is out of reach");
    return unavailableResponse();
  }
}

export function loader() {
  return mockExamProblem("METHOD_NOT_ALLOWED");
}
