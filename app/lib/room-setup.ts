import type { Selection } from "#base/selection.ts";
import { QUESTION_TIMES, RESULT_TIMES } from "#engine/countdowns.ts";
import type { RoomConfig } from "#engine/room-config.ts";
import { selectionIsWellFormed } from "#engine/submission.ts";
import { paths } from "#base/paths.ts";
import { SETUP_KEY_PREFIX } from "./storage-keys.ts";
import {
  DEFAULT_RANGE_SIZE,
  RANGE_SIZES,
  rangeSizesFor,
  rangeTiles,
  selectionParams,
  shownRangeSize,
  type RangeSize,
} from "./selection-links.ts";

/**
 * What the set-up page chooses for the practice room, its defaults,
 * how it is kept per practice in the browser, and the room URL it opens
 * (read back by room-url.server.ts). Types only from the schemas, so no Zod reaches the page.
 */
/** The room config but its seed (each attempt draws its own), and what to practise. */
export interface RoomSetup extends Omit<RoomConfig, "seed"> {
  selection: Selection | null;
  rangeSize: RangeSize;
}

export const DEFAULT_SETUP: RoomSetup = {
  selection: null,
  rangeSize: DEFAULT_RANGE_SIZE,
  practiceType: "SEQUENCE",
  maxQuestionTime: 30,
  showQuestionKeyAfterQuestionEnd: true,
  showNotification: true,
  maxResultTime: 20,
  shuffleQuestions: false,
  shuffleAnswers: false,
  askConfidence: false,
};

/**
 * What "Bắt đầu" opens when the student has chosen nothing yet (issue 28: it used to answer the
 * first tap with "Vui lòng chọn chương hoặc bộ câu hỏi"): the first chapter, else the first
 * range of the size shown, else all the questions when that is the only choice.
 */
export function defaultSelection(
  practice: OfferedChoices,
  setup: Pick<RoomSetup, "rangeSize"> = DEFAULT_SETUP,
): Selection {
  const [firstChapter] = practice.chapterIdxs;
  if (firstChapter !== undefined)
    return { type: "PRACTICE_TIME_CHAPTER", chapterIdx: firstChapter };
  if (rangeSizesFor(practice.questionCount).length === 0) return { type: "PRACTICE_TIME_ALL" };
  const [first] = rangeTiles(practice.questionCount, shownRangeSize(setup, practice.questionCount));
  return first ? { type: "PRACTICE_TIME_RANGE", ...first } : { type: "PRACTICE_TIME_ALL" };
}

export function storageKeyOf(practiceCode: string): string {
  return `${SETUP_KEY_PREFIX}${practiceCode}`;
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
    askConfidence: pick("askConfidence", isBoolean),
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
    const range = {
      type: "PRACTICE_TIME_RANGE" as const,
      start: selection.start,
      end: selection.end,
    };
    return selectionIsWellFormed(range, practice.questionCount) ? range : null;
  }
  return null;
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
  if (setup.examMinutes !== undefined) params.set("exam", String(setup.examMinutes));
  if (setup.askConfidence === true && setup.examMinutes === undefined)
    params.set("confidence", "1");
  return paths.room(params);
}

/** A saved attempt's selection and settings, to start the same run again ("Làm lại đề này"). */
export function setupOfAttempt(attempt: {
  selection: Selection | null;
  config: RoomConfig;
}): RoomSetup & { selection: Selection } {
  const selection: Selection = attempt.selection ?? { type: "PRACTICE_TIME_ALL" };
  // A new run draws its own seed, and is a practice even when the attempt was a mock exam.
  const { seed: _seed, examMinutes: _examMinutes, ...config } = attempt.config;
  return { ...DEFAULT_SETUP, ...config, selection };
}

/** What a practice's set-up page offers to choose: its chapters, or else range tiles. */
export interface OfferedChoices {
  questionCount: number;
  chapterIdxs: readonly number[];
}

/**
 * A selection the set-up page can show as chosen (a "Luyện lại" link names one), with the range
 * size whose tiles hold it; null when the page has no such tile: an unknown chapter, a range on
 * a practice with chapters, a range that is not one of the tiles of an offered size.
 */
export function offeredSelection(
  selection: Selection,
  practice: OfferedChoices,
): { selection: Selection; rangeSize: RoomSetup["rangeSize"] } | null {
  const rangeSize = DEFAULT_SETUP.rangeSize;
  if (selection.type === "PRACTICE_TIME_ALL") return { selection, rangeSize };
  if (selection.type === "PRACTICE_TIME_CHAPTER") {
    return practice.chapterIdxs.includes(selection.chapterIdx) ? { selection, rangeSize } : null;
  }
  if (practice.chapterIdxs.length > 0) return null;
  const { start, end } = selection;
  const fits = (size: number) =>
    size < practice.questionCount &&
    (start - 1) % size === 0 &&
    end === Math.min(start + size - 1, practice.questionCount);
  const size = fits(rangeSize) ? rangeSize : RANGE_SIZES.find(fits);
  return size ? { selection, rangeSize: size } : null;
}
