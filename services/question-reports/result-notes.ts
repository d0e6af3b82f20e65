import type { Kysely } from "kysely";
import type { AnswerShare } from "#db/answer-shares.ts";
import { countComments } from "#db/comments.ts";
import type { DB } from "#db/schema.ts";
import { withAnswerShares } from "#services/attempts/answer-shares.ts";
import { withReportsSeen, type QuestionReportsView } from "./reports.ts";

/**
 * What a question shows beside its result (issue 30), for every screen that shows results (the
 * room, the review room, the replay): how others answered it, its reports ("Đang được xem lại",
 * the viewer's own report and its answer), and how many comments its discussion has.
 */
export async function withResultNotes<Q extends { id: number }>(
  db: Kysely<DB>,
  viewerId: string | null,
  questions: readonly Q[],
): Promise<(Q & { share?: AnswerShare; reports?: QuestionReportsView; comments?: number })[]> {
  const [noted, counts] = await Promise.all([
    withReportsSeen(db, viewerId, await withAnswerShares(db, questions)),
    countComments(
      db,
      questions.map((question) => question.id),
    ),
  ]);
  if (counts.size === 0) return noted;
  return noted.map((question) => {
    const comments = counts.get(question.id);
    return comments ? { ...question, comments } : question;
  });
}
