import type { Kysely } from "kysely";
import { parsePictureFileName, pictureUrlsIn } from "#base/pictures.ts";
import type { QuestionKind } from "#engine/types.ts";
import type { DB, StoredAnswer } from "./schema.ts";
import { answerOrdersOfRow, selectionOfRow, summaryColumns } from "./attempt-rows.ts";
import { namePracticesFor } from "./own-practices.ts";

/**
 * "Tải dữ liệu của tôi" (docs/data-export.md): a user's attempts with every answer and the question
 * revision it answered, a page at a time, oldest first. Keyset paging on (created_at, id) with
 * the index of migration 0009, so a user with thousands of attempts is read in small pages and
 * never held in memory whole. Reads only; how it is written out is the app's
 * (services/data-export/data-export.ts).
 */

/** Where the next page starts: after the attempt with this time and id. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

export interface ExportAnswer {
  /** 0-based, in the order shown. */
  position: number;
  /** The question revision that was shown. */
  questionId: number;
  /** 1-based, as the set-up page numbers questions ("Câu 12"). */
  questionNumber: number;
  questionText: string;
  /**
   * "choice", "true_false" (Đúng/Sai: `answers` are its statements, `isKey` = true) or
   * "short_answer" (`answers` are the accepted answers), ADR 0022.
   */
  kind: QuestionKind;
  /** The revision's answers in their original order (idx 0 is "A"). */
  answers: { idx: number; text: string; isKey: boolean }[];
  /**
   * The pictures the revision shows (its text, answers, feedback and explanation), each once,
   * in order, by its address on this site: `/pictures/<hash>.<type>`.
   */
  pictures: string[];
  /** Original idxs of the picked answers, ascending (always [] for the kinds answered by `response`). */
  selected: number[];
  /**
   * A Đúng/Sai question's marks, one per statement in idx order ("T" Đúng, "F" Sai, "-" not
   * marked), or the typed short answer; null for multiple choice and an unanswered question.
   */
  response: string | null;
  /** "SURE" ("Chắc chắn") or "GUESS" ("Đoán") when the room asked and the student marked it; else null. */
  confidence: string | null;
  right: boolean;
  /**
   * The question's practice as the student may name it (a review of mistakes mixes practices):
   * the attempt's address and title as saved; in a review, the address the student may open it
   * by and its title now, or, once they may not (a revoked link, hidden, deleted), the address
   * and title of their latest attempt of it. Never the private code of somebody else's practice.
   */
  practice: { code: string; title: string };
  subject: { code: string; name: string };
}

export interface ExportAttempt {
  id: string;
  createdAt: string;
  /** PRACTICE_TIME_ALL | _RANGE | _CHAPTER, or a later type such as MISTAKES. */
  type: string;
  /** Null for an attempt of no practice (a review of mistakes). */
  practice: { code: string; title: string } | null;
  /** The selection's label as the student saw it ("Câu 1 - 50", "Chương 2: …"). */
  description: string;
  chapterIdx: number | null;
  range: { start: number; end: number } | null;
  practiceType: string;
  config: Record<string, unknown>;
  /** Per shown question, its original answer idxs in display order; null when not shuffled. */
  answerOrders: number[][] | null;
  numberOfRight: number;
  numberOfWrong: number;
  questionCount: number;
  totalTime: number;
  answers: ExportAnswer[];
}

/** At most this many attempts per page, whatever the caller asks. */
const MAX_PAGE = 500;

/** The history's columns (db/attempt-rows.ts), and the practice and answer orders beside them. */
const attemptColumns = [...summaryColumns, "attempt.practice_id", "attempt.answer_orders"] as const;

/** One page of the user's attempts, oldest first, after `after`; empty when there are no more. */
export async function listExportPage(
  db: Kysely<DB>,
  userId: string,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportAttempt[]> {
  const count = Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE);
  let query = db.selectFrom("attempt").select(attemptColumns).where("attempt.user_id", "=", userId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("attempt.created_at", ">", after.createdAt),
        eb.and([eb("attempt.created_at", "=", after.createdAt), eb("attempt.id", ">", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("attempt.created_at")
    .orderBy("attempt.id")
    .limit(count)
    .execute();
  if (rows.length === 0) return [];
  const answers = await listAnswersOf(db, userId, rows);
  return rows.map((row) => toExportAttempt(row, answers.get(row.id) ?? []));
}

/**
 * The attempt columns the export reads. Practice columns are nullable here already: an attempt
 * of no practice (a review of mistakes, type MISTAKES) is coming, and must not break an export.
 */
export type AttemptRow = {
  id: string;
  practice_id: number | null;
  practice_code: string | null;
  practice_title: string | null;
  description: string;
  type: string;
  chapter_idx: number | null;
  range_start: number | null;
  range_end: number | null;
  practice_type: string;
  config: string;
  answer_orders: string | null;
  number_of_right: number;
  number_of_wrong: number;
  question_count: number;
  total_time: number;
  created_at: string;
};

/** An attempt as the export writes it; `practice` is null when the attempt had none. */
export function toExportAttempt(row: AttemptRow, answers: ExportAnswer[]): ExportAttempt {
  const hasPractice = row.practice_id !== null && row.practice_code !== null;
  const selection = selectionOfRow(row);
  return {
    id: row.id,
    createdAt: row.created_at,
    type: row.type,
    practice: hasPractice
      ? { code: row.practice_code ?? "", title: row.practice_title ?? "" }
      : null,
    description: row.description,
    // The published format's fields (docs/data-export.md), from the one column mapping.
    chapterIdx: selection?.type === "PRACTICE_TIME_CHAPTER" ? selection.chapterIdx : null,
    range:
      selection?.type === "PRACTICE_TIME_RANGE"
        ? { start: selection.start, end: selection.end }
        : null,
    practiceType: row.practice_type,
    config: JSON.parse(row.config) as Record<string, unknown>,
    answerOrders: answerOrdersOfRow(row),
    numberOfRight: row.number_of_right,
    numberOfWrong: row.number_of_wrong,
    questionCount: row.question_count,
    totalTime: row.total_time,
    answers,
  };
}

/** The answers of these attempts with their question revisions, by attempt id, in shown order. */
async function listAnswersOf(
  db: Kysely<DB>,
  userId: string,
  attempts: readonly Pick<AttemptRow, "id" | "practice_id" | "practice_code" | "practice_title">[],
): Promise<Map<string, ExportAnswer[]>> {
  const rows = await db
    .selectFrom("attempt_answer")
    .innerJoin("question", "question.id", "attempt_answer.question_id")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      "attempt_answer.attempt_id",
      "attempt_answer.position",
      "attempt_answer.question_id",
      "attempt_answer.selected",
      "attempt_answer.right_answer",
      "attempt_answer.response",
      "attempt_answer.confidence",
      "question.idx",
      "question.kind",
      "question.text",
      "question.text_html",
      "question.explanation_html",
      "question.answers",
      "question.practice_id",
      "practice.title as practice_title",
      "subject.code as subject_code",
      "subject.name as subject_name",
    ])
    // user_id leads the answers' key, so this is one index range per attempt.
    .where("attempt_answer.user_id", "=", userId)
    .where(
      "attempt_answer.attempt_id",
      "in",
      attempts.map((a) => a.id),
    )
    .orderBy("attempt_answer.attempt_id")
    .orderBy("attempt_answer.position")
    .execute();
  const attemptById = new Map(attempts.map((a) => [a.id, a]));
  const reviewed = rows.filter((row) => attemptById.get(row.attempt_id)?.practice_id === null);
  const names = await namePracticesFor(
    db,
    userId,
    new Map(reviewed.map((row) => [row.practice_id, row.practice_title])),
  );
  const byAttempt = new Map<string, ExportAnswer[]>();
  // A student meets the same questions again and again: each revision is read once.
  const revisions = new Map<number, Pick<ExportAnswer, "answers" | "pictures">>();
  for (const row of rows) {
    let revision = revisions.get(row.question_id);
    if (!revision) {
      revision = revisionOf(row);
      revisions.set(row.question_id, revision);
    }
    const attempt = attemptById.get(row.attempt_id);
    const practice =
      attempt?.practice_id != null
        ? { code: attempt.practice_code ?? "", title: attempt.practice_title ?? "" }
        : (names.get(row.practice_id) ?? { code: "", title: "" });
    const list = byAttempt.get(row.attempt_id) ?? [];
    if (list.length === 0) byAttempt.set(row.attempt_id, list);
    list.push({
      position: row.position,
      questionId: row.question_id,
      questionNumber: row.idx + 1,
      questionText: row.text,
      kind: row.kind,
      ...revision,
      selected: JSON.parse(row.selected) as number[],
      response: row.response,
      confidence: row.confidence,
      right: row.right_answer === 1,
      practice,
      subject: { code: row.subject_code, name: row.subject_name },
    });
  }
  return byAttempt;
}

/** A revision's answers, and the full-size pictures its HTML shows. */
function revisionOf(row: {
  text_html: string;
  explanation_html: string | null;
  answers: string;
}): Pick<ExportAnswer, "answers" | "pictures"> {
  const stored = JSON.parse(row.answers) as StoredAnswer[];
  const urls = pictureUrlsIn(
    row.text_html,
    ...stored.flatMap((answer) => [answer.html, answer.feedbackHtml]),
    row.explanation_html,
  );
  return {
    answers: stored.map(({ idx, text, isKey }) => ({ idx, text, isKey })),
    // The phone variant is the same picture; stored HTML carries no `?p=`, but drop one anyway.
    pictures: [...new Set(urls.map((url) => url.split("?")[0]!))].filter(
      (path) => parsePictureFileName(path.slice("/pictures/".length))?.small === false,
    ),
  };
}

/** A practice as the export names it (see namePracticesFor): never another's private code. */
interface NamedPractice {
  code: string;
  title: string;
}

/** The user's exam days ("Ngày thi", issue 30): of subjects, and of their own practices. */
export interface ExportExamDate {
  examDay: string;
  subject: { code: string; name: string } | null;
  practice: NamedPractice | null;
}

/** A report the user made on a question ("Báo đáp án sai") and what became of it. */
export interface ExportQuestionReport {
  questionId: number;
  questionNumber: number;
  practice: NamedPractice;
  reason: string;
  note: string;
  /** "open", "fixed", "answered" or "dismissed". */
  status: string;
  /** The handler's words to the reporters, when any. */
  reply: string | null;
  createdAt: string;
  handledAt: string | null;
}

/** A comment the user wrote under a question ("Thảo luận"), deleted ones left out. */
export interface ExportComment {
  id: number;
  questionId: number;
  questionNumber: number;
  practice: NamedPractice;
  /** The comment it replies to, null for a comment of its own. */
  parentId: number | null;
  /** As written: plain text with `$…$` maths and `code`. */
  body: string;
  votes: number;
  createdAt: string;
  editedAt: string | null;
  /** When an operator hid it, after reports. */
  hiddenAt: string | null;
}

/** What else the user made beside attempts: a few rows each (rate-limited), read at once. */
export async function listExportExtras(
  db: Kysely<DB>,
  userId: string,
): Promise<{
  examDates: ExportExamDate[];
  questionReports: ExportQuestionReport[];
  comments: ExportComment[];
}> {
  const [subjectDays, practiceDays, reports, comments] = await Promise.all([
    subjectExamDaysOf(db, userId),
    practiceExamDaysOf(db, userId),
    reportsOf(db, userId),
    commentsOf(db, userId),
  ]);
  const titles = new Map<number, string>([
    ...practiceDays.map((r) => [r.id, r.title] as const),
    ...reports.map((r) => [r.practice_id, r.title] as const),
    ...comments.map((r) => [r.practice_id, r.title] as const),
  ]);
  const names = await namePracticesFor(db, userId, titles);
  const named = (id: number): NamedPractice => names.get(id) ?? { code: "", title: "" };
  return {
    examDates: [
      ...subjectDays.map((row) => ({
        examDay: row.exam_day,
        subject: { code: row.code, name: row.name },
        practice: null,
      })),
      ...practiceDays.map((row) => ({
        examDay: row.exam_day,
        subject: null,
        practice: named(row.id),
      })),
    ],
    questionReports: reports.map((row) => ({
      questionId: row.question_id,
      questionNumber: row.idx + 1,
      practice: named(row.practice_id),
      reason: row.reason,
      note: row.note,
      status: row.status,
      reply: row.reply,
      createdAt: row.created_at,
      handledAt: row.handled_at,
    })),
    comments: comments.map((row) => ({
      id: row.id,
      questionId: row.question_id,
      questionNumber: row.idx + 1,
      practice: named(row.practice_id),
      parentId: row.parent_id,
      body: row.body,
      votes: row.votes,
      createdAt: row.created_at,
      editedAt: row.edited_at,
      hiddenAt: row.hidden_at,
    })),
  };
}

function subjectExamDaysOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("exam_date")
    .innerJoin("subject", "subject.id", "exam_date.subject_id")
    .select(["exam_date.exam_day", "subject.code", "subject.name"])
    .where("exam_date.user_id", "=", userId)
    .orderBy("exam_date.exam_day")
    .execute();
}

function practiceExamDaysOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("practice_exam_date")
    .innerJoin("practice", "practice.id", "practice_exam_date.practice_id")
    .select(["practice_exam_date.exam_day", "practice.id", "practice.title"])
    .where("practice_exam_date.user_id", "=", userId)
    .orderBy("practice_exam_date.exam_day")
    .execute();
}

function reportsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("question_report")
    .innerJoin("practice", "practice.id", "question_report.practice_id")
    .select([
      "question_report.question_id",
      "question_report.idx",
      "question_report.practice_id",
      "practice.title",
      "question_report.reason",
      "question_report.note",
      "question_report.status",
      "question_report.reply",
      "question_report.created_at",
      "question_report.handled_at",
    ])
    .where("question_report.reporter_id", "=", userId)
    .orderBy("question_report.created_at")
    .orderBy("question_report.id")
    .execute();
}

function commentsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("comment")
    .innerJoin("practice", "practice.id", "comment.practice_id")
    .select([
      "comment.id",
      "comment.question_id",
      "comment.idx",
      "comment.practice_id",
      "practice.title",
      "comment.parent_id",
      "comment.body",
      "comment.votes",
      "comment.created_at",
      "comment.edited_at",
      "comment.hidden_at",
    ])
    .where("comment.author_id", "=", userId)
    .where("comment.deleted_at", "is", null)
    .orderBy("comment.created_at")
    .orderBy("comment.id")
    .execute();
}
