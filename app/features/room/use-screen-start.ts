import { useEffect, useRef } from "react";

/**
 * A new screen in the room (the next question, the pause panel, the sheet again, the summary)
 * starts at the top of the page with focus on its heading: on a phone the old scroll position
 * would hide the new screen's title and score, and a screen reader starts at the heading.
 * Nothing moves before the stored progress is restored (that is the page load, not a change).
 */
export function useScreenStart(screen: string, headingId: string, ready: boolean) {
  const seen = useRef<{ screen: string; ready: boolean } | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = { screen, ready };
    if (!before || !before.ready || before.screen === screen) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    document.getElementById(headingId)?.focus({ preventScroll: true });
  }, [screen, headingId, ready]);
}
