import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "#base/paths.ts";
import { forgetStoredExam, writeStoredExam, type SheetAnswer } from "./exam-sheet.ts";

/** How long after a change the sheet goes to the server: a burst of clicks is one request. */
const SEND_AFTER_MS = 1500;
/** How soon a sheet the server did not take is tried again. */
const RETRY_AFTER_MS = 10_000;

export type SyncStatus = "saved" | "pending" | "offline" | "submitting" | "submitRetry" | "refused";

interface Sync {
  status: SyncStatus;
  message: string | null;
  submit: () => void;
}

const sheetUrl = paths.apiMockExamSheet;
const submitUrl = paths.apiMockExamSubmit;

async function refusalMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the sheet safe: every change is written to the device at once (marked not yet sent),
 * sent to the server a moment later and on leaving the page (keepalive); a refused or lost
 * request leaves it on the device and is tried again. "Nộp bài" sends the sheet once, however
 * often it is asked (a double click, the clock's zero): the server stores one attempt per exam.
 */
export function useExamSync({
  examId,
  storageKey,
  answers,
  flags,
  initiallyPending,
  ready,
  elapsedSeconds,
  onExpired,
}: {
  examId: string;
  storageKey: string;
  answers: SheetAnswer[];
  flags: number[];
  initiallyPending: boolean;
  /** The device's copy has been read: from now on every change is kept. */
  ready: boolean;
  /** Seconds taken so far, on the server's clock (sent with the submission). */
  elapsedSeconds: () => number;
  /** The server says the time is up (409): the exam is submitted now. */
  onExpired: () => void;
}): Sync {
  const navigate = useNavigate();
  const [status, setStatus] = useState<SyncStatus>("saved");
  const [message, setMessage] = useState<string | null>(null);
  const latest = useRef({ answers, flags, pending: initiallyPending, version: 0 });
  const submitting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const first = useRef(true);

  const schedule = useCallback((ms: number, send: () => void) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(send, ms);
  }, []);

  const sendSheet = useCallback(async () => {
    const { answers: sent, version } = latest.current;
    if (submitting.current || !latest.current.pending) return;
    let response: Response;
    try {
      response = await fetch(sheetUrl(examId), {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: sent }),
      });
    } catch {
      setStatus("offline");
      schedule(RETRY_AFTER_MS, () => void sendSheet());
      return;
    }
    if (response.ok) {
      if (latest.current.version === version) {
        latest.current.pending = false;
        writeStoredExam(storageKey, { answers: sent, flags: latest.current.flags, pending: false });
        if (!submitting.current) setStatus("saved");
      }
      return;
    }
    if (response.status === 409) return onExpired();
    setStatus("offline");
    schedule(RETRY_AFTER_MS, () => void sendSheet());
  }, [examId, storageKey, schedule, onExpired]);

  // Every change: on the device at once, to the server a moment later. Nothing before the
  // device's own copy has been read (`ready`), so it is never overwritten unread.
  useEffect(() => {
    if (!ready) return;
    if (first.current) {
      first.current = false;
      latest.current = { answers, flags, pending: initiallyPending, version: 0 };
      writeStoredExam(storageKey, { answers, flags, pending: initiallyPending });
      if (initiallyPending) {
        setStatus("pending");
        schedule(0, () => void sendSheet());
      }
      return;
    }
    const answersChanged = latest.current.answers !== answers;
    const pending = latest.current.pending || answersChanged;
    latest.current = {
      answers,
      flags,
      pending,
      version: latest.current.version + (answersChanged ? 1 : 0),
    };
    writeStoredExam(storageKey, { answers, flags, pending });
    if (answersChanged && !submitting.current) {
      setStatus("pending");
      schedule(SEND_AFTER_MS, () => void sendSheet());
    }
  }, [ready, answers, flags, initiallyPending, storageKey, schedule, sendSheet]);

  // Leaving the page (a closed tab, a phone switching apps): what is not sent goes with keepalive.
  useEffect(() => {
    const onLeave = () => {
      if (!latest.current.pending || submitting.current) return;
      void fetch(sheetUrl(examId), {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ answers: latest.current.answers }),
        keepalive: true,
      }).catch(() => undefined);
    };
    const onOnline = () => void sendSheet();
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("online", onOnline);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [examId, sendSheet]);

  const sendSubmission = useCallback(
    async (delay: number): Promise<void> => {
      let response: Response | null = null;
      try {
        response = await fetch(submitUrl(examId), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            answers: latest.current.answers,
            totalTime: Math.max(0, Math.round(elapsedSeconds())),
          }),
        });
      } catch {
        response = null;
      }
      if (response?.ok) {
        const body = (await response.json()) as { url: string };
        forgetStoredExam(storageKey);
        void navigate(body.url, { replace: true });
        return;
      }
      if (
        response &&
        response.status >= 400 &&
        response.status < 500 &&
        ![408, 429].includes(response.status)
      ) {
        submitting.current = false;
        setMessage(await refusalMessage(response));
        setStatus("refused");
        return;
      }
      setStatus("submitRetry");
      setTimeout(() => void sendSubmission(Math.min(delay * 2, 30_000)), delay);
    },
    [examId, storageKey, elapsedSeconds, navigate],
  );

  const submit = useCallback(() => {
    if (submitting.current) return;
    submitting.current = true;
    if (timer.current) clearTimeout(timer.current);
    setStatus("submitting");
    setMessage(null);
    void sendSubmission(2000);
  }, [sendSubmission]);

  return { status, message, submit };
}
