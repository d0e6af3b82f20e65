import { fsrs, Rating, type Card, type Grade } from "ts-fsrs";
import { VN_OFFSET_MS } from "#base/vn-day.ts";
import { kindOf } from "./responses.ts";
import { keyIndexes } from "./scoring.ts";
import { SLOW_ANSWER_SECONDS } from "./countdowns.ts";
import type { Confidence, EngineQuestion, ResultItem } from "./types.ts";

/**
 * "Ôn lỗi sai": the review schedule of a user's mistakes, on FSRS (ts-fsrs). Pure:
 * every function takes the time it works at, so a test can fix the clock. Fuzz is off so a
 * card's next due date is a function of its history alone (the golden tests depend on it).
 */

/** A card's scheduling state, as stored (db/review-cards.ts); dates are Date objects here. */
export interface ReviewCardState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs's State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
}

/** The grades a review gives: a wrong answer is Again, a right one Good, or Hard when slow. */
export type ReviewGrade = "AGAIN" | "HARD" | "GOOD";

const RATING: Record<ReviewGrade, Grade> = {
  AGAIN: Rating.Again,
  HARD: Rating.Hard,
  GOOD: Rating.Good,
};

/** A card leaves the review list once its stability passes this many days. */
export const GRADUATION_DAYS = 30;

/** ts-fsrs's own default: 90% of the answers still remembered when a card falls due. */
export const DEFAULT_RETENTION = 0.9;
/** The retention aimed at on the eve of an exam: intervals short enough to see a card again. */
export const EXAM_EVE_RETENTION = 0.97;
/** From this many days before an exam, the aimed retention rises toward EXAM_EVE_RETENTION. */
const EXAM_RAMP_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One scheduler per retention aimed at (two decimals: at most a few dozen ever made). */
const schedulers = new Map<number, ReturnType<typeof fsrs>>();
function schedulerFor(retention: number) {
  let made = schedulers.get(retention);
  if (!made) {
    made = fsrs({ enable_fuzz: false, request_retention: retention });
    schedulers.set(retention, made);
  }
  return made;
}
const scheduler = schedulerFor(DEFAULT_RETENTION);

/**
 * "Ngày thi" (issue 30): the Vietnamese calendar day of a student's exam, "2026-12-15". Before
 * it, a card is planned to be seen before that day: FSRS aims at a higher retention as the day
 * nears (shorter intervals), and a card it would put after the eve of the exam is brought back
 * to the eve. Without a day, or once the eve has come, the schedule is FSRS's own.
 */
export type ExamDay = string;

/** The first instant of the day before the exam, in Vietnam: the latest a card is planned for. */
export function examEve(examDay: ExamDay): Date {
  return new Date(Date.parse(`${examDay}T00:00:00Z`) - VN_OFFSET_MS - DAY_MS);
}

/** Whole Vietnamese days from `now`'s day to the exam's day (0 on the day, negative after). */
export function daysUntilExam(examDay: ExamDay, now: Date): number {
  const today = Math.floor((now.getTime() + VN_OFFSET_MS) / DAY_MS);
  return Math.round(Date.parse(`${examDay}T00:00:00Z`) / DAY_MS) - today;
}

/**
 * The retention FSRS aims at `daysLeft` days before an exam: the default until EXAM_RAMP_DAYS
 * before, then rising evenly to EXAM_EVE_RETENTION on the eve. A day never tightens it past that.
 */
export function retentionBefore(daysLeft: number | null): number {
  if (daysLeft === null || daysLeft > EXAM_RAMP_DAYS || daysLeft < 1) return DEFAULT_RETENTION;
  const closeness = (EXAM_RAMP_DAYS - daysLeft) / (EXAM_RAMP_DAYS - 1);
  const retention = DEFAULT_RETENTION + (EXAM_EVE_RETENTION - DEFAULT_RETENTION) * closeness;
  return Math.round(retention * 100) / 100;
}

/**
 * A card planned for after the exam's eve is brought back to the eve, while the eve is still
 * ahead of `now`; its planned interval says so too. Otherwise the card is as it was.
 */
export function aimAtExam(
  card: ReviewCardState,
  examDay: ExamDay | null,
  now: Date,
): ReviewCardState {
  if (examDay === null) return card;
  const eve = examEve(examDay);
  if (eve.getTime() <= now.getTime() || card.due.getTime() <= eve.getTime()) return card;
  const from = card.lastReview ?? now;
  return {
    ...card,
    due: eve,
    scheduledDays: Math.max(0, Math.floor((eve.getTime() - from.getTime()) / DAY_MS)),
  };
}

function toFsrs(card: ReviewCardState): Card {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    // Deprecated in ts-fsrs 5 and recomputed from last_review; never read back.
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview ?? undefined,
  };
}

function fromFsrs(card: Card): ReviewCardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** A card that has never been reviewed, due at `now`. */
function emptyCard(now: Date): ReviewCardState {
  return {
    due: now,
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    lastReview: null,
  };
}

/**
 * The card after one review at `now`, aimed at the exam on `examDay` when there is one
 * (aimAtExam, retentionBefore); a missing card starts empty. A `now` before the card's
 * last review (another instance's clock a little behind, a save graded with the time it was
 * made after a later one) counts as that review's time: ts-fsrs refuses a negative interval,
 * and a save must never fail on it.
 */
export function reviewCard(
  card: ReviewCardState | null,
  grade: ReviewGrade,
  now: Date,
  examDay: ExamDay | null = null,
): ReviewCardState {
  const last = card?.lastReview?.getTime() ?? -Infinity;
  const at = now.getTime() < last ? new Date(last) : now;
  const daysLeft = examDay === null ? null : daysUntilExam(examDay, at);
  const next = schedulerFor(retentionBefore(daysLeft)).next(
    toFsrs(card ?? emptyCard(at)),
    at,
    RATING[grade],
  ).card;
  return aimAtExam(fromFsrs(next), examDay, at);
}

/** The probability, by FSRS's forgetting curve, that the answer is still remembered at `now`. */
export function retrievability(card: ReviewCardState, now: Date): number {
  return scheduler.get_retrievability(toFsrs(card), now, false);
}

/** Whether the card has left the review list (its stability passed GRADUATION_DAYS). */
export function hasGraduated(card: Pick<ReviewCardState, "stability">): boolean {
  return card.stability > GRADUATION_DAYS;
}

/**
 * The grade of one answer: wrong is Again; right is Hard when the student marked it "Đoán" (a
 * lucky guess is not knowing) or when it took more than SLOW_ANSWER_SECONDS, else Good. A right
 * answer whose time is unknown is Good.
 */
export function gradeAnswer(
  rightAnswer: boolean,
  seconds: number | null,
  confidence: Confidence | null = null,
): ReviewGrade {
  if (!rightAnswer) return "AGAIN";
  if (confidence === "GUESS") return "HARD";
  if (seconds === null) return "GOOD";
  return seconds > SLOW_ANSWER_SECONDS ? "HARD" : "GOOD";
}

/**
 * The cards an attempt's results touch, with their grades. In a practice run mistakes and lucky
 * guesses count (a wrong answer, or a right one marked "Đoán", creates or updates the card); in a
 * review run every answer does.
 */
export function gradesOfAttempt(
  results: readonly Pick<ResultItem, "questionId" | "rightAnswer" | "confidence">[],
  options: { review: boolean; seconds?: readonly (number | null)[] },
): { questionId: number; grade: ReviewGrade }[] {
  return results.flatMap((result, i) => {
    const guessed = result.confidence === "GUESS";
    if (!options.review && result.rightAnswer && !guessed) return [];
    const seconds = options.seconds?.[i] ?? null;
    const grade = gradeAnswer(result.rightAnswer, seconds, result.confidence ?? null);
    return [{ questionId: result.questionId, grade }];
  });
}

/**
 * Whether a card on revision `before` may follow the question to revision `after`: the same
 * answers are keys (by original idx, out of as many answers) and the same "any one key" rule.
 * The wording may have changed; what counts as right may not: so also the same kind (ADR 0022),
 * which for a Đúng/Sai question means the same true statements, and for a short answer the same
 * accepted answers and tolerances (their `value`, as written).
 */
export function sameKeys(before: EngineQuestion, after: EngineQuestion): boolean {
  if (before.answers.length !== after.answers.length) return false;
  if (Boolean(before.anyKey) !== Boolean(after.anyKey)) return false;
  if (kindOf(before) !== kindOf(after)) return false;
  if (kindOf(before) === "short_answer" && !sameAccepted(before, after)) return false;
  const a = keyIndexes(before);
  const b = keyIndexes(after);
  return a.length === b.length && a.every((idx, i) => idx === b[i]);
}

/** The accepted answers of two short-answer revisions, as written, with their tolerances. */
function sameAccepted(before: EngineQuestion, after: EngineQuestion): boolean {
  const accepted = (question: EngineQuestion) =>
    question.answers
      .map((answer) => JSON.stringify([answer.value ?? null, answer.tolerance ?? null]))
      .sort();
  const a = accepted(before);
  const b = accepted(after);
  return a.every((value, i) => value === b[i]);
}
