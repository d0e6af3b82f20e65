import { vi } from "#app/i18n/vi.ts";

const t = vi.room;

/** The headings a screen change in the room moves focus to (useScreenStart). */
export const ROOM_HEADING_ID = "room-heading";
export const PAUSED_HEADING_ID = "room-paused-heading";

/** The room's top bar: what is being practised, the room's own controls and its clock. */
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
          <button type="button" className="button button-secondary" onClick={onPause}>
            {paused ? t.resume : t.pause}
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
