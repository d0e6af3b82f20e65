import type { Route } from "./+types/api.attempts";
import { getSessionUser } from "#app/utils/auth.server.ts";
import { answerAttemptPost, attemptProblem } from "#server/attempts.ts";

/**
 * POST /api/attempts: saves a finished room for the signed-in user (server/attempts.ts checks
 * it against the stored questions and computes every score itself, defect 13).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return attemptProblem("BAD_REQUEST", 405);
  const user = await getSessionUser(context, request);
  if (!user) return attemptProblem("UNAUTHENTICATED", 401);
  return answerAttemptPost(request, { db: context.db, logger: context.logger, userId: user.id });
}

export function loader() {
  return attemptProblem("BAD_REQUEST", 405);
}
