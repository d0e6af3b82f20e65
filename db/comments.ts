import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "./schema.ts";

/**
 * "Thảo luận" (issue 30, migration 0022): comments under a question's position, their votes and
 * reports. Reads and writes only; services/discussion/ decides who may do what.
 */

type Db = Kysely<DB> | Transaction<DB>;

export interface Position {
  practiceId: number;
  idx: number;
}

/** A comment as a discussion shows it (deleted ones keep their place for their replies). */
export interface CommentRow {
  id: number;
  parentId: number | null;
  authorId: string;
  authorName: string;
  authorImage: string | null;
  body: string;
  bodyHtml: string;
  votes: number;
  createdAt: string;
  edited: boolean;
  deleted: boolean;
  /** Whether the viewer up-voted it. */
  voted: boolean;
}

/** At most this many comments are read for one question. */
const MAX_COMMENTS = 500;

/** The comments at a position not hidden by an operator, oldest first. */
export async function listComments(
  db: Db,
  position: Position,
  viewerId: string | null,
): Promise<CommentRow[]> {
  const rows = await db
    .selectFrom("comment")
    .innerJoin("user", "user.id", "comment.author_id")
    .select([
      "comment.id",
      "comment.parent_id",
      "comment.author_id",
      "user.name",
      "user.image",
      "comment.body",
      "comment.body_html",
      "comment.votes",
      "comment.created_at",
      "comment.edited_at",
      "comment.deleted_at",
    ])
    .select((eb) =>
      (viewerId === null
        ? sql<number>`0`
        : eb
            .selectFrom("comment_vote")
            .select(sql<number>`1`.as("one"))
            .whereRef("comment_vote.comment_id", "=", "comment.id")
            .where("comment_vote.user_id", "=", viewerId)
      ).as("voted"),
    )
    .where("comment.practice_id", "=", position.practiceId)
    .where("comment.idx", "=", position.idx)
    .where("comment.hidden_at", "is", null)
    .orderBy("comment.id")
    .limit(MAX_COMMENTS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    authorId: row.author_id,
    authorName: row.name,
    authorImage: row.image,
    body: row.body,
    bodyHtml: row.deleted_at === null ? row.body_html : "",
    votes: row.votes,
    createdAt: row.created_at,
    edited: row.edited_at !== null,
    deleted: row.deleted_at !== null,
    voted: Number(row.voted ?? 0) === 1,
  }));
}

/** For each of these revision ids, how many comments its position shows (left out: none). */
export async function countComments(
  db: Db,
  questionIds: readonly number[],
): Promise<Map<number, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("question")
    .innerJoin("comment", (join) =>
      join
        .onRef("comment.practice_id", "=", "question.practice_id")
        .onRef("comment.idx", "=", "question.idx"),
    )
    .select(["question.id", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("question.id", "in", [...questionIds])
    .where("comment.hidden_at", "is", null)
    .where("comment.deleted_at", "is", null)
    .groupBy("question.id")
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.count)]));
}

/** One comment with what decides what may be done with it. */
export interface CommentRef extends Position {
  id: number;
  authorId: string;
  parentId: number | null;
  questionId: number;
  deleted: boolean;
  hidden: boolean;
}

export async function findComment(db: Db, id: number): Promise<CommentRef | null> {
  const row = await db
    .selectFrom("comment")
    .select([
      "id",
      "practice_id",
      "idx",
      "question_id",
      "author_id",
      "parent_id",
      "deleted_at",
      "hidden_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    practiceId: row.practice_id,
    idx: row.idx,
    questionId: row.question_id,
    authorId: row.author_id,
    parentId: row.parent_id,
    deleted: row.deleted_at !== null,
    hidden: row.hidden_at !== null,
  };
}

export async function insertComment(
  db: Db,
  values: Position & {
    questionId: number;
    authorId: string;
    parentId: number | null;
    body: string;
    bodyHtml: string;
    createdAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto("comment")
    .values({
      practice_id: values.practiceId,
      idx: values.idx,
      question_id: values.questionId,
      author_id: values.authorId,
      parent_id: values.parentId,
      body: values.body,
      body_html: values.bodyHtml,
      created_at: values.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The author's edit; false when it is not theirs, or deleted. */
export async function updateComment(
  db: Db,
  id: number,
  authorId: string,
  values: { body: string; bodyHtml: string; editedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable("comment")
    .set({ body: values.body, body_html: values.bodyHtml, edited_at: values.editedAt })
    .where("id", "=", id)
    .where("author_id", "=", authorId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The author's deletion: the text goes, the row stays for its replies. */
export async function deleteComment(
  db: Db,
  id: number,
  authorId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("comment")
    .set({ body: "", body_html: "", deleted_at: now })
    .where("id", "=", id)
    .where("author_id", "=", authorId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Up-votes or takes the vote back; the comment's count follows, in one transaction. */
export async function setVote(
  db: Kysely<DB>,
  commentId: number,
  userId: string,
  up: boolean,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const changed = up
      ? Number(
          (
            await trx
              .insertInto("comment_vote")
              .values({ comment_id: commentId, user_id: userId })
              .onConflict((conflict) => conflict.columns(["comment_id", "user_id"]).doNothing())
              .executeTakeFirst()
          ).numInsertedOrUpdatedRows ?? 0,
        )
      : -Number(
          (
            await trx
              .deleteFrom("comment_vote")
              .where("comment_id", "=", commentId)
              .where("user_id", "=", userId)
              .executeTakeFirst()
          ).numDeletedRows,
        );
    if (changed !== 0) {
      await trx
        .updateTable("comment")
        .set((eb) => ({ votes: eb("votes", "+", changed) }))
        .where("id", "=", commentId)
        .execute();
    }
    const row = await trx
      .selectFrom("comment")
      .select("votes")
      .where("id", "=", commentId)
      .executeTakeFirstOrThrow();
    return row.votes;
  });
}

/** A report of a comment; false when this user reported it already. */
export async function insertCommentReport(
  db: Db,
  commentId: number,
  reporterId: string,
  createdAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto("comment_report")
    .values({ comment_id: commentId, reporter_id: reporterId, created_at: createdAt })
    .onConflict((conflict) => conflict.columns(["comment_id", "reporter_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** An operator hides a comment (and its reports are done with). */
export async function hideComment(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("comment")
      .set({ hidden_at: now })
      .where("id", "=", id)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    await trx
      .updateTable("comment_report")
      .set({ resolved: 1 })
      .where("comment_id", "=", id)
      .execute();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** A reported comment, for the operators. */
export interface ReportedComment {
  id: number;
  questionId: number;
  practiceTitle: string;
  number: number;
  authorName: string;
  body: string;
  reports: number;
}

/** Comments with reports not yet dealt with, most reported first. */
export async function listReportedComments(db: Db, limit = 100): Promise<ReportedComment[]> {
  const rows = await db
    .selectFrom("comment_report")
    .innerJoin("comment", "comment.id", "comment_report.comment_id")
    .innerJoin("practice", "practice.id", "comment.practice_id")
    .innerJoin("user", "user.id", "comment.author_id")
    .select([
      "comment.id",
      "comment.question_id",
      "comment.idx",
      "comment.body",
      "practice.title",
      "user.name",
      (eb) => eb.fn.countAll<number | string>().as("reports"),
    ])
    .where("comment_report.resolved", "=", 0)
    .where("comment.hidden_at", "is", null)
    .where("comment.deleted_at", "is", null)
    .groupBy([
      "comment.id",
      "comment.question_id",
      "comment.idx",
      "comment.body",
      "practice.title",
      "user.name",
    ])
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .orderBy("comment.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    questionId: row.question_id,
    practiceTitle: row.title,
    number: row.idx + 1,
    authorName: row.name,
    body: row.body,
    reports: Number(row.reports),
  }));
}

/** An operator keeps a reported comment: its reports are done with. */
export async function dismissCommentReports(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable("comment_report")
    .set({ resolved: 1 })
    .where("comment_id", "=", id)
    .where("resolved", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
