import type { Kysely } from "kysely";
import { withPictureAddress } from "#base/pictures.ts";
import { findPracticeForViewer, listQuestionRevisions, type QuestionView } from "#db/catalogue.ts";
import type { SheetAnswer } from "#db/mock-exams.ts";
import { SHARE_PREFIX } from "#db/own-practices.ts";
import type { DB } from "#db/schema.ts";
import { keyCount } from "#engine/scoring.ts";
import { deadlineOf, examLayout, findOpenableExam } from "./exam.ts";

/**
 * The exam page's data (its loader calls openMockExam). Before and after submission alike it
 * holds nothing that gives an answer away: no key, no explanation, no feedback, no accepted
 * short answer or tolerance; the replay in the history shows those once the exam is saved.
 */

/** A question as the exam shows it: its text and its answers' texts, in display order. */
interface ExamQuestion {
  id: number;
  idx: number;
  chapterIdx: number | null;
  textHtml: string;
  referenceUrl: string | null;
  kind: QuestionView["kind"];
  /** Multiple choice: how many answers to pick ("Chọn 2 đáp án"); 0 for the other kinds. */
  keyCount: number;
  /** Multiple choice: the answers; Đúng/Sai: the statements; short answer: none. */
  answers: { idx: number; html: string }[];
}

export interface MockExamView {
  id: string;
  practice: { code: string; title: string; subjectName: string };
  /** Null: no time limit ("Tắt"). */
  minutes: number | null;
  startedAt: string;
  /** ISO, or null without a limit. */
  deadline: string | null;
  /** The server's time now, so the page's countdown follows the server's clock. */
  now: string;
  /** The saved attempt's id once submitted (it is the exam's id), else null. */
  submittedAttemptId: string | null;
  questions: ExamQuestion[];
  sheet: SheetAnswer[];
}

function examQuestion(question: QuestionView, answerOrder: readonly number[], address: string) {
  const html = (text: string) =>
    address.startsWith(SHARE_PREFIX) ? withPictureAddress(text, address) : text;
  const byIdx = new Map(question.answers.map((answer) => [answer.idx, answer]));
  const shown = question.kind === "short_answer" ? [] : answerOrder;
  return {
    id: question.id,
    idx: question.idx,
    chapterIdx: question.chapterIdx,
    textHtml: html(question.textHtml),
    referenceUrl: question.referenceUrl,
    kind: question.kind,
    keyCount: keyCount(question),
    // Only the idx and the text: `isKey`, `feedbackHtml`, `value`, `tolerance` stay here.
    answers: shown.map((idx) => ({ idx, html: html(byIdx.get(idx)?.html ?? "") })),
  } satisfies ExamQuestion;
}

/**
 * The user's exam `id` as its page shows it, or null (404): not theirs, unknown, or of a
 * practice they may no longer open. `now` is the server's clock.
 */
export async function openMockExam(
  db: Kysely<DB>,
  userId: string,
  id: string,
  now: Date = new Date(),
): Promise<MockExamView | null> {
  const exam = await findOpenableExam(db, userId, id);
  if (!exam) return null;
  const practice = await findPracticeForViewer(db, exam.practiceCode, userId);
  if (!practice) return null;
  const ids = exam.sheet.map((answer) => answer.questionId);
  const byId = new Map((await listQuestionRevisions(db, ids)).map((q) => [q.id, q]));
  const revisions = ids.map((questionId) => byId.get(questionId));
  if (!revisions.every((q) => q !== undefined)) return null;
  const { ordered, answerOrders } = examLayout(revisions as QuestionView[], exam.config);
  const orderOf = new Map(ordered.map((q, position) => [q.id, answerOrders[position]!]));
  const deadline = deadlineOf(exam);
  return {
    id: exam.id,
    practice: {
      code: exam.practiceCode,
      title: practice.title,
      subjectName: practice.subject.name,
    },
    minutes: exam.minutes,
    startedAt: exam.startedAt,
    deadline: deadline ? deadline.toISOString() : null,
    now: now.toISOString(),
    submittedAttemptId: exam.submittedAt ? exam.id : null,
    questions: (revisions as QuestionView[]).map((question) =>
      examQuestion(question, orderOf.get(question.id) ?? [], exam.practiceCode),
    ),
    sheet: exam.sheet,
  };
}
