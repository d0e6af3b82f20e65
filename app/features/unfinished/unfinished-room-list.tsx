import { useMemo, useRef, useSyncExternalStore } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { vi } from "#app/i18n/vi.ts";
import {
  forgetRoom,
  listUnfinishedRooms,
  subscribeToRooms,
  type UnfinishedRoom,
} from "#app/lib/room-storage.ts";
import { showToast } from "#app/ui/toast.ts";

const t = vi.unfinished;
const NONE = "[]";

/**
 * The list of "Làm tiếp bài đang dở" (see unfinished-rooms.tsx, which loads this module only
 * when the device holds a room): each room with where it stood and how long it took so far,
 * "Làm tiếp" (the room's own address, which rebuilds it and lays its progress back) and
 * "Bỏ bài này".
 */
export default function UnfinishedRoomList({ practiceCode }: { practiceCode?: string }) {
  const owner =
    (useRouteLoaderData("root") as { user?: { id: string } | null } | undefined)?.user?.id ?? "";
  // A string snapshot: equal lists compare equal, so storage writes elsewhere re-render nothing.
  const snapshot = useSyncExternalStore(
    subscribeToRooms,
    () => JSON.stringify(listUnfinishedRooms(owner, practiceCode)),
    () => NONE,
  );
  const rooms = useMemo(() => JSON.parse(snapshot) as UnfinishedRoom[], [snapshot]);
  const heading = useRef<HTMLHeadingElement>(null);
  if (rooms.length === 0) return null;

  const discard = (room: UnfinishedRoom) => {
    forgetRoom(room.attemptId);
    void showToast("info", t.discarded);
    // The button is gone with its row: keep the keyboard's place at the list.
    heading.current?.focus();
  };
  return (
    <section className="card unfinished" aria-labelledby="unfinished-heading">
      <h2 id="unfinished-heading" ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      <ul className="unfinished-list">
        {rooms.map((room) => (
          <li key={room.attemptId} className="unfinished-room">
            <div className="unfinished-text">
              {practiceCode === undefined ? (
                <span className="unfinished-title">{room.title}</span>
              ) : null}
              <span>{room.label}</span>
              <span className="muted">
                {room.flat
                  ? t.answeredOf(room.position, room.questionCount)
                  : t.atQuestion(room.position, room.questionCount)}
                {" · "}
                {t.time(room.seconds)}
              </span>
            </div>
            <div className="unfinished-actions">
              <Link
                className="button button-primary"
                to={room.href}
                aria-label={t.resumeLabel(room.title)}
              >
                {t.resume}
              </Link>
              <button
                type="button"
                className="button button-secondary"
                aria-label={t.discardLabel(room.title)}
                onClick={() => discard(room)}
              >
                {t.discard}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
