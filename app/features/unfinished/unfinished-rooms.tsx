import { lazy, Suspense, useEffect, useState } from "react";
import { ROOM_KEY_PREFIX } from "#app/lib/storage-keys.ts";

// The list and the room storage it reads are ~5 KB of script that most first visits never show:
// they load only once this device holds a room in progress (issue 29).
const UnfinishedRoomList = lazy(() => import("./unfinished-room-list.tsx"));

/**
 * "Làm tiếp bài đang dở": the rooms this device's student left with answers in them (of one
 * practice on its set-up page, all of them on the home page). The list lives on the device, so
 * the server renders nothing and it appears once the page runs.
 */
export function UnfinishedRooms({ practiceCode }: { practiceCode?: string }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const check = () => setHeld(deviceHoldsARoom());
    check();
    // A room saved in another tab while this page is open.
    window.addEventListener("storage", check);
    return () => window.removeEventListener("storage", check);
  }, [held]);
  if (!held) return null;
  return (
    <Suspense fallback={null}>
      <UnfinishedRoomList practiceCode={practiceCode} />
    </Suspense>
  );
}

function deviceHoldsARoom(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith(ROOM_KEY_PREFIX)) return true;
    }
  } catch {
    // Storage refused (private mode, a policy): there is nothing to list.
  }
  return false;
}
