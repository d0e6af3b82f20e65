import { useEffect, useRef, useState } from "react";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { showToast } from "#app/ui/toast.ts";
import { msLeft } from "./exam-sheet.ts";

const t = viMockExam;

/** h:mm:ss past an hour, else mm:ss: read at a glance. */
function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** The warnings, by seconds left: said once each, as the time crosses them. */
const WARNINGS = [
  { at: 300, text: t.warnFive },
  { at: 60, text: t.warnOne },
] as const;

/**
 * The exam's countdown, the only part of the page that changes every second. It counts to the
 * SERVER's deadline: `offsetMs` is how far the server's clock is ahead of the device's, so a
 * phone set five minutes wrong still ends on time. At 5 minutes and 1 minute left it says so
 * (a status line and a toast); at zero it calls `onExpire` once.
 */
export function ExamClock({
  deadline,
  offsetMs,
  serverNow,
  onExpire,
}: {
  deadline: string;
  offsetMs: number;
  /** The server's time when the page was made: the first paint's value, the same on both sides. */
  serverNow: string;
  onExpire: () => void;
}) {
  const secondsAt = (left: number | null) => Math.max(0, Math.ceil((left ?? 0) / 1000));
  const [seconds, setSeconds] = useState(() =>
    secondsAt(Date.parse(deadline) - Date.parse(serverNow)),
  );
  const [warning, setWarning] = useState("");
  const warned = useRef<number | null>(null);
  const expired = useRef(false);

  useEffect(() => {
    const tick = () => {
      const left = secondsAt(msLeft(deadline, offsetMs));
      setSeconds(left);
      // The first look only notes where the time stands: a reopened tab is not warned twice.
      if (warned.current === null) warned.current = left;
      const crossed = WARNINGS.find((w) => left <= w.at && warned.current! > w.at);
      if (crossed && left > 0) {
        setWarning(crossed.text);
        void showToast("info", crossed.text, { id: "exam-warning" });
      }
      warned.current = left;
      if (left === 0 && !expired.current) {
        expired.current = true;
        setWarning(t.timeUp);
        onExpire();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline, offsetMs, onExpire]);

  const minutes = Math.floor(seconds / 60);
  return (
    <>
      <p className="room-clock exam-clock" data-kind="countdown" data-urgent={seconds <= 60}>
        <span className="visually-hidden">{t.timeLeftSpoken(minutes, seconds % 60)}</span>
        <span aria-hidden="true">{clockText(seconds)}</span>
      </p>
      <p className="visually-hidden" role="status">
        {warning}
      </p>
    </>
  );
}
