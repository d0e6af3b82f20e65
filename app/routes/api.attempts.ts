import type { Route } from "./+types/api.attempts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { answerAttemptPost, attemptProblem } from "#services/attempts/save-attempt.ts";
import { answerGuestAttemptPost } from "#services/attempts/guest-attempts.ts";
import { isDatabaseUnavailable, unavailableResponse } from "#server/database-outage.ts";

/**
 * POST /api/attempts: saves a finished room for the signed-in user (services/attempts/ checks
 * it against the stored questions and computes every score itself, never trusting the page's),
 * or scores a guest's and keeps it until the guest signs up or in (guest-attempts.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return attemptProblem("BAD_REQUEST", 405);
  try {
    const user = await getSessionUser(context, request);
    const { db, logger } = context;
    if (!user) {
      return await answerGuestAttemptPost(request, {
        db,
        logger,
        limits: context.auth.limits,
        clientIp: context.clientIp,
      });
    }
    return await answerAttemptPost(request, { db, logger, userId: user.id });
  } catch (error) {
    // The room keeps the attempt and sends it again: a retryable answer, never a 500.
    if (!isDatabaseUnavailable(error)) throw error;
    context.logger.warn({ err: error }, "attempt not saved: the database is out of reach");
    return unavailableResponse();
  }
}

export function loader() {
  return attemptProblem("BAD_REQUEST", 405);
}
