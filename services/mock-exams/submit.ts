import type { Kysely } from "kysely";
import { paths } from "#base/paths.ts";
import { selectionLabel } from "#base/selection-label.ts";
import { markMockExamSubmitted, type MockExam } from "#db/mock-exams.ts";
import { findVisiblePractice, listChapterTitles, type StoredRevision } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { MAX_TOTAL_TIME } from "#engine/submission.ts";
import {
  refuse as refuseSave,
  storeOnce,
  type AttemptSource,
  type CommonSubmission,
} from "#services/attempts/store.ts";
import {
  answerOrdersOf,
  examRevisions,
  findOpenableExam,
  fitsSheet,
  isPastGrace,
  sheetOf,
} from "./exam.ts";
import { refuse, submitSchema, type Refusal } from "./wire.ts";

/**
 * "Nộp bài" (POST /api/mock-exams/:id/submit), by the student or by the page at zero. Scored on
 * the server from the stored keys and saved once, as an attempt of the exam's id, through the
 * one save path of every attempt (services/attempts/store.ts), so it shows in the history like
 * any other. After the deadline and its grace, what the page sends is ignored: the sheet last
 * stored in time is the answer. Submitting again answers the attempt already saved.
 */

export type SubmitResult = { ok: true; attemptId: string; url: string } | Refusal;

type ExamSubmission = CommonSubmission & { exam: MockExam };

/** The exam's questions, pinned in its sheet; the practice as the save records it. */
const examSource: AttemptSource<ExamSubmission, "PRACTICE_NOT_FOUND" | "BAD_ANSWERS"> = {
  review: false,
  async open(db, userId, { exam }) {
    const practice = await findVisiblePractice(db, exam.practiceCode, userId);
    if (!practice || practice.id !== exam.practiceId) return refuseSave("PRACTICE_NOT_FOUND");
    const revisions = await examRevisions(db, exam);
    if (!revisions) return refuseSave("BAD_ANSWERS");
    return {
      revisions,
      practice,
      selection: exam.selection,
      describe: async () => {
        const chapters = await listChapterTitles(db, practice.id);
        return selectionLabel(exam.selection, { questionCount: practice.questionCount, chapters });
      },
      examMinutes: exam.minutes ?? 0,
    };
  },
};

/**
 * The seconds the exam took: what the page counted, never more than the server's clock says
 * has passed since the start, nor more than the time allowed.
 */
function timeTaken(exam: MockExam, sent: number, now: Date, late: boolean): number {
  const elapsed = Math.max(0, Math.floor((now.getTime() - Date.parse(exam.startedAt)) / 1000));
  const allowed = exam.minutes === null ? MAX_TOTAL_TIME : exam.minutes * 60;
  const counted = late ? elapsed : Math.min(sent, elapsed);
  return Math.min(counted, allowed, MAX_TOTAL_TIME);
}

export async function submitMockExam(
  db: Kysely<DB>,
  userId: string,
  id: string,
  input: unknown,
  now: Date,
): Promise<SubmitResult> {
  const parsed = submitSchema.safeParse(input);
  if (!parsed.success) return refuse("BAD_REQUEST");
  const exam = await findOpenableExam(db, userId, id);
  if (!exam) return refuse("NOT_FOUND");
  const late = isPastGrace(exam, now);
  const revisions: StoredRevision[] | null = await examRevisions(db, exam);
  if (!revisions) return refuse("NOT_FOUND");
  // In time, the page's answers; late (or already saved), the sheet stored in time.
  const fresh = !late && !exam.submittedAt;
  if (fresh && !fitsSheet(exam, revisions, parsed.data.answers)) return refuse("BAD_ANSWERS");
  const answers = fresh ? sheetOf(parsed.data.answers) : exam.sheet;
  const stored = await storeOnce(
    db,
    userId,
    {
      exam,
      id: exam.id,
      config: exam.config,
      answers,
      answerOrders: exam.config.shuffleAnswers ? answerOrdersOf(revisions, exam) : null,
      totalTime: timeTaken(exam, parsed.data.totalTime, now, late),
    },
    examSource,
    now,
  );
  if (!stored.ok) {
    return refuse(stored.refusal === "PRACTICE_NOT_FOUND" ? "NOT_FOUND" : "BAD_ANSWERS");
  }
  await markMockExamSubmitted(db, userId, exam.id, now);
  return { ok: true, attemptId: stored.attempt.id, url: paths.history({ id: stored.attempt.id }) };
}
