import type { Route } from "./+types/api.mock-exams.sheet";
import { getSessionUser } from "#app/lib/session.server.ts";
import { answerSheet } from "#services/mock-exams/http.ts";
import { mockExamProblem } from "#services/mock-exams/wire.ts";
import { isDatabaseUnavailable, unavailableResponse } from "#server/database-outage.ts";

/**
 * PUT /api/mock-exams/:examId/sheet: the exam's answers as they stand, kept until the deadline
 * and its grace (services/mock-exams/sheet.ts). The page sends it again after a failure.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const user = await getSessionUser(context, request);
    return await answerSheet(request, params.examId, {
      db: context.db,
      logger: context.logger,
      userId: user?.id ?? null,
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.logger.warn({ err: error }, "mock exam sheet not kept: the database is out of reach");
    return unavailableResponse();
  }
}

export function loader() {
  return mockExamProblem("METHOD_NOT_ALLOWED");
}
