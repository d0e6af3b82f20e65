import { useCallback, useRef, useState } from "react";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { AnswerPanel, PANEL_ID } from "./answer-panel.tsx";
import { ExamClock } from "./exam-clock.tsx";
import { ExamQuestion, type RenderChoice } from "./exam-question.tsx";
import { isDone, type ExamShown } from "./exam-sheet.ts";
import { useExamAnswers } from "./use-exam-answers.ts";
import { useSheetSync, useSubmission, type SubmitStatus } from "./use-exam-sync.ts";

const t = viMockExam;

const EXAM_HEADING_ID = "exam-heading";

/**
 * "Thi thử": one sheet of every question, nothing revealed until submission; a sticky bar
 * with the countdown to the server's deadline, how many are done, "Phiếu trả lời" and "Nộp bài";
 * the sheet kept on the device and on the server as it changes; submitted at zero.
 */
export function MockExamScreen({
  exam,
  userId,
  renderChoice,
}: {
  exam: ExamShown;
  userId: string;
  /** The room's question block for multiple choice, composed by the route. */
  renderChoice: RenderChoice;
}) {
  const sheet = useExamAnswers(exam, userId);
  // How far the server's clock is ahead of this device's, fixed when the page is built.
  const [offsetMs] = useState(() => Date.parse(exam.now) - Date.now());
  const [panelOpen, setPanelOpen] = useState(false);
  const confirm = useRef<HTMLDialogElement>(null);
  const elapsedSeconds = useCallback(() => {
    const seconds = (Date.now() + offsetMs - Date.parse(exam.startedAt)) / 1000;
    return exam.minutes === null ? seconds : Math.min(seconds, exam.minutes * 60);
  }, [offsetMs, exam.startedAt, exam.minutes]);
  const submission = useSubmission({
    examId: exam.id,
    storageKey: sheet.storageKey,
    answers: sheet.answers,
    elapsedSeconds,
  });
  const { offline } = useSheetSync({
    examId: exam.id,
    storageKey: sheet.storageKey,
    answers: sheet.answers,
    flags: sheet.flags,
    initiallyPending: sheet.pending,
    ready: sheet.ready,
    stopped: submission.stopped,
    onExpired: submission.submit,
  });
  const total = sheet.answers.length;
  const unanswered = sheet.answers.filter((answer) => !isDone(answer)).length;
  const busy = submission.status === "submitting" || submission.status === "retrying";
  const closePanel = useCallback(() => setPanelOpen(false), []);

  return (
    <div className="room exam" data-mode="flat">
      <div className="room-bar exam-bar">
        <div className="room-title">
          <h1 id={EXAM_HEADING_ID} tabIndex={-1}>
            {exam.practice.title}
          </h1>
          <p>{t.title}</p>
        </div>
        <div className="room-controls">
          <p className="room-progress">{t.answeredCount(total - unanswered, total)}</p>
          {exam.deadline ? (
            <ExamClock
              deadline={exam.deadline}
              offsetMs={offsetMs}
              serverNow={exam.now}
              onExpire={submission.submit}
            />
          ) : (
            <p className="exam-no-timer">{t.noTimer}</p>
          )}
          <button
            type="button"
            className="button button-secondary exam-panel-toggle"
            aria-expanded={panelOpen}
            aria-controls={PANEL_ID}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {t.panelToggle}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => confirm.current?.showModal()}
          >
            {busy ? t.submitting : t.submit}
          </button>
        </div>
        <SyncNotice status={submission.status} message={submission.message} offline={offline} />
      </div>
      <div className="flat-layout exam-layout">
        <AnswerPanel
          answers={sheet.answers}
          flags={sheet.flags}
          numbers={sheet.numbers}
          open={panelOpen}
          onJump={closePanel}
        />
        <ol className="sheet">
          {exam.questions.map((question, position) => (
            <ExamQuestion
              key={question.id}
              view={sheet.views[position]!}
              number={sheet.numbers[position]!}
              position={position}
              answer={sheet.answers[position]!}
              flagged={sheet.flags.includes(position)}
              onToggle={sheet.onToggle}
              onRespond={sheet.onRespond}
              onFlag={sheet.onFlag}
              renderChoice={renderChoice}
            />
          ))}
        </ol>
      </div>
      <dialog ref={confirm} className="confirm-dialog" aria-labelledby="confirm-submit-title">
        <form method="dialog">
          <h2 id="confirm-submit-title">{t.confirmTitle}</h2>
          <p>{t.confirmText(unanswered)}</p>
          <div className="confirm-actions">
            <button type="submit" className="button button-secondary" autoFocus>
              {t.keepGoing}
            </button>
            <button type="submit" className="button button-primary" onClick={submission.submit}>
              {t.submit}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

/** Where the sheet stands, said only when it matters: not sent yet, submitting, refused. */
function SyncNotice({
  status,
  message,
  offline,
}: {
  status: SubmitStatus;
  message: string | null;
  offline: boolean;
}) {
  const text =
    status === "submitting"
      ? t.submitting
      : status === "retrying"
        ? t.submitRetry
        : status === "refused"
          ? (message ?? t.submitRefused)
          : offline
            ? t.savedLocally
            : "";
  return (
    <p
      className="exam-sync"
      role="status"
      data-status={offline && status === "idle" ? "offline" : status}
    >
      {text}
    </p>
  );
}
