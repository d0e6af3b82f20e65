import type { Route } from "./+types/api.attempts.claim";
import { getSessionUser } from "#app/lib/session.server.ts";
import { attemptProblem } from "#services/attempts/save-attempt.ts";
import { answerClaimPost } from "#services/attempts/guest-attempts.ts";
import { isDatabaseUnavailable, unavailableResponse } from "#server/database-outage.ts";

/**
 * POST /api/attempts/claim: after sign-up or sign-in, the device's guest attempts are saved into
 * the student's history, each once (services/attempts/guest-attempts.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return attemptProblem("BAD_REQUEST", 405);
  try {
    const user = await getSessionUser(context, request);
    if (!user) return attemptProblem("UNAUTHENTICATED", 401);
    return await answerClaimPost(request, {
      db: context.db,
      logger: context.logger,
      limits: context.auth.limits,
      userId: user.id,
    });
  } catch (error) {
    // The device keeps its guest attempts and claims them on a later page.
    if (!isDatabaseUnavailable(error)) throw error;
    return unavailableResponse();
  }
}

export function loader() {
  return attemptProblem("BAD_REQUEST", 405);
}
