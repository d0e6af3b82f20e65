import { viRoom } from "#app/i18n/vi/room.ts";

const t = viRoom;

/** The headings a screen change in the room moves focus to (useScreenStart). */
export const ROOM_HEADING_ID = "room-heading";
export const PAUSED_HEADING_ID = "room-paused-heading";

/**
 * The room's top bar: what is being practised, the room's own controls and its clock. On a
 * phone only the controls stay on screen, as one slim line (room.css): the title scrolls away,
 * "Tạm dừng" shows as its icon and the count as its numbers, their words kept for screen readers.
 */
export function RoomBar({
  title,
  label,
  paused,
  onPause,
  children,
}: {
  title: string;
  label: string;
  paused: boolean;
  /** "Tạm dừng"; absent in a mock exam, whose clock never stops. */
  onPause?: () => void;
  children: React.ReactNode;
}) {
  return (
    <div className="room-bar">
      <div className="room-title">
        <h1 id={ROOM_HEADING_ID} tabIndex={-1}>
          {title}
        </h1>
        <p>{label}</p>
      </div>
      <div className="room-controls">
        {children}
        {onPause ? (
          <button type="button" className="button button-secondary room-pause" onClick={onPause}>
            <PauseIcon paused={paused} />
            <span className="room-pause-text">{paused ? t.resume : t.pause}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** While paused the question is out of sight, so pausing cannot buy thinking time. */
export function PausedPanel({ onResume }: { onResume: () => void }) {
  return (
    <section className="room-card room-paused" aria-labelledby={PAUSED_HEADING_ID}>
      <h2 id={PAUSED_HEADING_ID} tabIndex={-1}>
        {t.pausedHeading}
      </h2>
      <p>{t.pausedText}</p>
      <button type="button" className="button button-primary" onClick={onResume}>
        {t.resume}
      </button>
    </section>
  );
}

/** "Đã trả lời 3/10": on a phone the numbers only (the words stay for screen readers). */
export function RoomProgress({
  words,
  done,
  total,
}: {
  words: string;
  done: number;
  total: number;
}) {
  return (
    <p className="room-progress">
      <span className="room-progress-words">{words} </span>
      {done}/{total}
    </p>
  );
}

/** Two bars while the clock runs, a triangle while paused; the button's text names it. */
function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg className="room-pause-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {paused ? (
        <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
      ) : (
        <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
      )}
    </svg>
  );
}
