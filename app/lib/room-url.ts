import { selectionSchema, type Selection } from "#base/selection.ts";
import { roomConfigSchema, type RoomConfig } from "#engine/room-config.ts";
import { isAttemptId } from "#engine/submission.ts";
import type { RoomIdentity } from "./room-setup.ts";

/**
 * Reading a room URL (room-setup.ts writes it) with the schemas a saved attempt is parsed with.
 * The server reads it through room-url.server.ts; a page imports it only lazily (the offline
 * room, app/features/offline/offline-room.ts), so Zod stays out of the pages' first JavaScript.
 */

/** Selection params as roomUrl writes them: plain digits, never "1e3", "-1" or " 7". */
function urlInt(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}

/** The selection a question-list or room URL names; null when malformed or when start > end. */
export function parseSelection(params: URLSearchParams): Selection | null {
  const parsed = selectionSchema.safeParse({
    type: params.get("type"),
    chapterIdx: urlInt(params, "chapter"),
    start: urlInt(params, "start"),
    end: urlInt(params, "end"),
  });
  if (!parsed.success) return null;
  const selection = parsed.data;
  return selection.type === "PRACTICE_TIME_RANGE" && selection.start > selection.end
    ? null
    : selection;
}

export type RoomRequest = RoomIdentity &
  RoomConfig & {
    practiceCode: string;
    selection: Selection;
  };

/** The config a room URL names, as the schema's input: whatever is missing or malformed stays so. */
function configParams(params: URLSearchParams): Record<keyof RoomConfig, unknown> {
  const seconds = (name: string) => {
    const value = params.get(name);
    return value === null || value === "OFF" ? value : Number(value);
  };
  const flag = (name: string) => {
    const value = params.get(name);
    return value === "1" ? true : value === "0" ? false : null;
  };
  const seed = params.get("seed") ?? "";
  const exam = params.get("exam");
  return {
    practiceType: params.get("mode"),
    maxQuestionTime: seconds("questionTime"),
    maxResultTime: seconds("resultTime"),
    showQuestionKeyAfterQuestionEnd: flag("showKey"),
    showNotification: flag("notify"),
    shuffleQuestions: flag("shuffle"),
    shuffleAnswers: flag("shuffleAnswers"),
    seed: /^\d{1,10}$/.test(seed) ? Number(seed) : null,
    examMinutes: exam === null ? undefined : /^\d{1,3}$/.test(exam) ? Number(exam) : exam,
    // Written only when on (room-setup.ts): an address from before it reads as "not asked".
    askConfidence: params.get("confidence") === null ? undefined : flag("confidence"),
  };
}

/**
 * Reads a room URL back (the inverse of roomUrl); null when anything is missing or not one of
 * the choices the set-up page offers, so a hand-edited address cannot make a 1-second timer.
 */
export function parseRoomUrl(params: URLSearchParams): RoomRequest | null {
  const selection = parseSelection(params);
  const config = roomConfigSchema.safeParse(configParams(params));
  const practiceCode = params.get("practice");
  const attemptId = params.get("attempt")?.toLowerCase() ?? "";
  if (
    !selection ||
    !config.success ||
    !practiceCode ||
    !/^[A-Za-z0-9_-]{1,120}$/.test(practiceCode) ||
    !isAttemptId(attemptId)
  ) {
    return null;
  }
  return { practiceCode, selection, ...config.data, attemptId };
}
