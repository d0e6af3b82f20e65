/**
 * The practice room's data: its config, each question's result, the attempt's result and the
 * room's state. The room config is the schema's type (room-config.ts);
 * its field names follow the set-up page (app/lib/room-setup.ts), so a stored set-up plus a
 * seed is a room config.
 */
import type { RoomConfig } from "./room-config.ts";

export type { RoomConfig, Seconds } from "./room-config.ts";

/**
 * What a question asks of the student (issue 27, ADR 0022):
 * - `choice`: pick answers (one or several keys); the only kind before 2025's exam format.
 * - `true_false` ("Đúng/Sai"): its answers are statements, each marked Đúng or Sai; a key is a
 *   true statement.
 * - `short_answer` ("Trả lời ngắn"): the student types a short answer; every answer is an
 *   accepted one, each its `value` and an optional numeric `tolerance`.
 */
export type QuestionKind = "choice" | "true_false" | "short_answer";

/** One answer: `idx` is its original index in the question (what results store), never a display position. */
interface EngineAnswer {
  readonly idx: number;
  readonly isKey: boolean;
  /** `short_answer`: the accepted answer as written ("0,5", "-12", "HCl"). */
  readonly value?: string;
  /** `short_answer`, numeric values: how far from `value` a typed number may be and still be right. */
  readonly tolerance?: number;
}

/** What the engine needs of a question; richer objects (e.g. the catalogue's QuestionView) fit too. */
export interface EngineQuestion {
  readonly id: number;
  readonly answers: readonly EngineAnswer[];
  /**
   * Single choice with several accepted keys (Moodle's single-choice question with more than one
   * 100% answer): one pick is asked for, and any one key is right. Absent or false: every key
   * must be picked.
   */
  readonly anyKey?: boolean;
  /** Absent: `choice` (every question before issue 27). */
  readonly kind?: QuestionKind;
}

/**
 * "Độ chắc chắn" (issue 30): how sure the student said they were before the result showed.
 * A right answer marked GUESS is a lucky guess (it makes a review card, graded Hard); a wrong one
 * marked SURE is a confident mistake.
 */
export type Confidence = "SURE" | "GUESS";

/** One question's outcome (spec: Result item); indexes are ORIGINAL answer idx, ascending. */
export interface ResultItem {
  readonly questionId: number;
  readonly selectedAnswerIndexes: readonly number[];
  readonly rightAnswer: boolean;
  /**
   * What a `true_false` or `short_answer` question was given (engine/responses.ts): the marks,
   * one character per statement in idx order ("T" Đúng, "F" Sai, "-" not marked), or the typed
   * answer. Absent for `choice`, whose picks are `selectedAnswerIndexes` (empty for the others).
   */
  readonly response?: string | null;
  /** The room asked for it (`askConfidence`): the mark given, null when none was. Absent otherwise. */
  readonly confidence?: Confidence | null;
}

/** Everything a save needs, fixed at the moment the room finishes. */
export interface RoomSummary {
  /** One per question, in the order the questions were shown. */
  readonly results: readonly ResultItem[];
  readonly numberOfRight: number;
  readonly numberOfWrong: number;
  /** Seconds counted by ticks (pauses excluded). */
  readonly totalTime: number;
  /** Question ids in the order shown. */
  readonly questionOrder: readonly number[];
  /** Per shown question, the original answer idx in display order; null when answers were not shuffled. */
  readonly answerOrders: readonly (readonly number[])[] | null;
  /**
   * SEQUENCE: per shown question, the seconds it was on screen before its result showed (what
   * a review grades as slow or not, engine/review.ts). Null in FLAT, where the sheet is one
   * stretch of time; absent in summaries rebuilt from a saved attempt.
   */
  readonly answerSeconds?: readonly number[] | null;
}

export interface RoomState<Q extends EngineQuestion = EngineQuestion> {
  /** The questions as given (source order); never reordered in place. */
  readonly questions: readonly Q[];
  /** The config of this attempt; `restart` replaces its seed. */
  readonly config: RoomConfig;
  /** 1 for the first attempt, +1 per restart: lets the view save each attempt exactly once. */
  readonly attempt: number;
  /** Display position → index into `questions`. */
  readonly order: readonly number[];
  /** Display position → original answer idx in display order (source order unless shuffled). */
  readonly answerOrders: readonly (readonly number[])[];
  /** SEQUENCE: the display position being answered. FLAT: stays 0. */
  readonly currentIndex: number;
  /** Display position → picked original answer idx, ascending. */
  readonly selections: readonly (readonly number[])[];
  /** Display position → the response of a `true_false` or `short_answer` question; null until given (and always for `choice`). */
  readonly responses: readonly (string | null)[];
  /** Display position → "Chắc chắn" or "Đoán" (`askConfidence`); null until marked. */
  readonly confidences: readonly (Confidence | null)[];
  /** SEQUENCE: the current question's result (keys, right/wrong) is on screen. */
  readonly resultShown: boolean;
  /** Seconds left for the current question; null when OFF or in FLAT. */
  readonly questionCountdown: number | null;
  /** Seconds left before auto-advance while the result shows; null when OFF or in FLAT. */
  readonly resultCountdown: number | null;
  readonly paused: boolean;
  readonly totalTime: number;
  /** Display position → seconds counted while it was the current question and unanswered (SEQUENCE). */
  readonly answerSeconds: readonly number[];
  /** Display position → recorded result; null until recorded (one empty slot per question). */
  readonly results: readonly (ResultItem | null)[];
  readonly preview: { readonly visible: boolean };
  /** Set exactly once, when the room finishes; afterwards only `restart` changes the state. */
  readonly finished: RoomSummary | null;
}

/**
 * Everything that can happen in the room. `toggle` names the question by display `position`:
 * required in FLAT (any question of the sheet), optional in SEQUENCE where it defaults to the
 * current question and any other position is ignored.
 */
export type RoomAction =
  | { readonly type: "tick" }
  | { readonly type: "toggle"; readonly answerIdx: number; readonly position?: number }
  /** A `true_false` question's marks or a `short_answer` question's text, whole (engine/responses.ts). */
  | { readonly type: "respond"; readonly response: string; readonly position?: number }
  /**
   * "Chắc chắn" or "Đoán" (`askConfidence`). SEQUENCE: the mark submits the answered question (its
   * result shows). FLAT: it marks the question, and the same mark again takes it back.
   */
  | { readonly type: "confide"; readonly confidence: Confidence; readonly position?: number }
  | { readonly type: "next" }
  | { readonly type: "finish" }
  | { readonly type: "pause" }
  | { readonly type: "resume" }
  | { readonly type: "reset" }
  | { readonly type: "restart"; readonly seed: number }
  | { readonly type: "openPreview" }
  | { readonly type: "closePreview" }
  /**
   * The result on screen stays until "Câu tiếp theo": its countdown stops (a student writing a
   * report on the question, issue 30, is not moved on mid-sentence).
   */
  | { readonly type: "holdResult" };
