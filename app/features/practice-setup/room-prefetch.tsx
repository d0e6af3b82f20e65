import { useContext, useEffect, useState } from "react";
import { UNSAFE_FrameworkContext } from "react-router";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";

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
