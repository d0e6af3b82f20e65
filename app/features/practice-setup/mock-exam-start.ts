import { paths } from "#base/paths.ts";
import type { Selection } from "#base/selection.ts";
import { isMathematicsSubject } from "#base/subjects.ts";
import { vi } from "#app/i18n/vi.ts";
import type { RoomIdentity } from "#app/lib/room-setup.ts";

/** The whole-test times a mock exam offers; null is "Tắt" (no limit). */
export const EXAM_MINUTES = [15, 45, 50, 90] as const;
export type ExamMinutes = (typeof EXAM_MINUTES)[number] | null;

/** The exam's time picked first: 90 minutes for mathematics (the real exam's), 50 otherwise. */
export function defaultExamMinutes(subjectCode: string): ExamMinutes {
  return isMathematicsSubject(subjectCode) ? 90 : 50;
}

/**
 * "Bắt đầu thi thử": POST /api/mock-exams with this set-up; the exam's page address, or an
 * Error with the server's Vietnamese reason. The id is the browser's, so a repeat after a lost
 * answer opens the same exam.
 */
export async function startMockExam(body: {
  practiceCode: string;
  selection: Selection;
  minutes: ExamMinutes;
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
  identity: RoomIdentity;
}): Promise<string> {
  const { identity, ...rest } = body;
  let response: Response;
  try {
    response = await fetch(paths.apiMockExams, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: identity.attemptId, seed: identity.seed, ...rest }),
    });
  } catch {
    throw new Error(vi.mockExam.startFailed);
  }
  const answer = (await response.json().catch(() => ({}))) as { url?: unknown; message?: unknown };
  if (response.ok && typeof answer.url === "string") return answer.url;
  throw new Error(typeof answer.message === "string" ? answer.message : vi.mockExam.startFailed);
}
