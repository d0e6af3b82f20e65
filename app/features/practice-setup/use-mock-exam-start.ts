import { useCallback, useState } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { Selection } from "#base/selection.ts";
import type { PracticeInfo } from "#db/catalogue.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import type { RoomIdentity, RoomSetup } from "#app/lib/room-setup.ts";
import { showToast } from "#app/ui/toast.ts";
import {
  defaultExamMinutes,
  deviceExamUrl,
  NoNetworkError,
  startMockExam,
  type ExamMinutes,
} from "./mock-exam-start.ts";

/**
 * "Thi thử" on the set-up page: whether it is chosen, its minutes, and its start: the server's
 * exam (no keys on the page), or, with no network, the exam on the device from this student's
 * download (ADR 0023); else a message. A second press while one start is on its way does nothing.
 */
export function useMockExamStart(practice: PracticeInfo, identity: RoomIdentity) {
  const [choice, setChoice] = useState<{ on: boolean; minutes: ExamMinutes }>(() => ({
    on: false,
    minutes: defaultExamMinutes(practice.subject.code),
  }));
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as { user?: { id: string } | null } | undefined;
  const userId = root?.user?.id ?? "";

  const start = (setup: RoomSetup & { selection: Selection }) => {
    if (starting) return;
    setStarting(true);
    const body = { practiceCode: practice.code, minutes: choice.minutes, identity };
    startMockExam({
      ...body,
      selection: setup.selection,
      shuffleQuestions: setup.shuffleQuestions,
      shuffleAnswers: setup.shuffleAnswers,
    }).then(
      (url) => void navigate(url),
      async (error: Error) => {
        const onDevice =
          error instanceof NoNetworkError ? await deviceExamUrl({ ...body, userId, setup }) : null;
        setStarting(false);
        if (onDevice) {
          void showToast("info", viMockExam.startOffline);
          void navigate(onDevice);
          return;
        }
        const offline = error instanceof NoNetworkError && !navigator.onLine;
        void showToast("error", offline ? viMockExam.needsDownload : error.message);
      },
    );
  };
  const set = useCallback(
    (change: Partial<typeof choice>) => setChoice((current) => ({ ...current, ...change })),
    [],
  );
  return { ...choice, set, starting, start };
}
