import type { Kysely } from "kysely";
import { findVisiblePractice, listRevisions, type StoredRevision } from "#db/revisions.ts";
import { findMockExam, type MockExam, type SheetAnswer } from "#db/mock-exams.ts";
import type { DB } from "#db/schema.ts";
import { createRoom } from "#engine/room.ts";
import { isAttemptId, picksAreValid, responsesAreValid } from "#engine/submission.ts";
import type { EngineQuestion } from "#engine/types.ts";

/**
 * What every step of a mock exam shares: the server's clock (deadline and grace), finding the
 * exam under the practice's access rule, its stored revisions, and whether a sheet fits it.
 */

/** A sheet or a submission this late after the deadline still counts: a slow network. */
const GRACE_MS = 30_000;

/** The moment time is up, or null without a limit. */
export function deadlineOf(exam: Pick<MockExam, "startedAt" | "minutes">): Date | null {
  if (exam.minutes === null) return null;
  return new Date(Date.parse(exam.startedAt) + exam.minutes * 60_000);
}

/** Past the deadline and its grace: the stored sheet is final. */
export function isPastGrace(exam: Pick<MockExam, "startedAt" | "minutes">, now: Date): boolean {
  const deadline = deadlineOf(exam);
  return deadline !== null && now.getTime() > deadline.getTime() + GRACE_MS;
}

/** An exam id as the browser makes it, lower-cased; null when it is not one. */
export function examIdOf(value: unknown): string | null {
  return isAttemptId(value) ? value.toLowerCase() : null;
}

/**
 * The user's exam when its practice is one they may still open (db/own-practices.ts decides,
 * as for a save: a link stopped, a practice hidden or deleted closes it), else null: another
 * user's exam, an unknown one and a closed one are answered alike (404).
 */
export async function findOpenableExam(
  db: Kysely<DB>,
  userId: string,
  rawId: unknown,
): Promise<MockExam | null> {
  const id = examIdOf(rawId);
  if (!id) return null;
  const exam = await findMockExam(db, userId, id);
  if (!exam) return null;
  const practice = await findVisiblePractice(db, exam.practiceCode, userId);
  return practice && practice.id === exam.practiceId ? exam : null;
}

/** The revisions the exam shows, in the order shown; null if any is missing (never expected). */
export async function examRevisions(
  db: Kysely<DB>,
  exam: MockExam,
): Promise<StoredRevision[] | null> {
  const ids = exam.sheet.map((answer) => answer.questionId);
  const byId = new Map((await listRevisions(db, ids)).map((r) => [r.id, r]));
  const revisions = ids.map((id) => byId.get(id));
  return revisions.every((r) => r !== undefined) ? (revisions as StoredRevision[]) : null;
}

/**
 * The questions in the order shown and each one's answers in display order (original idxs),
 * as the engine builds the room from the exam's config: the questions in practice order, the
 * question order and answer orders drawn from the seed. The start stores that question order
 * in the sheet; every later step finds the answer orders again here.
 */
export function examLayout<Q extends EngineQuestion & { idx: number }>(
  questions: readonly Q[],
  config: MockExam["config"],
): { ordered: Q[]; answerOrders: number[][] } {
  const inPracticeOrder = [...questions].sort((a, b) => a.idx - b.idx);
  const room = createRoom(inPracticeOrder, config);
  return {
    ordered: room.order.map((index) => inPracticeOrder[index]!),
    answerOrders: room.answerOrders.map((order) => [...order]),
  };
}

/** The answer orders of the questions as the sheet shows them (position by position). */
export function answerOrdersOf(revisions: readonly StoredRevision[], exam: MockExam): number[][] {
  const { ordered, answerOrders } = examLayout(revisions, exam.config);
  const byId = new Map(ordered.map((question, position) => [question.id, answerOrders[position]!]));
  return revisions.map((revision) => byId.get(revision.id)!);
}

/**
 * Answers that fit the exam: one per question of the sheet, in its order, each pick an answer
 * of its question (no more than it has keys), each response of its question's kind.
 */
export function fitsSheet(
  exam: MockExam,
  revisions: readonly StoredRevision[],
  answers: readonly {
    questionId: number;
    selectedAnswerIndexes: number[];
    response?: string | null;
  }[],
): boolean {
  if (answers.length !== exam.sheet.length) return false;
  if (!answers.every((answer, i) => answer.questionId === exam.sheet[i]!.questionId)) return false;
  return picksAreValid(revisions, answers) && responsesAreValid(revisions, answers);
}

/** The answers as stored: every field named, nothing else the client added. */
export function sheetOf(
  answers: readonly {
    questionId: number;
    selectedAnswerIndexes: number[];
    response?: string | null;
  }[],
): SheetAnswer[] {
  return answers.map((answer) => ({
    questionId: answer.questionId,
    selectedAnswerIndexes: [...new Set(answer.selectedAnswerIndexes)].sort((a, b) => a - b),
    response: answer.response ?? null,
  }));
}
