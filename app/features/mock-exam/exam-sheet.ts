import type { QuestionView } from "#db/catalogue.ts";
import type { QuestionKind } from "#engine/types.ts";
import { MOCK_EXAM_KEY_PREFIX } from "#app/lib/storage-keys.ts";

/**
 * The mock exam's sheet in the browser (issue 27, the exam contract): what the student gave
 * each question, in the order shown, in the very shape the server stores and takes back
 * (`[{questionId, selectedAnswerIndexes, response}]`), and the flags "Đánh dấu".
 */

/** A question as the exam page gets it: nothing that gives the answer away. */
export interface ExamQuestionShown {
  id: number;
  idx: number;
  textHtml: string;
  referenceUrl?: string | null;
  keyCount: number;
  kind: QuestionKind;
  answers: readonly { idx: number; html: string }[];
  chapterIdx?: number | null;
  anyKey?: boolean;
}

export interface SheetAnswer {
  questionId: number;
  selectedAnswerIndexes: number[];
  response: string | null;
}

/** What openMockExam gives the exam page. */
export interface ExamShown {
  id: string;
  practice: { code: string; title: string; subjectName: string };
  minutes: number | null;
  startedAt: string;
  deadline: string | null;
  now: string;
  submittedAttemptId: string | null;
  questions: readonly ExamQuestionShown[];
  sheet: readonly SheetAnswer[];
}

/** The room's question block wants a QuestionView: nothing is revealed while answering. */
export function answeringView(question: ExamQuestionShown): QuestionView {
  return {
    id: question.id,
    idx: question.idx,
    chapterIdx: question.chapterIdx ?? null,
    textHtml: question.textHtml,
    explanationHtml: null,
    referenceUrl: null,
    keyCount: question.keyCount,
    anyKey: question.anyKey ?? false,
    kind: question.kind,
    answers: question.answers.map((answer) => ({
      idx: answer.idx,
      html: answer.html,
      isKey: false,
    })),
  };
}

export function blankSheet(questions: readonly ExamQuestionShown[]): SheetAnswer[] {
  return questions.map((question) => ({
    questionId: question.id,
    selectedAnswerIndexes: [],
    response: null,
  }));
}

/**
 * A sheet that fits these questions (same ids in the same order, picks among their answers),
 * else null: a stale or tampered copy is never laid over the exam.
 */
function fittingSheet(
  questions: readonly ExamQuestionShown[],
  sheet: unknown,
): SheetAnswer[] | null {
  if (!Array.isArray(sheet) || sheet.length !== questions.length) return null;
  const fits = questions.every((question, position) => {
    const answer = sheet[position] as Partial<SheetAnswer> | null;
    if (!answer || answer.questionId !== question.id) return false;
    const picks = answer.selectedAnswerIndexes;
    const response = answer.response ?? null;
    return (
      Array.isArray(picks) &&
      picks.every((idx) => question.answers.some((a) => a.idx === idx)) &&
      (response === null || (typeof response === "string" && response.length <= 32))
    );
  });
  return fits
    ? (sheet as SheetAnswer[]).map((answer) => ({
        questionId: answer.questionId,
        selectedAnswerIndexes: [...answer.selectedAnswerIndexes],
        response: answer.response ?? null,
      }))
    : null;
}

/** A pick on a multiple-choice question: one key asked → the pick replaces; several → toggles up to that many. */
export function togglePick(
  question: ExamQuestionShown,
  picks: readonly number[],
  answerIdx: number,
): number[] {
  if (picks.includes(answerIdx)) return picks.filter((idx) => idx !== answerIdx);
  if (question.keyCount <= 1) return [answerIdx];
  if (picks.length >= question.keyCount) return [...picks];
  return [...picks, answerIdx].sort((a, b) => a - b);
}

/** "Đã làm": a pick, one statement marked, or something typed. */
export function isDone(answer: SheetAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.selectedAnswerIndexes.length > 0) return true;
  const response = answer.response?.trim() ?? "";
  return response !== "" && /[^-]/.test(response);
}

/** Where the device keeps an exam in progress: per user and exam. */
export function examStorageKey(userId: string, examId: string): string {
  return `${MOCK_EXAM_KEY_PREFIX}${userId}:${examId}`;
}

export interface StoredExam {
  v: 1;
  answers: SheetAnswer[];
  flags: number[];
  /** The answers changed since the server last acknowledged them. */
  pending: boolean;
}

export function readStoredExam(key: string): StoredExam | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? "null") as Partial<StoredExam> | null;
    if (parsed?.v !== 1 || !Array.isArray(parsed.answers) || !Array.isArray(parsed.flags)) {
      return null;
    }
    return {
      v: 1,
      answers: parsed.answers,
      flags: parsed.flags.filter((n) => Number.isInteger(n)),
      pending: parsed.pending === true,
    };
  } catch {
    return null;
  }
}

export function writeStoredExam(key: string, stored: Omit<StoredExam, "v">): void {
  try {
    localStorage.setItem(key, JSON.stringify({ v: 1, ...stored }));
  } catch {
    // Full or blocked storage: the server's copy is the only one.
  }
}

export function forgetStoredExam(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/**
 * The sheet to start from: the device's own when it holds answers the server has not
 * acknowledged yet (a dropped connection), else the server's, which is at least as new.
 */
export function startingSheet(
  questions: readonly ExamQuestionShown[],
  server: readonly SheetAnswer[],
  stored: StoredExam | null,
): { answers: SheetAnswer[]; flags: number[]; pending: boolean } {
  const local = stored ? fittingSheet(questions, stored.answers) : null;
  const flags = (stored?.flags ?? []).filter((n) => n >= 0 && n < questions.length);
  if (local && stored?.pending) return { answers: local, flags, pending: true };
  const fromServer = fittingSheet(questions, server) ?? local ?? blankSheet(questions);
  return { answers: fromServer, flags, pending: false };
}

/** Milliseconds left before the deadline on the server's clock, from the device's clock and its offset. */
export function msLeft(
  deadline: string | null,
  offsetMs: number,
  deviceNow = Date.now(),
): number | null {
  if (deadline === null) return null;
  return Date.parse(deadline) - (deviceNow + offsetMs);
}
