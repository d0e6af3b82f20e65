import { serverVi } from "#base/i18n/vi-server.ts";
import { MOCK_EXAM_MAX_QUESTIONS, MOCK_EXAM_MINUTES } from "#base/limits.ts";
import { selectionSchema } from "#base/selection.ts";
import { storableInt, storableText, z } from "#base/zod.ts";
import { submittedAnswers } from "#services/attempts/wire.ts";

/**
 * The mock exam's wire (docs/architecture.md, "Mock exams"): the bodies its routes take, and
 * every refusal as a status and a Vietnamese message. Unknown keys are dropped, never read.
 */

export const startSchema = z.object({
  id: storableText().max(36),
  practiceCode: storableText().min(1).max(120),
  selection: selectionSchema,
  /** Read on its own (MOCK_EXAM_MINUTES or null), so a wrong value gets its own message. */
  minutes: z.unknown(),
  shuffleQuestions: z.boolean(),
  shuffleAnswers: z.boolean(),
  seed: z.number().int().min(0).max(0xffffffff),
});

export type StartBody = z.infer<typeof startSchema>;

export const sheetSchema = z.object({ answers: submittedAnswers(MOCK_EXAM_MAX_QUESTIONS) });

export const submitSchema = z.object({
  answers: submittedAnswers(MOCK_EXAM_MAX_QUESTIONS),
  /** The page's count of seconds; the server's clock bounds it. */
  totalTime: storableInt().min(0),
});

/** The minutes a student may pick, null meaning "Tắt"; undefined for anything else. */
export function examMinutes(value: unknown): number | null | undefined {
  if (value === null) return null;
  return (MOCK_EXAM_MINUTES as readonly unknown[]).includes(value) ? (value as number) : undefined;
}

const errors = serverVi.mockExams.errors;

const REFUSALS = {
  UNAUTHENTICATED: [401, errors.UNAUTHENTICATED],
  BAD_REQUEST: [400, errors.BAD_REQUEST],
  UNSUPPORTED_MEDIA: [415, errors.BAD_REQUEST],
  METHOD_NOT_ALLOWED: [405, errors.BAD_REQUEST],
  BAD_EXAM_ID: [400, errors.BAD_EXAM_ID],
  BAD_MINUTES: [400, errors.BAD_MINUTES(MOCK_EXAM_MINUTES.join(", "))],
  PRACTICE_NOT_FOUND: [404, errors.PRACTICE_NOT_FOUND],
  NOT_FOUND: [404, errors.NOT_FOUND],
  NO_QUESTIONS: [422, errors.NO_QUESTIONS],
  TOO_MANY_QUESTIONS: [422, errors.TOO_MANY_QUESTIONS(MOCK_EXAM_MAX_QUESTIONS)],
  ID_TAKEN: [409, errors.ID_TAKEN],
  BAD_ANSWERS: [422, errors.BAD_ANSWERS],
  BAD_TOTAL_TIME: [422, errors.BAD_TOTAL_TIME],
  TIME_UP: [409, errors.TIME_UP],
  ALREADY_SUBMITTED: [409, errors.ALREADY_SUBMITTED],
} as const satisfies Record<string, readonly [number, string]>;

export type MockExamRefusal = keyof typeof REFUSALS | "RATE_LIMITED";

export interface Refusal {
  ok: false;
  refusal: MockExamRefusal;
  /** Seconds to wait, for RATE_LIMITED. */
  retryAfter?: number;
}

export const refuse = (refusal: MockExamRefusal, retryAfter?: number): Refusal => ({
  ok: false,
  refusal,
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

/** A refusal as the page reads it: `{ code, message }` in Vietnamese, with its status. */
export function mockExamProblem(refusal: MockExamRefusal, retryAfter?: number): Response {
  const headers = { "cache-control": "no-store" };
  if (refusal === "RATE_LIMITED") {
    const seconds = Math.max(1, retryAfter ?? 60);
    return Response.json(
      { code: refusal, message: errors.RATE_LIMITED(Math.ceil(seconds / 60)) },
      { status: 429, headers: { ...headers, "retry-after": String(seconds) } },
    );
  }
  const [status, message] = REFUSALS[refusal];
  return Response.json({ code: refusal, message }, { status, headers });
}

/** The JSON body of a request, or the refusal to answer it with. */
export async function readJson(request: Request): Promise<{ body: unknown } | Refusal> {
  if (!request.headers.get("content-type")?.startsWith("application/json")) {
    return refuse("UNSUPPORTED_MEDIA");
  }
  try {
    return { body: await request.json() };
  } catch {
    return refuse("BAD_REQUEST");
  }
}
