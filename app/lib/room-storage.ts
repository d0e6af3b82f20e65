import { responseFits } from "#engine/responses.ts";
import type { EngineQuestion, ResultItem, RoomState, RoomSummary } from "#engine/types.ts";
import { ROOM_KEY_PREFIX } from "#app/lib/storage-keys.ts";
import { paths } from "#base/paths.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";

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

/**
 * What "Làm tiếp bài đang dở" needs to list a room and open it again (a practice room writes it;
 * the review of mistakes does not, its room is rebuilt from the server's queue).
 */
export interface ResumeInfo {
  /** Whose room it is: the signed-in student's id, "" for a visitor. Listed only to them. */
  owner: string;
  practiceCode: string;
  /** The room's own address (path and query), which rebuilds the same room. */
  href: string;
  title: string;
  label: string;
  flat: boolean;
}

export interface StoredRoom {
  v: 1;
  contentVersion: number;
  savedAt: number;
  save: SaveState;
  progress: Progress;
  resume?: ResumeInfo;
}

/** The engine state that is progress; the rest (questions, order, config) is rebuilt. */
const PROGRESS_KEYS = [
  "currentIndex",
  "selections",
  "responses",
  "confidences",
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
  roomsChanged();
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
  roomsChanged();
}

/** True once the student has done something in the room that leaving would put aside. */
export function hasProgress(progress: Progress): boolean {
  return (
    progress.finished === null &&
    (progress.currentIndex > 0 ||
      progress.results.some((result) => result !== null) ||
      progress.selections.some((picks) => picks.length > 0) ||
      (progress.responses ?? []).some((response) => response !== null))
  );
}

function isRoomAddress(href: unknown): href is string {
  return (
    typeof href === "string" &&
    safeRedirectPath(href) === href &&
    href.startsWith(`${paths.room()}?`)
  );
}

/** A room left half-done, as "Làm tiếp bài đang dở" lists it. */
export interface UnfinishedRoom extends ResumeInfo {
  attemptId: string;
  savedAt: number;
  /** The question on screen (1-based) in a sequence room; the questions answered on a sheet. */
  position: number;
  questionCount: number;
  seconds: number;
}

/**
 * The rooms `owner` left unfinished on this device (of one practice, when given), the most
 * recent first. Another student's rooms on a shared computer are never listed.
 */
export function listUnfinishedRooms(owner: string, practiceCode?: string): UnfinishedRoom[] {
  const rooms: UnfinishedRoom[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key?.startsWith(PREFIX)) continue;
      const stored = readRoom(key.slice(PREFIX.length));
      const resume = stored?.resume;
      if (!stored || !resume || resume.owner !== owner || !hasProgress(stored.progress)) continue;
      if (practiceCode !== undefined && resume.practiceCode !== practiceCode) continue;
      // The address is opened as a link: only a room of this site, whatever storage holds.
      if (!isRoomAddress(resume.href)) continue;
      const { progress } = stored;
      rooms.push({
        ...resume,
        attemptId: key.slice(PREFIX.length),
        savedAt: stored.savedAt,
        position: resume.flat
          ? progress.selections.filter(
              (picks, at) => picks.length > 0 || (progress.responses?.[at] ?? null) !== null,
            ).length
          : progress.currentIndex + 1,
        questionCount: progress.selections.length,
        seconds: progress.totalTime,
      });
    }
  } catch {
    // Blocked storage: nothing was kept.
  }
  return rooms.sort((a, b) => b.savedAt - a.savedAt);
}

/** Who is told when a room is written or forgotten in this tab (other tabs: the storage event). */
const listeners = new Set<() => void>();

export function subscribeToRooms(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function roomsChanged() {
  for (const listener of listeners) listener();
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

/** A "Chắc chắn"/"Đoán" mark as stored, or none. */
const isMark = (mark: unknown) => mark === null || mark === "SURE" || mark === "GUESS";

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
      responseFitsAt(result.response, position) &&
      (result.confidence === undefined || isMark(result.confidence)));
  // Absent in what a page from before issue 27 stored: the fresh nulls stay.
  const responsesFit = (responses: unknown) =>
    responses === undefined ||
    (Array.isArray(responses) &&
      responses.length === count &&
      responses.every((response, position) => responseFitsAt(response, position)));
  // Absent in what a page from before "Độ chắc chắn" stored: the fresh nulls stay.
  const confidencesFit = (confidences: unknown) =>
    confidences === undefined ||
    (Array.isArray(confidences) && confidences.length === count && confidences.every(isMark));
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
    !confidencesFit(progress.confidences) ||
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
    confidences: progress.confidences ?? fresh.confidences,
    answerSeconds: progress.answerSeconds ?? fresh.answerSeconds,
  };
}
