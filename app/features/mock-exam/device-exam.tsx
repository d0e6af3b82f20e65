import { useEffect, useState } from "react";
import { isMathematicsSubject } from "#base/subjects.ts";
import type { QuestionView } from "#db/catalogue.ts";
import { examScore } from "#engine/exam-score.ts";
import type { RoomSummary } from "#engine/types.ts";
import { ExamClock } from "./exam-clock.tsx";
import { ExamResult } from "#app/ui/exam-result.tsx";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { MOCK_EXAM_KEY_PREFIX } from "#app/lib/storage-keys.ts";

/**
 * A mock exam taken on the device from a downloaded practice, with no network (ADR 0023): the
 * flat sheet with the exam's clock, graded on the device (its keys are there, as in the offline
 * room) and marked "làm offline". Its clock runs from the moment it was first opened, kept per
 * student and attempt, so a closed and reopened tab ends on time.
 */

const startKey = (userId: string, attemptId: string) =>
  `${MOCK_EXAM_KEY_PREFIX}${userId}:${attemptId}:start`;

/** When this exam started (ms), stored at its first opening; null until storage is read. */
function useStartedAt(userId: string, attemptId: string): number | null {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  useEffect(() => {
    const key = startKey(userId, attemptId);
    let started = Number.NaN;
    try {
      started = Number(localStorage.getItem(key) ?? Number.NaN);
      if (!Number.isFinite(started) || started > Date.now()) {
        started = Date.now();
        localStorage.setItem(key, String(started));
      }
    } catch {
      // Blocked storage: the clock runs from this opening.
      started = Date.now();
    }
    // Browser storage exists only after hydration: reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStartedAt(started);
  }, [userId, attemptId]);
  return startedAt;
}

/** The start is only needed while the exam runs: dropped once it is handed in. */
function forgetStart(userId: string, attemptId: string) {
  try {
    localStorage.removeItem(startKey(userId, attemptId));
  } catch {
    // Nothing stored.
  }
}

/**
 * The device exam's clock in the sheet's bar, drawn once the room's progress is back (so
 * nothing is handed in before it): a countdown to its start plus the minutes, handing the sheet
 * in at zero, or "Không giới hạn thời gian" for "Tắt".
 */
export function DeviceExamClock({
  minutes,
  userId,
  attemptId,
  onExpire,
}: {
  minutes: number;
  userId: string;
  attemptId: string;
  onExpire: () => void;
}) {
  const startedAt = useStartedAt(userId, attemptId);
  const [now] = useState(() => new Date().toISOString());
  if (minutes === 0) return <p className="exam-no-timer">{viMockExam.noTimer}</p>;
  if (startedAt === null) return null;
  return (
    <ExamClock
      deadline={new Date(startedAt + minutes * 60_000).toISOString()}
      offsetMs={0}
      serverNow={now}
      onExpire={onExpire}
    />
  );
}

/**
 * The device exam's score on 10 and its parts, under "Số câu đúng", marked "làm offline". Shown
 * once the sheet is handed in: the stored start is no longer needed.
 */
export function DeviceExamResult({
  summary,
  questions,
  subjectCode,
  minutes,
  userId,
  attemptId,
}: {
  summary: RoomSummary;
  questions: ReadonlyMap<number, QuestionView>;
  subjectCode: string;
  minutes: number;
  userId: string;
  attemptId: string;
}) {
  useEffect(() => forgetStart(userId, attemptId), [userId, attemptId]);
  const answered = summary.results.flatMap((result) => {
    const question = questions.get(result.questionId);
    return question ? [{ question, result }] : [];
  });
  const score = examScore(
    answered.map((pair) => pair.question),
    answered.map((pair) => pair.result),
    isMathematicsSubject(subjectCode),
  );
  return <ExamResult result={score} minutes={minutes} offline />;
}
