import { viRoom } from "#app/i18n/vi/room.ts";

const t = viRoom;

/** mm:ss, the way a countdown or an elapsed time is read at a glance. */
function clockText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * The only part of the room that changes every second. A countdown is announced to screen
 * readers at 10 s and 5 s only (every second would drown everything else out).
 */
export function RoomClock({
  countdown,
  elapsed,
}: {
  /** Seconds left, or null when the current phase has no countdown (OFF, or FLAT). */
  countdown: number | null;
  elapsed: number;
}) {
  if (countdown === null) {
    return (
      <p className="room-clock" data-kind="elapsed">
        <span className="visually-hidden">{t.elapsed}: </span>
        <time>{clockText(elapsed)}</time>
      </p>
    );
  }
  const urgent = countdown <= 5;
  return (
    <>
      <p className="room-clock" data-kind="countdown" data-urgent={urgent}>
        <span className="visually-hidden">{t.timeLeft(countdown)}</span>
        <span aria-hidden="true">{clockText(countdown)}</span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {countdown === 10 || countdown === 5 ? t.timeLeft(countdown) : ""}
      </p>
    </>
  );
}
