import { paths } from "#base/paths.ts";
import type { Selection } from "#base/selection.ts";
import { isMathematicsSubject } from "#base/subjects.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import type { MOCK_EXAM_MINUTES } from "#base/limits.ts";
import { roomUrl, type RoomIdentity, type RoomSetup } from "#app/lib/room-setup.ts";

/** One of the whole-test times a mock exam offers (MOCK_EXAM_MINUTES); null is "Tắt". */
export type ExamMinutes = (typeof MOCK_EXAM_MINUTES)[number] | null;

/** The server could not be reached: the exam may still be taken on the device. */
export class NoNetworkError extends Error {}

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
  if (!navigator.onLine) throw new NoNetworkError(viMockExam.startFailed);
  try {
    response = await fetch(paths.apiMockExams, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: identity.attemptId, seed: identity.seed, ...rest }),
    });
  } catch {
    throw new NoNetworkError(viMockExam.startFailed);
  }
  const answer = (await response.json().catch(() => ({}))) as { url?: unknown; message?: unknown };
  if (response.ok && typeof answer.url === "string") return answer.url;
  throw new Error(typeof answer.message === "string" ? answer.message : viMockExam.startFailed);
}

/**
 * With no network, a practice downloaded by this student is taken as a mock exam on the
 * device (ADR 0023): the room's address for it (one sheet, no per-question timers, the exam's
 * minutes, 0 for "Tắt"), or null when this student has not downloaded it.
 */
export async function deviceExamUrl(body: {
  practiceCode: string;
  userId: string;
  setup: RoomSetup & { selection: Selection };
  minutes: ExamMinutes;
  identity: RoomIdentity;
}): Promise<string | null> {
  const { readPractice } = await import("#app/lib/device-store.ts");
  const downloaded = await readPractice(body.practiceCode).catch(() => undefined);
  if (!downloaded || !body.userId || downloaded.userId !== body.userId) return null;
  return roomUrl(
    body.practiceCode,
    {
      ...body.setup,
      practiceType: "FLAT",
      maxQuestionTime: "OFF",
      maxResultTime: "OFF",
      examMinutes: body.minutes ?? 0,
    },
    body.identity,
  );
}
