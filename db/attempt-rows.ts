import type { Selectable } from "kysely";
import type { Selection } from "#base/selection.ts";
import type { RoomConfig } from "#engine/room-config.ts";
import type { Confidence } from "#engine/types.ts";
import { configFields } from "#engine/room.ts";
import type { AttemptAnswerTable, AttemptTable } from "./schema.ts";

/**
 * Attempts as the rest of the app sees them, and how they map to and from their rows
 * (db/attempts.ts reads and writes them).
 */

/** A checked attempt, ready to store: what the server computed, never what the client claimed. */
export interface NewAttempt {
  /** Lower-case: one spelling per UUID. */
  id: string;
  userId: string;
  /** A MISTAKES review ("Ôn lỗi sai") has no practice: id null, code "", its own title. */
  practice: { id: number | null; code: string; title: string; contentVersion: number };
  /** The selection's label as people saw it, copied so the history reads the same later. */
  description: string;
  /** Null for a MISTAKES review: its questions are the user's due review cards. */
  selection: Selection | null;
  config: RoomConfig;
  /** Per shown question, its original answer idxs in display order; null when not shuffled. */
  answerOrders: number[][] | null;
  /** In the order shown. */
  results: {
    questionId: number;
    selectedAnswerIndexes: number[];
    rightAnswer: boolean;
    /** A Đúng/Sai question's marks or a typed short answer (engine/responses.ts). */
    response?: string | null;
    /** "Chắc chắn" or "Đoán" when the room asked (null: not marked); absent when it did not. */
    confidence?: Confidence | null;
  }[];
  numberOfRight: number;
  numberOfWrong: number;
  totalTime: number;
  createdAt: Date;
  /** A mock exam's time limit in minutes, 0 without one; absent or null: not a mock exam. */
  examMinutes?: number | null;
  /** Taken in the offline room. */
  offline?: boolean;
}

/**
 * A saved attempt as the history, the save's reply and the room read it: the words of
 * NewAttempt and the wire (`selection`, `answerOrders`, `results`).
 */
export interface StoredAttempt {
  id: string;
  practiceCode: string;
  practiceTitle: string;
  description: string;
  /** MISTAKES: a review of the user's mistakes, over several practices (practiceCode ""). */
  type: AttemptType;
  /** Null for a MISTAKES review. */
  selection: Selection | null;
  config: RoomConfig;
  numberOfRight: number;
  numberOfWrong: number;
  totalTime: number;
  results: NewAttempt["results"];
  answerOrders: NewAttempt["answerOrders"];
  contentVersion: number;
  createdAt: string;
  /** A mock exam ("Thi thử"): its time limit in minutes, 0 without one; null otherwise. */
  examMinutes: number | null;
  /** Taken in the offline room ("làm offline"). */
  offline: boolean;
}

type AttemptType = Selection["type"] | "MISTAKES";

export type AttemptSummary = Omit<StoredAttempt, "results" | "answerOrders">;

/*
 * The attempt table keeps its original column names (type, chapter_idx, range_start, range_end,
 * answer_orders, and the answers' selected/right_answer): the four functions below are the one
 * place that maps them to and from `selection` and `answerOrders`. The data export reads them
 * through the same functions (db/data-export.ts).
 */

/** The selection's columns of an attempt row. */
function selectionColumns(
  selection: Selection | null,
): Pick<AttemptTable, "type" | "chapter_idx" | "range_start" | "range_end"> {
  return {
    type: selection?.type ?? "MISTAKES",
    chapter_idx: selection?.type === "PRACTICE_TIME_CHAPTER" ? selection.chapterIdx : null,
    range_start: selection?.type === "PRACTICE_TIME_RANGE" ? selection.start : null,
    range_end: selection?.type === "PRACTICE_TIME_RANGE" ? selection.end : null,
  };
}

/** The selection a row was saved with; null for a review of mistakes (or a later type). */
export function selectionOfRow(
  row: { type: string } & Pick<AttemptTable, "chapter_idx" | "range_start" | "range_end">,
): Selection | null {
  const { type, chapter_idx: chapterIdx, range_start: start, range_end: end } = row;
  if (type === "PRACTICE_TIME_CHAPTER" && chapterIdx !== null) return { type, chapterIdx };
  if (type === "PRACTICE_TIME_RANGE" && start !== null && end !== null) return { type, start, end };
  return type === "MISTAKES" ? null : { type: "PRACTICE_TIME_ALL" };
}

function answerOrdersColumn(answerOrders: number[][] | null): string | null {
  return answerOrders ? JSON.stringify(answerOrders) : null;
}

export function answerOrdersOfRow(row: { answer_orders: string | null }): number[][] | null {
  return row.answer_orders ? (JSON.parse(row.answer_orders) as number[][]) : null;
}

export function attemptRow(attempt: NewAttempt): Selectable<AttemptTable> {
  const { selection, practice } = attempt;
  // The practice type has a column of its own, the rest of the config is JSON.
  const { practiceType, ...config } = configFields(attempt.config);
  // Every column named, so nothing the client added to the payload reaches the database.
  return {
    id: attempt.id,
    user_id: attempt.userId,
    practice_id: practice.id,
    practice_code: practice.code,
    practice_title: practice.title,
    description: attempt.description,
    ...selectionColumns(selection),
    practice_type: practiceType,
    config: JSON.stringify(config),
    answer_orders: answerOrdersColumn(attempt.answerOrders),
    number_of_right: attempt.numberOfRight,
    number_of_wrong: attempt.numberOfWrong,
    question_count: attempt.results.length,
    total_time: attempt.totalTime,
    content_version: practice.contentVersion,
    created_at: attempt.createdAt.toISOString(),
    exam_minutes: attempt.examMinutes ?? null,
    offline: attempt.offline ? 1 : 0,
    // Counted in the answer shares later, off the save's path (services/attempts/answer-shares.ts).
    tallied: 0,
    original_right: null,
    rescored_at: null,
    ...confidenceCounts(attempt),
  };
}

/** The attempt's "Độ chắc chắn" figures (the statistics sum them); null when the room did not ask. */
function confidenceCounts(
  attempt: NewAttempt,
): Pick<AttemptTable, "confidence_marked" | "lucky_guesses" | "confident_mistakes"> {
  if (attempt.config.askConfidence !== true) {
    return { confidence_marked: null, lucky_guesses: null, confident_mistakes: null };
  }
  const count = (keep: (result: NewAttempt["results"][number]) => boolean) =>
    attempt.results.filter(keep).length;
  return {
    confidence_marked: count((r) => r.confidence === "SURE" || r.confidence === "GUESS"),
    lucky_guesses: count((r) => r.rightAnswer && r.confidence === "GUESS"),
    confident_mistakes: count((r) => !r.rightAnswer && r.confidence === "SURE"),
  };
}

/** Every row has every column: Kysely's multi-row insert on SQLite nulls columns a row lacks. */
export function answerRows(attempt: NewAttempt): AttemptAnswerTable[] {
  return attempt.results.map((result, position) => ({
    user_id: attempt.userId,
    attempt_id: attempt.id,
    position,
    question_id: result.questionId,
    selected: JSON.stringify(result.selectedAnswerIndexes),
    right_answer: result.rightAnswer ? 1 : 0,
    response: result.response ?? null,
    confidence: result.confidence ?? null,
  }));
}

export type SummaryRow = Omit<
  Selectable<AttemptTable>,
  | "user_id"
  | "practice_id"
  | "answer_orders"
  | "tallied"
  | "original_right"
  | "rescored_at"
  | "confidence_marked"
  | "lucky_guesses"
  | "confident_mistakes"
>;

export const summaryColumns = [
  "attempt.id",
  "attempt.practice_code",
  "attempt.practice_title",
  "attempt.description",
  "attempt.type",
  "attempt.chapter_idx",
  "attempt.range_start",
  "attempt.range_end",
  "attempt.practice_type",
  "attempt.config",
  "attempt.number_of_right",
  "attempt.number_of_wrong",
  "attempt.question_count",
  "attempt.total_time",
  "attempt.content_version",
  "attempt.created_at",
  "attempt.exam_minutes",
  "attempt.offline",
] as const;

export function toSummary(row: SummaryRow): AttemptSummary {
  const config = JSON.parse(row.config) as Omit<RoomConfig, "practiceType">;
  return {
    id: row.id,
    practiceCode: row.practice_code,
    practiceTitle: row.practice_title,
    description: row.description,
    type: row.type,
    selection: selectionOfRow(row),
    config: { practiceType: row.practice_type, ...config },
    numberOfRight: row.number_of_right,
    numberOfWrong: row.number_of_wrong,
    totalTime: row.total_time,
    contentVersion: row.content_version,
    createdAt: row.created_at,
    examMinutes: row.exam_minutes,
    offline: row.offline === 1,
  };
}

/** A stored mark, when there is one: "SURE" and "GUESS" are the only ones ever written. */
function confidenceOfRow(value: string | null): { confidence?: Confidence } {
  return value === "SURE" || value === "GUESS" ? { confidence: value } : {};
}

export function toStoredAttempt(
  row: SummaryRow & { answer_orders: string | null },
  answers: readonly Omit<AttemptAnswerTable, "attempt_id" | "user_id">[],
): StoredAttempt {
  return {
    ...toSummary(row),
    results: answers.map((a) => ({
      questionId: a.question_id,
      selectedAnswerIndexes: JSON.parse(a.selected) as number[],
      rightAnswer: a.right_answer === 1,
      ...(a.response === null ? {} : { response: a.response }),
      ...confidenceOfRow(a.confidence),
    })),
    answerOrders: answerOrdersOfRow(row),
  };
}
