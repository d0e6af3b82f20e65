import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { RateLimitStore } from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";
import { saveMockExamSheet } from "./sheet.ts";
import { startMockExam } from "./start.ts";
import { submitMockExam } from "./submit.ts";
import { mockExamProblem, readJson, type Refusal } from "./wire.ts";

/**
 * The three resource routes of the mock exam (app/routes/api.mock-exams*.ts) as Responses: the
 * method, the session and the JSON body checked in that order, then the service. The request
 * guards have already capped the body and checked its origin (server/request-guards.ts).
 */

interface Deps {
  db: Kysely<DB>;
  logger: Logger;
  userId: string | null;
  now?: Date;
}

function refused(outcome: Refusal, logger: Logger, what: string): Response {
  logger.warn({ refusal: outcome.refusal }, `mock exam ${what} refused`);
  return mockExamProblem(outcome.refusal, outcome.retryAfter);
}

/** POST /api/mock-exams → 201 (200 for an exam already made) `{ id, url }`. */
export async function answerStart(
  request: Request,
  deps: Deps & { limits: RateLimitStore | null },
): Promise<Response> {
  if (request.method !== "POST") return mockExamProblem("METHOD_NOT_ALLOWED");
  if (!deps.userId) return mockExamProblem("UNAUTHENTICATED");
  const read = await readJson(request);
  if ("ok" in read) return mockExamProblem(read.refusal);
  const outcome = await startMockExam(deps.db, deps.userId, read.body, {
    now: deps.now ?? new Date(),
    limits: deps.limits,
  });
  if (!outcome.ok) return refused(outcome, deps.logger, "start");
  return Response.json(
    { id: outcome.id, url: outcome.url },
    { status: outcome.created ? 201 : 200, headers: { "cache-control": "no-store" } },
  );
}

/** PUT /api/mock-exams/:id/sheet → 204. */
export async function answerSheet(request: Request, id: string, deps: Deps): Promise<Response> {
  if (request.method !== "PUT") return mockExamProblem("METHOD_NOT_ALLOWED");
  if (!deps.userId) return mockExamProblem("UNAUTHENTICATED");
  const read = await readJson(request);
  if ("ok" in read) return mockExamProblem(read.refusal);
  const outcome = await saveMockExamSheet(
    deps.db,
    deps.userId,
    id,
    read.body,
    deps.now ?? new Date(),
  );
  if (!outcome.ok) return refused(outcome, deps.logger, "sheet");
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

/** POST /api/mock-exams/:id/submit → 200 `{ attemptId, url }`. */
export async function answerSubmit(request: Request, id: string, deps: Deps): Promise<Response> {
  if (request.method !== "POST") return mockExamProblem("METHOD_NOT_ALLOWED");
  if (!deps.userId) return mockExamProblem("UNAUTHENTICATED");
  const read = await readJson(request);
  if ("ok" in read) return mockExamProblem(read.refusal);
  const outcome = await submitMockExam(deps.db, deps.userId, id, read.body, deps.now ?? new Date());
  if (!outcome.ok) return refused(outcome, deps.logger, "submission");
  return Response.json(
    { attemptId: outcome.attemptId, url: outcome.url },
    { headers: { "cache-control": "no-store" } },
  );
}
