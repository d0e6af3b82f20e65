import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "#base/paths.ts";
import { forgetStoredExam, writeStoredExam, type SheetAnswer } from "./exam-sheet.ts";

/** How long after a change the sheet goes to the server: a burst of clicks is one request. */
const SEND_AFTER_MS = 1500;
/** How soon a sheet the server did not take is tried again. */
const RETRY_AFTER_MS = 10_000;

const JSON_HEADERS = { "Content-Type": "application/json" };

/** PUT the sheet: taken, refused because the time is up (409), or to be tried again. */
async function putSheet(
  examId: string,
  answers: SheetAnswer[],
): Promise<"ok" | "expired" | "failed"> {
  try {
    const response = await fetch(paths.apiMockExamSheet(examId), {
      method: "PUT",
      headers: JSON_HEADERS,
      body: JSON.stringify({ answers }),
    });
    return response.ok ? "ok" : response.status === 409 ? "expired" : "failed";
  } catch {
    return "failed";
  }
}

/**
 * Keeps the sheet safe: every change is written to the device at once (marked not yet sent),
 * sent to the server a moment later and on leaving the page (keepalive); a lost or refused
 * request leaves it on the device and is tried again. Nothing happens before the device's own
 * copy has been read (`ready`), so it is never overwritten unread.
 */
export function useSheetSync({
  examId,
  storageKey,
  answers,
  flags,
  initiallyPending,
  ready,
  stopped,
  onExpired,
}: {
  examId: string;
  storageKey: string;
  answers: SheetAnswer[];
  flags: number[];
  initiallyPending: boolean;
  ready: boolean;
  /** Submitting: the sheet goes with the submission, not on its own. */
  stopped: () => boolean;
  /** The server says the time is up (409): the exam is submitted now. */
  onExpired: () => void;
}): { offline: boolean } {
  const [offline, setOffline] = useState(false);
  const latest = useRef<{ answers: SheetAnswer[]; flags: number[]; pending: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useCallback(() => {
    async function run(): Promise<void> {
      const sent = latest.current;
      if (!sent?.pending || stopped()) return;
      const outcome = await putSheet(examId, sent.answers);
      if (outcome === "expired") return onExpired();
      setOffline(outcome === "failed");
      if (outcome === "failed") {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void run(), RETRY_AFTER_MS);
      } else if (latest.current?.answers === sent.answers) {
        latest.current = { ...sent, pending: false };
        writeStoredExam(storageKey, latest.current);
      }
    }
    return run();
  }, [examId, storageKey, stopped, onExpired]);

  useEffect(() => {
    if (!ready) return;
    const first = latest.current === null;
    const changed = !first && latest.current!.answers !== answers;
    const pending = first ? initiallyPending : latest.current!.pending || changed;
    latest.current = { answers, flags, pending };
    writeStoredExam(storageKey, latest.current);
    if ((first && pending) || changed) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), first ? 0 : SEND_AFTER_MS);
    }
  }, [ready, answers, flags, initiallyPending, storageKey, send]);

  // Leaving the page (a closed tab, a phone switching apps): what is not sent goes with keepalive.
  useEffect(() => {
    const onLeave = () => {
      if (!latest.current?.pending || stopped()) return;
      void fetch(paths.apiMockExamSheet(examId), {
        method: "PUT",
        headers: JSON_HEADERS,
        body: JSON.stringify({ answers: latest.current.answers }),
        keepalive: true,
      }).catch(() => undefined);
    };
    const onOnline = () => void send();
    window.addEventListener("pagehide", onLeave);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("pagehide", onLeave);
      window.removeEventListener("online", onOnline);
      clearTimeout(timer.current);
    };
  }, [examId, send, stopped]);

  return { offline };
}

export type SubmitStatus = "idle" | "submitting" | "retrying" | "refused";

/**
 * "Nộp bài": the sheet sent once, however often it is asked (a double click, the clock's zero,
 * a 409 on the sheet); retried on a lost connection or a busy server; then the replay. The
 * server stores one attempt per exam, so two tabs end on the same one.
 */
export function useSubmission({
  examId,
  storageKey,
  answers,
  elapsedSeconds,
}: {
  examId: string;
  storageKey: string;
  answers: SheetAnswer[];
  /** Seconds taken so far, on the server's clock. */
  elapsedSeconds: () => number;
}) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [message, setMessage] = useState<string | null>(null);
  const submitting = useRef(false);
  const sheet = useRef(answers);
  useEffect(() => {
    sheet.current = answers;
  }, [answers]);

  const attempt = useCallback(async (): Promise<void> => {
    for (let delay = 2000; ; delay = Math.min(delay * 2, 30_000)) {
      const response = await fetch(paths.apiMockExamSubmit(examId), {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({
          answers: sheet.current,
          totalTime: Math.max(0, Math.round(elapsedSeconds())),
        }),
      }).catch(() => null);
      if (response?.ok) {
        const body = (await response.json()) as { url: string };
        forgetStoredExam(storageKey);
        void navigate(body.url, { replace: true });
        return;
      }
      if (response && response.status < 500 && ![408, 429].includes(response.status)) {
        submitting.current = false;
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        setMessage(typeof body.message === "string" ? body.message : null);
        setStatus("refused");
        return;
      }
      setStatus("retrying");
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }, [examId, storageKey, elapsedSeconds, navigate]);

  const submit = useCallback(() => {
    if (submitting.current) return;
    submitting.current = true;
    setStatus("submitting");
    setMessage(null);
    void attempt();
  }, [attempt]);
  const stopped = useCallback(() => submitting.current, []);
  return { status, message, submit, stopped };
}
