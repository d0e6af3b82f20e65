import { responseFits } from "#engine/responses.ts";
import type { EngineQuestion, ResultItem, RoomState, RoomSummary } from "#engine/types.ts";
import { ROOM_KEY_PREFIX } from "#app/lib/storage-keys.ts";

/**
 * A room's progress in the browser, under its attempt id, so a refresh, a reopened tab or a
 * phone that killed the browser comes back to the same question, and a finished
 * attempt that could not be saved yet is sent when the page opens again.
 *
 * Only progress is stored: the questions, their order and the config are rebuilt from the URL
 * and the server, and the content version says whether that rebuild still matches.
 */
const PREFIX = ROOM_KEY_PREFIX;
const MAX_ROOMS = 20;
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type SaveState = "unsaved" | "saved";

export interface StoredRoom {
  v: 1;
  contentVersion: number;
  savedAt: number;
  save: SaveState;
  progress: Progress;
}

/** The engine state that is progress; the rest (questions, order, config) is rebuilt. */
const PROGRESS_KEYS = [
  "currentIndex",
  "selections",
  "responses",
  "resultShown",
  "questionCountdown",
  "resultCountdown",
  "paused",
  "totalTime",
  "answerSeconds",
  "results",
  "finished",
] as const satisfies readonly (keyof RoomState)[];

type Progress = Pick<RoomState, (typeof PROGRESS_KEYS)[number]>;

export function progressOf(state: RoomState): Progress {
  return Object.fromEntries(PROGRESS_KEYS.map((key) => [key, state[key]])) as Progress;
}

export function writeRoom(attemptId: string, room: Omit<StoredRoom, "v" | "savedAt">): void {
  try {
    localStorage.setItem(
      PREFIX + attemptId,
      JSON.stringify({ v: 1, savedAt: Date.now(), ...room } satisfies StoredRoom),
    );
  } catch {
    // Full or blocked storage: the room goes on, it just cannot survive a refresh.
  }
}

export function readRoom(attemptId: string): StoredRoom | null {
  try {
    const raw = localStorage.getItem(PREFIX + attemptId);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredRoom>) : null;
    return parsed?.v === 1 && parsed.progress && typeof parsed.contentVersion === "number"
      ? (parsed as StoredRoom)
      : null;
  } catch {
    return null;
  }
}

export function forgetRoom(attemptId: string): void {
  try {
    localStorage.removeItem(PREFIX + attemptId);
  } catch {
    // Nothing to do: it will age out.
  }
}

/** Keeps storage bounded: rooms older than 30 days go, then the oldest beyond 20. */
export function pruneRooms(now = Date.now()): void {
  try {
    const rooms: { key: string; savedAt: number }[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      let savedAt = 0;
      try {
        savedAt =
          (JSON.parse(localStorage.getItem(key) ?? "{}") as { savedAt?: number }).savedAt ?? 0;
      } catch {
        // Unreadable: oldest of all.
      }
      rooms.push({ key, savedAt });
    }
    rooms.sort((a, b) => b.savedAt - a.savedAt);
    rooms.forEach((room, rank) => {
      if (rank >= MAX_ROOMS || now - room.savedAt > MAX_AGE_MS) localStorage.removeItem(room.key);
    });
  } catch {
    // Blocked storage: nothing stored, nothing to prune.
  }
}

/**
 * The fresh room with the stored progress laid over it, or null when the stored progress does
 * not fit this room (another number of questions, a pick that is not an answer, a bad index):
 * a stale or tampered entry restarts the room instead of breaking it.
 */
export function restoreProgress<Q extends EngineQuestion>(
  fresh: RoomState<Q>,
  progress: Progress,
): RoomState<Q> | null {
  const count = fresh.order.length;
  const int = (value: unknown, min: number, max: number) =>
    typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
  const countdown = (value: unknown) => value === null || int(value, 0, 3600);
  const answerIdxsAt = (position: number) =>
    new Set(fresh.answerOrders[position] ?? ([] as readonly number[]));
  const picksFit = (picks: unknown, position: number) =>
    Array.isArray(picks) && picks.every((idx) => answerIdxsAt(position).has(idx as number));
  const questionAtPosition = (position: number) => fresh.questions[fresh.order[position] ?? -1];
  // A Đúng/Sai question's marks of its length, a short answer of bounded length, none for the rest.
  const responseFitsAt = (response: unknown, position: number) => {
    const question = questionAtPosition(position);
    return question !== undefined && responseFits(question, response);
  };
  const resultFits = (result: ResultItem | null, position: number) =>
    result === null ||
    (result.questionId === questionAtPosition(position)?.id &&
      picksFit(result.selectedAnswerIndexes, position) &&
      typeof result.rightAnswer === "boolean" &&
      responseFitsAt(result.response, position));
  // Absent in what a page from before issue 27 stored: the fresh nulls stay.
  const responsesFit = (responses: unknown) =>
    responses === undefined ||
    (Array.isArray(responses) &&
      responses.length === count &&
      responses.every((response, position) => responseFitsAt(response, position)));
  // Absent in what a page from before per-answer times stored: the fresh zeros stay.
  const secondsFit = (seconds: unknown) =>
    seconds === undefined ||
    (Array.isArray(seconds) &&
      seconds.length === count &&
      seconds.every((s) => int(s, 0, Number.MAX_SAFE_INTEGER)));
  const summaryFits = (summary: RoomSummary | null) =>
    summary === null ||
    (Array.isArray(summary.results) &&
      summary.results.length === count &&
      summary.results.every((result, position) => resultFits(result, position)) &&
      int(summary.numberOfRight, 0, count) &&
      int(summary.totalTime, 0, Number.MAX_SAFE_INTEGER) &&
      (summary.answerSeconds === null || secondsFit(summary.answerSeconds)));
  if (
    !int(progress.currentIndex, 0, count - 1) ||
    !Array.isArray(progress.selections) ||
    progress.selections.length !== count ||
    !progress.selections.every(picksFit) ||
    !responsesFit(progress.responses) ||
    !Array.isArray(progress.results) ||
    progress.results.length !== count ||
    !progress.results.every(resultFits) ||
    typeof progress.resultShown !== "boolean" ||
    typeof progress.paused !== "boolean" ||
    !countdown(progress.questionCountdown) ||
    !countdown(progress.resultCountdown) ||
    !int(progress.totalTime, 0, Number.MAX_SAFE_INTEGER) ||
    !secondsFit(progress.answerSeconds) ||
    !summaryFits(progress.finished)
  ) {
    return null;
  }
  return {
    ...fresh,
    ...progress,
    responses: progress.responses ?? fresh.responses,
    answerSeconds: progress.answerSeconds ?? fresh.answerSeconds,
  };
}
