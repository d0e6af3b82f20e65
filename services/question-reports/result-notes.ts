import type { Kysely } from "kysely";
import type { AnswerShare } from "#db/answer-shares.ts";
import type { DB } from "#db/schema.ts";
import { withAnswerShares } from "#services/attempts/answer-shares.ts";
import { withReportsSeen, type QuestionReportsView } from "./reports.ts";

/**
 * What a question shows beside its result (issue 30), for every screen that shows results (the
 * room, the review room, the replay): how others answered it, and its reports ("Đang được xem
 * lại", the viewer's own report and its answer).
 */
export async function withResultNotes<Q extends { id: number }>(
  db: Kysely<DB>,
  viewerId: string | null,
  questions: readonly Q[],
): Promise<(Q & { share?: AnswerShare; reports?: QuestionReportsView })[]> {
  return withReportsSeen(db, viewerId, await withAnswerShares(db, questions));
}
