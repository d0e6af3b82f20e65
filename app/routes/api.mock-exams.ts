import type { Route } from "./+types/api.mock-exams";
import { getSessionUser } from "#app/lib/session.server.ts";
import { answerStart } from "#services/mock-exams/http.ts";
import { mockExamProblem } from "#services/mock-exams/wire.ts";
import { isDatabaseUnavailable, unavailableResponse } from "#server/database-outage.ts";

/**
 * POST /api/mock-exams: starts a mock exam ("Thi thử") for the signed-in user, or answers the
 * one already started with that id (services/mock-exams/start.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = await getSessionUser(context, request);
    return await answerStart(request, {
      db: context.db,
      logger: context.logger,
      userId: user?.id ?? null,
      limits: context.auth.limits,
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.logger.warn({ err: error }, "mock exam not started: the database is out of reach");
    return unavailableResponse();
  }
}

export function loader() {
  return mockExamProblem("METHOD_NOT_ALLOWED");
}
