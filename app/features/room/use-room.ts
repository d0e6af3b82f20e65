import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { QuestionView } from "#db/catalogue.ts";
import { createRoom, reduceRoom } from "#engine/room.ts";
import type { RoomAction, RoomConfig, RoomState } from "#engine/types.ts";
import { showToast } from "#app/ui/toast.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import {
  forgetRoom,
  progressOf,
  pruneRooms,
  readRoom,
  restoreProgress,
  writeRoom,
  type ResumeInfo,
  type SaveState,
} from "#app/lib/room-storage.ts";

export type Room = RoomState<QuestionView>;
type Action = RoomAction | { type: "restore"; state: Room };

function reducer(state: Room, action: Action): Room {
  return action.type === "restore" ? action.state : reduceRoom(state, action);
}

interface UseRoomOptions {
  questions: QuestionView[];
  config: RoomConfig;
  attemptId: string;
  contentVersion: number;
  /** How "Làm tiếp bài đang dở" lists and reopens this room; absent: it is not listed. */
  resume?: ResumeInfo;
}

/**
 * The room's state: the engine's reducer, laid over with the progress stored for this attempt
 * (after hydration, so the server-rendered first question and the browser's first render agree),
 * written back on every change, and ticked once a second while the page is visible, the room is
 * not paused and not finished: a hidden tab's countdown stands still (it resumes when shown).
 */
export function useRoom({ questions, config, attemptId, contentVersion, resume }: UseRoomOptions) {
  const [state, dispatch] = useReducer(reducer, null, () => createRoom(questions, config));
  const [restored, setRestored] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>("unsaved");
  const [visible, setVisible] = useState(true);
  const initial = useRef(state);

  useEffect(() => {
    pruneRooms();
    const stored = readRoom(attemptId);
    if (stored && stored.contentVersion !== contentVersion) {
      forgetRoom(attemptId);
      void showToast("info", viRoom.contentChanged);
    } else if (stored) {
      const next = restoreProgress(initial.current, stored.progress);
      if (next) {
        dispatch({ type: "restore", state: next });
        setSaveState(stored.save);
      }
    }
    // Browser storage exists only after hydration: reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(true);
  }, [attemptId, contentVersion]);

  useEffect(() => {
    if (!restored) return;
    writeRoom(attemptId, {
      contentVersion,
      save: saveState,
      progress: progressOf(state),
      ...(resume ? { resume } : {}),
    });
  }, [restored, attemptId, contentVersion, saveState, state, resume]);

  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);

  const running = restored && visible && !state.paused && state.finished === null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => dispatch({ type: "tick" }), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const markSaved = useCallback(() => setSaveState("saved"), []);
  return {
    state,
    dispatch: dispatch as (action: RoomAction) => void,
    restored,
    saveState,
    markSaved,
  };
}
