import { storableInt, storableText, z } from "#app/utils/zod.ts";
import type { Route } from "./+types/api.attempts";
import { vi } from "#app/i18n/vi.ts";
import { getSessionUser } from "#app/utils/auth.server.ts";
import { QUESTION_TIMES, RESULT_TIMES } from "#app/utils/room-setup.ts";
import { saveAttempt, type AttemptRefusal } from "#db/attempts.ts";

/**
 * POST /api/attempts: saves a finished room. The browser sends only what the student did (which
 * questions in which order, their picks, the time); the server checks it against the stored
 * questions and computes every score itself (defect 13). Saving is idempotent by attempt id, so
 * a double "Kết thúc", a retry after a lost answer or a second tab cannot count twice.
 *
 * CSRF: the session cookie is SameSite=Lax (no cross-site POST carries it) and the body must be
 * application/json, which a cross-site form cannot send without a CORS preflight we never allow.
 */
const seconds = (allowed: readonly number[]) =>
  z.union([z.literal("OFF"), z.number().refine((value) => allowed.includes(value))]);
const idx = z.number().int().min(0).max(10_000);

const SubmissionSchema = z.object({
  id: storableText().max(36),
  practiceCode: storableText().min(1).max(120),
  selection: z.discriminatedUnion("type", [
    z.object({ type: z.literal("PRACTICE_TIME_ALL") }),
    z.object({
      type: z.literal("PRACTICE_TIME_RANGE"),
      start: storableInt().min(1),
      end: storableInt().min(1),
    }),
    z.object({ type: z.literal("PRACTICE_TIME_CHAPTER"), chapterIdx: storableInt() }),
  ]),
  config: z.object({
    practiceType: z.enum(["SEQUENCE", "FLAT"]),
    maxQuestionTime: seconds(QUESTION_TIMES),
    maxResultTime: seconds(RESULT_TIMES),
    showQuestionKeyAfterQuestionEnd: z.boolean(),
    showNotification: z.boolean(),
    shuffleQuestions: z.boolean(),
    shuffleAnswers: z.boolean(),
    seed: z.number().int().min(0).max(0xffffffff),
  }),
  answers: z
    .array(
      z.object({
        questionId: storableInt().min(1),
        selectedAnswerIndexes: z.array(idx).max(64),
      }),
    )
    .min(1)
    .max(20_000),
  answerOrders: z.array(z.array(idx).max(64)).max(20_000).nullable(),
  totalTime: storableInt(),
});

const REFUSAL_STATUS: Record<AttemptRefusal, number> = {
  PRACTICE_NOT_FOUND: 404,
  BAD_ATTEMPT_ID: 400,
  QUESTIONS_MISMATCH: 422,
  BAD_PICKS: 422,
  BAD_ANSWER_ORDER: 422,
  BAD_TOTAL_TIME: 422,
};

function problem(code: keyof typeof vi.attempts.errors, status: number) {
  return Response.json({ code, message: vi.attempts.errors[code] }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return problem("BAD_REQUEST", 405);
  const user = await getSessionUser(context, request);
  if (!user) return problem("UNAUTHENTICATED", 401);
  if (!request.headers.get("content-type")?.startsWith("application/json")) {
    return problem("BAD_REQUEST", 415);
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return problem("BAD_REQUEST", 400);
  }
  // Unknown keys (a forged numberOfRight or rightAnswer) are dropped by the schema, never read.
  const parsed = SubmissionSchema.safeParse(body);
  if (!parsed.success) return problem("BAD_REQUEST", 400);
  const outcome = await saveAttempt(context.db, user.id, parsed.data);
  if (!outcome.ok) {
    context.logger.warn({ refusal: outcome.refusal, attemptId: parsed.data.id }, "attempt refused");
    return problem(outcome.refusal, REFUSAL_STATUS[outcome.refusal]);
  }
  return Response.json(
    { created: outcome.created, attempt: outcome.attempt },
    { status: outcome.created ? 201 : 200 },
  );
}

export function loader() {
  return problem("BAD_REQUEST", 405);
}
