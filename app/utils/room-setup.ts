/**
 * What the set-up page chooses for the practice room, its defaults (spec section 3, Room
 * config; section 9), how it is kept per practice in the browser, and the room URL it opens.
 */
export const QUESTION_TIMES = [20, 30, 50] as const;
export const RESULT_TIMES = [10, 20, 30, 50] as const;
export const RANGE_SIZES = [20, 50, 75, 100] as const;

export type Seconds = number | "OFF";

export type Selection =
  | { type: "PRACTICE_TIME_CHAPTER"; chapterIdx: number }
  | { type: "PRACTICE_TIME_RANGE"; start: number; end: number }
  | { type: "PRACTICE_TIME_ALL" };

export interface RoomSetup {
  selection: Selection | null;
  rangeSize: (typeof RANGE_SIZES)[number];
  practiceType: "SEQUENCE" | "FLAT";
  maxQuestionTime: Seconds;
  showQuestionKeyAfterQuestionEnd: boolean;
  showNotification: boolean;
  maxResultTime: Seconds;
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
}

export const DEFAULT_SETUP: RoomSetup = {
  selection: null,
  rangeSize: 50,
  practiceType: "SEQUENCE",
  maxQuestionTime: 30,
  showQuestionKeyAfterQuestionEnd: true,
  showNotification: true,
  maxResultTime: 20,
  shuffleQuestions: false,
  shuffleAnswers: false,
};

/** "Câu a - b" tiles from the real number of questions: the last tile always ends at the last question. */
export function rangeTiles(questionCount: number, size: number): { start: number; end: number }[] {
  const tiles: { start: number; end: number }[] = [];
  for (let start = 1; start <= questionCount; start += size) {
    tiles.push({ start, end: Math.min(start + size - 1, questionCount) });
  }
  return tiles;
}

export function storageKeyOf(practiceCode: string): string {
  return `on-tap:setup:${practiceCode}`;
}

/**
 * A stored set-up, checked field by field against what the practice has now: anything stale
 * or malformed falls back to its default instead of breaking the page.
 */
export function readStoredSetup(
  raw: string | null,
  practice: { questionCount: number; chapterIdxs: number[] },
): RoomSetup {
  let stored: Partial<Record<keyof RoomSetup, unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") stored = parsed as typeof stored;
  } catch {
    return DEFAULT_SETUP;
  }
  const pick = <K extends keyof RoomSetup>(
    key: K,
    valid: (value: unknown) => boolean,
  ): RoomSetup[K] => (valid(stored[key]) ? (stored[key] as RoomSetup[K]) : DEFAULT_SETUP[key]);
  const seconds = (allowed: readonly number[]) => (value: unknown) =>
    value === "OFF" || (typeof value === "number" && allowed.includes(value));
  const isBoolean = (value: unknown) => typeof value === "boolean";
  return {
    selection: validSelection(stored.selection, practice),
    rangeSize: pick(
      "rangeSize",
      (v) => typeof v === "number" && (RANGE_SIZES as readonly number[]).includes(v),
    ),
    practiceType: pick("practiceType", (v) => v === "SEQUENCE" || v === "FLAT"),
    maxQuestionTime: pick("maxQuestionTime", seconds(QUESTION_TIMES)),
    showQuestionKeyAfterQuestionEnd: pick("showQuestionKeyAfterQuestionEnd", isBoolean),
    showNotification: pick("showNotification", isBoolean),
    maxResultTime: pick("maxResultTime", seconds(RESULT_TIMES)),
    shuffleQuestions: pick("shuffleQuestions", isBoolean),
    shuffleAnswers: pick("shuffleAnswers", isBoolean),
  };
}

function validSelection(
  value: unknown,
  practice: { questionCount: number; chapterIdxs: number[] },
): Selection | null {
  if (!value || typeof value !== "object") return null;
  const selection = value as Record<string, unknown>;
  if (selection.type === "PRACTICE_TIME_ALL") return { type: "PRACTICE_TIME_ALL" };
  if (selection.type === "PRACTICE_TIME_CHAPTER" && typeof selection.chapterIdx === "number") {
    return practice.chapterIdxs.includes(selection.chapterIdx)
      ? { type: "PRACTICE_TIME_CHAPTER", chapterIdx: selection.chapterIdx }
      : null;
  }
  if (
    selection.type === "PRACTICE_TIME_RANGE" &&
    typeof selection.start === "number" &&
    typeof selection.end === "number"
  ) {
    const { start, end } = selection;
    return Number.isInteger(start) &&
      Number.isInteger(end) &&
      start >= 1 &&
      start <= end &&
      end <= practice.questionCount
      ? { type: "PRACTICE_TIME_RANGE", start, end }
      : null;
  }
  return null;
}

/** The query string that names a selection, for the question list and the room. */
export function selectionParams(selection: Selection): URLSearchParams {
  const params = new URLSearchParams({ type: selection.type });
  if (selection.type === "PRACTICE_TIME_CHAPTER")
    params.set("chapter", String(selection.chapterIdx));
  if (selection.type === "PRACTICE_TIME_RANGE") {
    params.set("start", String(selection.start));
    params.set("end", String(selection.end));
  }
  return params;
}

/** What a room URL names beyond the set-up: the attempt's identity and its shuffle seed. */
export interface RoomIdentity {
  /** UUID of this attempt: its storage key in the browser and its idempotency key on the server. */
  attemptId: string;
  /** Unsigned 32-bit; every shuffle of the attempt derives from it. */
  seed: number;
}

/**
 * A new attempt's id and seed from crypto.getRandomValues, which (unlike crypto.randomUUID)
 * also exists on a plain-http classroom address. The id is a version-4 UUID.
 */
export function newRoomIdentity(): RoomIdentity {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  const attemptId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const seed = new DataView(bytes.buffer, 16, 4).getUint32(0);
  return { attemptId, seed };
}

/** The room's address: everything needed to rebuild it, so a refresh or a shared tab reopens the same attempt. */
export function roomUrl(
  practiceCode: string,
  setup: RoomSetup & { selection: Selection },
  identity: RoomIdentity,
): string {
  const params = selectionParams(setup.selection);
  params.set("practice", practiceCode);
  params.set("mode", setup.practiceType);
  params.set("questionTime", String(setup.maxQuestionTime));
  params.set("resultTime", String(setup.maxResultTime));
  params.set("showKey", setup.showQuestionKeyAfterQuestionEnd ? "1" : "0");
  params.set("notify", setup.showNotification ? "1" : "0");
  params.set("shuffle", setup.shuffleQuestions ? "1" : "0");
  params.set("shuffleAnswers", setup.shuffleAnswers ? "1" : "0");
  params.set("seed", String(identity.seed));
  params.set("attempt", identity.attemptId);
  return `/practice-control?${params.toString()}`;
}

export function parseSelection(params: URLSearchParams): Selection | null {
  const int = (name: string) => {
    const value = params.get(name);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
  };
  switch (params.get("type")) {
    case "PRACTICE_TIME_ALL":
      return { type: "PRACTICE_TIME_ALL" };
    case "PRACTICE_TIME_CHAPTER": {
      const chapterIdx = int("chapter");
      return chapterIdx === null ? null : { type: "PRACTICE_TIME_CHAPTER", chapterIdx };
    }
    case "PRACTICE_TIME_RANGE": {
      const start = int("start");
      const end = int("end");
      return start !== null && end !== null && start >= 1 && start <= end
        ? { type: "PRACTICE_TIME_RANGE", start, end }
        : null;
    }
    default:
      return null;
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface RoomRequest extends RoomIdentity {
  practiceCode: string;
  selection: Selection;
  practiceType: "SEQUENCE" | "FLAT";
  maxQuestionTime: Seconds;
  maxResultTime: Seconds;
  showQuestionKeyAfterQuestionEnd: boolean;
  showNotification: boolean;
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
}

/**
 * Reads a room URL back (the inverse of roomUrl); null when anything is missing or not one of
 * the choices the set-up page offers, so a hand-edited address cannot make a 1-second timer.
 */
export function parseRoomUrl(params: URLSearchParams): RoomRequest | null {
  const selection = parseSelection(params);
  const practiceCode = params.get("practice");
  const mode = params.get("mode");
  const attemptId = params.get("attempt")?.toLowerCase() ?? "";
  const seedText = params.get("seed") ?? "";
  const seconds = (name: string, allowed: readonly number[]): Seconds | null => {
    const value = params.get(name);
    if (value === "OFF") return "OFF";
    return value !== null && allowed.includes(Number(value)) ? Number(value) : null;
  };
  const flag = (name: string): boolean | null => {
    const value = params.get(name);
    return value === "1" ? true : value === "0" ? false : null;
  };
  const maxQuestionTime = seconds("questionTime", QUESTION_TIMES);
  const maxResultTime = seconds("resultTime", RESULT_TIMES);
  const showKey = flag("showKey");
  const notify = flag("notify");
  const shuffle = flag("shuffle");
  const shuffleAnswers = flag("shuffleAnswers");
  if (
    !selection ||
    !practiceCode ||
    !/^[a-z0-9-]{1,120}$/.test(practiceCode) ||
    (mode !== "SEQUENCE" && mode !== "FLAT") ||
    !UUID_PATTERN.test(attemptId) ||
    !/^\d{1,10}$/.test(seedText) ||
    Number(seedText) > 0xffffffff ||
    maxQuestionTime === null ||
    maxResultTime === null ||
    showKey === null ||
    notify === null ||
    shuffle === null ||
    shuffleAnswers === null
  ) {
    return null;
  }
  return {
    practiceCode,
    selection,
    practiceType: mode,
    maxQuestionTime,
    maxResultTime,
    showQuestionKeyAfterQuestionEnd: showKey,
    showNotification: notify,
    shuffleQuestions: shuffle,
    shuffleAnswers,
    attemptId,
    seed: Number(seedText),
  };
}
