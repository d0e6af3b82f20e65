import { vi } from "#app/i18n/vi.ts";

const t = vi.pages.practiceControl;

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
  onPause: () => void;
  children: React.ReactNode;
}) {
  return (
    <div className="room-bar">
      <div className="room-title">
        <h1>{title}</h1>
        <p>{label}</p>
      </div>
      <div className="room-controls">
        {children}
        <button type="button" className="button button-secondary" onClick={onPause}>
          {paused ? t.resume : t.pause}
        </button>
      </div>
    </div>
  );
}

/** While paused the question is out of sight, so pausing cannot buy thinking time. */
export function PausedPanel({ onResume }: { onResume: () => void }) {
  return (
    <section className="room-card room-paused" aria-labelledby="room-paused-heading">
      <h2 id="room-paused-heading">{t.pausedHeading}</h2>
      <p>{t.pausedText}</p>
      <button type="button" className="button button-primary" onClick={onResume}>
        {t.resume}
      </button>
    </section>
  );
}
