import { useSyncExternalStore } from "react";
import { setHtmlPreference, useHtmlData } from "#app/lib/html-preferences.ts";
import { vi } from "#app/i18n/vi.ts";
import { SNOW_COOKIE, SNOW_STORAGE_KEY } from "./season.ts";

/** Shows or hides the snow; the choice is kept in a cookie and local storage. */
export function SnowToggle({ serverSnow }: { serverSnow: "on" | "off" | undefined }) {
  const snow = useHtmlData("snow", serverSnow);
  const on = snow === "on";
  return (
    <button
      type="button"
      className="icon-button snow-toggle"
      aria-pressed={snow === undefined ? undefined : on}
      aria-label={on ? vi.snow.hide : vi.snow.show}
      title={on ? vi.snow.hide : vi.snow.show}
      onClick={() => setHtmlPreference("snow", on ? "off" : "on", SNOW_COOKIE, SNOW_STORAGE_KEY)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M11 2h2v4.6l2.3-2.3 1.4 1.4L13 9.4V11h1.6l3.7-3.7 1.4 1.4-2.3 2.3H22v2h-4.6l2.3 2.3-1.4 1.4-3.7-3.7H13v1.6l3.7 3.7-1.4 1.4-2.3-2.3V22h-2v-4.6l-2.3 2.3-1.4-1.4 3.7-3.7V13H9.4l-3.7 3.7-1.4-1.4L6.6 13H2v-2h4.6L4.3 8.7l1.4-1.4L9.4 11H11V9.4L7.3 5.7l1.4-1.4L11 6.6z"
        />
      </svg>
      <span className="menu-caption" aria-hidden="true">
        {on ? vi.snow.hide : vi.snow.show}
      </span>
    </button>
  );
}

type Song = { stop(): void; finished: Promise<void> };

/**
 * The song is the page's, not a button's: the header and the phone's menu each show a snowman,
 * and both must say whether it plays (they disagreed when each kept its own state).
 */
let song: Song | null = null;
let starting = false;
const listeners = new Set<() => void>();

function setSong(next: Song | null) {
  song = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isPlaying = () => song !== null;

async function toggleSong() {
  if (song) {
    song.stop();
    setSong(null);
    return;
  }
  if (starting) return;
  starting = true;
  try {
    // Loaded on first use: the home page ships no audio code.
    const { playJingleBells } = await import("./snowman-song.ts");
    const current = playJingleBells();
    setSong(current);
    void current.finished.then(() => {
      if (song === current) setSong(null);
    });
  } finally {
    starting = false;
  }
}

/** The snowman plays a carol when clicked; a second click stops it. */
export function SnowmanButton() {
  const playing = useSyncExternalStore(subscribe, isPlaying, () => false);

  return (
    <button
      type="button"
      className="icon-button snowman"
      aria-pressed={playing}
      aria-label={playing ? vi.snow.snowmanStop : vi.snow.snowman}
      title={playing ? vi.snow.snowmanStop : vi.snow.snowman}
      onClick={() => void toggleSong()}
    >
      <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden="true" focusable="false">
        <circle cx="16" cy="22" r="8" fill="#ffffff" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="16" cy="10" r="5.5" fill="#ffffff" stroke="currentColor" strokeWidth="1.5" />
        <path d="M11 4.5h10v1.5H11zM13 0.5h6v4h-6z" fill="currentColor" />
        <circle cx="14" cy="9.5" r="0.9" fill="currentColor" />
        <circle cx="18" cy="9.5" r="0.9" fill="currentColor" />
        <path d="M16 11l3 1-3 0.6z" fill="#e8590c" />
        <circle cx="16" cy="20" r="0.9" fill="currentColor" />
        <circle cx="16" cy="23.5" r="0.9" fill="currentColor" />
        <path d="M11.5 15h9l-1 2h-7z" fill="#c92a2a" />
      </svg>
      <span className="menu-caption" aria-hidden="true">
        {playing ? vi.snow.snowmanStop : vi.snow.snowman}
      </span>
    </button>
  );
}
