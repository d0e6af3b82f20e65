import { useContext, useEffect, useState } from "react";
import { UNSAFE_FrameworkContext, useFetcher } from "react-router";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { requestRoomData } from "#app/lib/room-data-prefetch.ts";

const ROOM_ROUTE = "routes/practice-room";

/**
 * The room's code and styles, fetched while the student is still choosing, so "Bắt đầu" waits
 * only for the questions. Rendered after hydration: the set-up page's own scripts go first.
 */
export function RoomModulePreload() {
  const route = useContext(UNSAFE_FrameworkContext)?.manifest.routes[ROOM_ROUTE];
  const [hydrated, setHydrated] = useState(false);
  // Only after hydration, by design: an effect is the moment the page's own scripts are in.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !route) return null;
  return (
    <>
      {[route.module, ...(route.imports ?? [])].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {/* The room waits for its stylesheets (KaTeX's: its `links`) before it shows. */}
      {[...(route.css ?? []), ...questionStylesheets.map((link) => link.href)].map((href) => (
        <link key={href} rel="prefetch" as="style" href={href} />
      ))}
    </>
  );
}

/** How long the choices must stay as they are before the room's data is asked for. */
const SETTLED_MS = 700;

/**
 * The room's questions, fetched ahead (app/lib/room-data-prefetch.ts): once the student's
 * choices have stayed as they are for a moment, or at once when a mouse or the keyboard reaches
 * for "Bắt đầu". Each choice names another room, so a student trying several tiles asks for the
 * last one only. Returns the handler for "Bắt đầu"'s pointer and focus.
 */
export function useRoomDataPrefetch(nextRoom: string | null, enabled: boolean) {
  const fetcher = useFetcher();
  const { load } = fetcher;
  useEffect(() => {
    if (!enabled || !nextRoom || !navigator.onLine) return;
    const timer = setTimeout(() => requestRoomData(nextRoom, load), SETTLED_MS);
    return () => clearTimeout(timer);
  }, [enabled, nextRoom, load]);
  return (event: React.PointerEvent | React.FocusEvent) => {
    const lead =
      "pointerType" in event
        ? event.pointerType === "mouse"
        : event.currentTarget.matches(":focus-visible");
    if (lead && enabled && nextRoom && navigator.onLine) requestRoomData(nextRoom, load);
  };
}
