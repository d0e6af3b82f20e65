import type { Kysely } from "kysely";
import { MOCK_EXAM_MAX_QUESTIONS, MOCK_EXAM_START_LIMIT } from "#base/limits.ts";
import { paths } from "#base/paths.ts";
import { listPracticeQuestions } from "#db/catalogue.ts";
import { attemptIdTaken, findMockExam, insertMockExam, type MockExam } from "#db/mock-exams.ts";
import type { RateLimitStore } from "#db/rate-limits.ts";
import { findVisiblePractice } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import type { RoomConfig } from "#engine/room-config.ts";
import { selectionIsWellFormed } from "#engine/submission.ts";
import { examIdOf, examLayout, findOpenableExam } from "./exam.ts";
import { examMinutes, refuse, startSchema, type Refusal, type StartBody } from "./wire.ts";

/**
 * "Bắt đầu" of a mock exam (POST /api/mock-exams): the exam is made on the server, with the
 * server's start time, its questions pinned in the order shown (the sheet, blank). Idempotent
 * by id: a repeat (a retried request, a second click) answers the exam already made.
 */

export type StartResult = { ok: true; created: boolean; id: string; url: string } | Refusal;

/** The room config of every mock exam: one sheet (FLAT), the student's shuffles and seed. */
function examConfig(body: StartBody): RoomConfig {
  return {
    practiceType: "FLAT",
    maxQuestionTime: 30,
    maxResultTime: 20,
    showQuestionKeyAfterQuestionEnd: true,
    showNotification: true,
    shuffleQuestions: body.shuffleQuestions,
    shuffleAnswers: body.shuffleAnswers,
    seed: body.seed,
  };
}

export async function startMockExam(
  db: Kysely<DB>,
  userId: string,
  input: unknown,
  options: { now: Date; limits: RateLimitStore | null },
): Promise<StartResult> {
  const parsed = startSchema.safeParse(input);
  if (!parsed.success) return refuse("BAD_REQUEST");
  const body = parsed.data;
  const id = examIdOf(body.id);
  if (!id) return refuse("BAD_EXAM_ID");
  const minutes = examMinutes(body.minutes);
  if (minutes === undefined) return refuse("BAD_MINUTES");

  const earlier = await repeatOf(db, userId, id);
  if (earlier) return earlier;
  if (await attemptIdTaken(db, userId, id)) return refuse("ID_TAKEN");
  if (options.limits) {
    const decision = await options.limits.consume(`mock-exam:${userId}`, MOCK_EXAM_START_LIMIT);
    if (!decision.allowed) return refuse("RATE_LIMITED", decision.retryAfter ?? 60);
  }

  const practice = await findVisiblePractice(db, body.practiceCode, userId);
  if (!practice) return refuse("PRACTICE_NOT_FOUND");
  if (!selectionIsWellFormed(body.selection, practice.questionCount)) {
    return refuse("NO_QUESTIONS");
  }
  const questions = await listPracticeQuestions(db, practice.id, body.selection);
  if (questions.length === 0) return refuse("NO_QUESTIONS");
  if (questions.length > MOCK_EXAM_MAX_QUESTIONS) return refuse("TOO_MANY_QUESTIONS");

  const config = examConfig(body);
  const { ordered } = examLayout(questions, config);
  const exam: MockExam = {
    userId,
    id,
    practiceId: practice.id,
    practiceCode: practice.code,
    selection: body.selection,
    config,
    minutes,
    startedAt: options.now.toISOString(),
    sheet: ordered.map((q) => ({ questionId: q.id, selectedAnswerIndexes: [], response: null })),
    sheetAt: null,
    submittedAt: null,
  };
  if (!(await insertMockExam(db, exam))) {
    // Another start of the same id won the race: that exam is this one.
    return (await repeatOf(db, userId, id)) ?? refuse("NOT_FOUND");
  }
  return { ok: true, created: true, id, url: paths.mockExam(practice.code, id) };
}

/** The exam of that id already made by this user, under the access rule; null when none. */
async function repeatOf(db: Kysely<DB>, userId: string, id: string): Promise<StartResult | null> {
  if (!(await findMockExam(db, userId, id))) return null;
  const exam = await findOpenableExam(db, userId, id);
  if (!exam) return refuse("PRACTICE_NOT_FOUND");
  return { ok: true, created: false, id, url: paths.mockExam(exam.practiceCode, id) };
}
