import { sql, type Kysely, type RawBuilder } from "kysely";
import { endOfVnDay, vnDay } from "#base/vn-day.ts";
import { dialectOf } from "./dialect-of.ts";
import { namePracticesFor, openablePractices } from "./own-practices.ts";
import type { DB } from "./schema.ts";

/**
 * A student's progress ("Thống kê" on /practice-history): totals, accuracy per subject
 * and week, and per practice the chapters or ranges they did worst on. Everything is summed in
 * SQL over the user's own attempts (the (user_id, …) indexes of migrations 0006 and 0009), so a
 * student with thousands of attempts costs a few small grouped scans, never a row per attempt
 * shipped to Node. Days and weeks are Vietnamese (UTC+7, no daylight saving, as base/vn-day.ts).
 *
 * Attempts without a practice (a review of mistakes, type MISTAKES, practice_id NULL) count in
 * the totals and the days in a row; the per-subject and per-practice figures join the practice,
 * which leaves them out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const VN_OFFSET_MS = 7 * 60 * 60 * 1000;

/** Weeks of the accuracy chart, the current one included. */
const CHART_WEEKS = 12;

/** At most this many weak selections per practice. */
const WEAKEST_PER_PRACTICE = 3;

/** Days read first for the days in a row (the whole history only when the streak is longer). */
const STREAK_WINDOW_DAYS = 62;

/** Days looked at for the days in a row: a longer streak shows as this many. */
const STREAK_DAYS_LIMIT = 1000;

interface StatisticsTotals {
  attempts: number;
  questions: number;
  right: number;
  /** Seconds. */
  time: number;
  /** Vietnamese days in a row with an attempt, ending today (or yesterday, when today has none yet). */
  daysInARow: number;
  practisedToday: boolean;
}

interface WeekAccuracy {
  /** The week's Monday, "2025-03-03" (Vietnamese calendar). */
  week: string;
  questions: number;
  right: number;
}

export interface SubjectProgress {
  code: string;
  name: string;
  /** Only the weeks with attempts, oldest first. */
  weeks: WeekAccuracy[];
}

/** A selection the student practised (a chapter or a range of question positions) and how it went. */
export interface SelectionScore {
  type: "PRACTICE_TIME_CHAPTER" | "PRACTICE_TIME_RANGE";
  chapterIdx: number | null;
  /** Null when the chapter no longer exists. */
  chapterTitle: string | null;
  rangeStart: number | null;
  rangeEnd: number | null;
  attempts: number;
  questions: number;
  right: number;
}

export interface PracticeProgress {
  code: string;
  title: string;
  subjectName: string;
  /** Hidden practices keep their figures but have no set-up page to send the student to. */
  hidden: boolean;
  questionCount: number;
  chapterCount: number;
  attempts: number;
  questions: number;
  right: number;
  lastAt: string;
  /** How many different chapters or ranges the user practised (whole-practice runs are none). */
  parts: number;
  /** Lowest accuracy first, only those below 100 %, at most WEAKEST_PER_PRACTICE. */
  weakest: SelectionScore[];
}

/**
 * "Độ chắc chắn" (issue 30) in one subject, over the attempts whose room asked: the answers
 * marked, the right ones marked "Đoán" and the wrong ones marked "Chắc chắn".
 */
export interface SubjectConfidence {
  code: string;
  name: string;
  marked: number;
  luckyGuesses: number;
  confidentMistakes: number;
}

export interface UserStatistics {
  totals: StatisticsTotals;
  /** The CHART_WEEKS Mondays, oldest first. */
  chartWeeks: string[];
  subjects: SubjectProgress[];
  /** Only the subjects with a marked answer, by name. */
  confidence: SubjectConfidence[];
  /** Most recently practised first. */
  practices: PracticeProgress[];
}

/** The user's statistics as of `now`. */
export async function userStatistics(
  db: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<UserStatistics> {
  const chartWeeks = weekMondays(now, CHART_WEEKS);
  const since = new Date(Date.parse(`${chartWeeks[0]}T00:00:00.000Z`) - VN_OFFSET_MS);
  const [totals, daysInARow, subjects, confidence, practices] = await Promise.all([
    sumTotals(db, userId),
    countDaysInARow(db, userId, now),
    listSubjectWeeks(db, userId, since),
    listSubjectConfidence(db, userId),
    listPracticeProgress(db, userId),
  ]);
  return { totals: { ...totals, ...daysInARow }, chartWeeks, subjects, confidence, practices };
}

/** SQL for the Vietnamese calendar day ("2025-03-01") of an attempt's created_at. */
function vnDayOf(db: Kysely<DB>): RawBuilder<string> {
  return dialectOf(db) === "postgres"
    ? sql<string>`to_char((attempt.created_at::timestamptz at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`
    : sql<string>`date(attempt.created_at, '+7 hours')`;
}

/** SQL for the Monday ("2025-03-03") of the Vietnamese week of an attempt's created_at. */
function vnWeekOf(db: Kysely<DB>): RawBuilder<string> {
  return dialectOf(db) === "postgres"
    ? sql<string>`to_char(date_trunc('week', (attempt.created_at::timestamptz at time zone 'UTC') + interval '7 hours'), 'YYYY-MM-DD')`
    : // 'weekday 0' moves to the coming Sunday (or stays on one); six days back is its Monday.
      sql<string>`date(attempt.created_at, '+7 hours', 'weekday 0', '-6 days')`;
}

/** The Mondays of the `count` Vietnamese weeks up to the one of `now`, oldest first. */
export function weekMondays(now: Date, count: number): string[] {
  const today = Date.parse(`${vnDay(now)}T00:00:00.000Z`);
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const monday = today - sinceMonday * DAY_MS;
  return Array.from({ length: count }, (_, i) =>
    new Date(monday - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

async function sumTotals(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("attempt")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("attempts"),
      eb.fn.coalesce(eb.fn.sum<number | string>("question_count"), sql<number>`0`).as("questions"),
      eb.fn.coalesce(eb.fn.sum<number | string>("number_of_right"), sql<number>`0`).as("right"),
      eb.fn.coalesce(eb.fn.sum<number | string>("total_time"), sql<number>`0`).as("time"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    attempts: Number(row.attempts),
    questions: Number(row.questions),
    right: Number(row.right),
    time: Number(row.time),
  };
}

/**
 * Days in a row: the distinct Vietnamese days with an attempt, newest first, counted while each
 * is the day before the previous one. A streak still holds on a day with no attempt yet: it
 * breaks only when a whole day passes without one. Most streaks are short, so the recent
 * STREAK_WINDOW_DAYS are read first, and older days only when the streak reaches that far back.
 */
async function countDaysInARow(db: Kysely<DB>, userId: string, now: Date) {
  const today = vnDay(now);
  const windowStart = Date.parse(`${today}T00:00:00.000Z`) - STREAK_WINDOW_DAYS * DAY_MS;
  const since = new Date(windowStart - VN_OFFSET_MS);
  const recent = await listPractiseDays(db, userId, { from: since, before: endOfVnDay(now) });
  const counted = countStreak(recent, today);
  const oldest = recent.at(-1);
  if (
    !oldest ||
    counted.daysInARow < recent.length ||
    Date.parse(`${oldest}T00:00:00.000Z`) !== windowStart
  ) {
    return counted;
  }
  const older = await listPractiseDays(db, userId, { from: null, before: since });
  return countStreak([...recent, ...older], today);
}

/** The Vietnamese days with an attempt of the user in [from, before), newest first. */
async function listPractiseDays(
  db: Kysely<DB>,
  userId: string,
  range: { from: Date | null; before: Date },
): Promise<string[]> {
  const postgres = dialectOf(db) === "postgres";
  // PostgreSQL sorts and dedupes dates, and formats only the distinct ones.
  const day = postgres
    ? sql<string>`((attempt.created_at::timestamptz at time zone 'UTC') + interval '7 hours')::date`
    : vnDayOf(db);
  let days = db
    .selectFrom("attempt")
    .select(day.as("day"))
    .distinct()
    .where("user_id", "=", userId)
    .where("created_at", "<", range.before.toISOString());
  if (range.from) days = days.where("created_at", ">=", range.from.toISOString());
  const rows = await db
    .selectFrom(days.as("d"))
    .select(
      postgres ? sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as("day") : sql<string>`d.day`.as("day"),
    )
    .orderBy("d.day", "desc")
    .limit(STREAK_DAYS_LIMIT)
    .execute();
  return rows.map((row) => row.day);
}

function countStreak(days: readonly string[], today: string) {
  const practisedToday = days[0] === today;
  let expected = Date.parse(`${today}T00:00:00.000Z`) - (practisedToday ? 0 : DAY_MS);
  let daysInARow = 0;
  for (const day of days) {
    if (Date.parse(`${day}T00:00:00.000Z`) !== expected) break;
    daysInARow += 1;
    expected -= DAY_MS;
  }
  return { daysInARow, practisedToday };
}

/** The user's attempts of a practice, with its subject (a review of mistakes has none). */
function subjectAttemptsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("attempt")
    .innerJoin("practice", "practice.id", "attempt.practice_id")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .where("attempt.user_id", "=", userId);
}

/** The "Độ chắc chắn" figures per subject, summed from the counts each save wrote (migration 0023). */
async function listSubjectConfidence(db: Kysely<DB>, userId: string): Promise<SubjectConfidence[]> {
  const rows = await subjectAttemptsOf(db, userId)
    .select((eb) => [
      "subject.code",
      "subject.name",
      eb.fn.sum<number | string>("attempt.confidence_marked").as("marked"),
      eb.fn.sum<number | string>("attempt.lucky_guesses").as("lucky"),
      eb.fn.sum<number | string>("attempt.confident_mistakes").as("mistaken"),
    ])
    .where("attempt.confidence_marked", ">", 0)
    .groupBy(["subject.code", "subject.name"])
    .orderBy("subject.name")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    marked: Number(row.marked),
    luckyGuesses: Number(row.lucky),
    confidentMistakes: Number(row.mistaken),
  }));
}

/** Questions and right answers per subject and Vietnamese week, since `since`. */
async function listSubjectWeeks(
  db: Kysely<DB>,
  userId: string,
  since: Date,
): Promise<SubjectProgress[]> {
  const week = vnWeekOf(db);
  const rows = await subjectAttemptsOf(db, userId)
    .select((eb) => [
      "subject.code",
      "subject.name",
      week.as("week"),
      eb.fn.sum<number | string>("attempt.question_count").as("questions"),
      eb.fn.sum<number | string>("attempt.number_of_right").as("right"),
    ])
    .where("attempt.created_at", ">=", since.toISOString())
    .groupBy(["subject.code", "subject.name", week])
    .orderBy("subject.name")
    .orderBy("week")
    .execute();
  const subjects = new Map<string, SubjectProgress>();
  for (const row of rows) {
    const subject = subjects.get(row.code) ?? { code: row.code, name: row.name, weeks: [] };
    subject.weeks.push({
      week: row.week,
      questions: Number(row.questions),
      right: Number(row.right),
    });
    subjects.set(row.code, subject);
  }
  return [...subjects.values()];
}

/**
 * Per practice and selection (chapter, range, whole practice), what the user answered: one
 * grouped scan, from which each practice's figures and weakest selections are made.
 */
async function listPracticeProgress(db: Kysely<DB>, userId: string): Promise<PracticeProgress[]> {
  const rows = await sumPerSelection(db, userId);
  const practices = new Map<number, PracticeProgress>();
  for (const row of rows) {
    const practice = practices.get(row.id) ?? {
      code: row.code,
      title: row.title,
      subjectName: row.subject_name,
      hidden: Boolean(row.hidden),
      questionCount: row.practice_questions,
      chapterCount: row.chapter_count,
      attempts: 0,
      questions: 0,
      right: 0,
      lastAt: row.last_at,
      parts: 0,
      weakest: [],
    };
    const score = {
      attempts: Number(row.attempts),
      questions: Number(row.questions),
      right: Number(row.right),
    };
    practice.attempts += score.attempts;
    practice.questions += score.questions;
    practice.right += score.right;
    if (row.last_at > practice.lastAt) practice.lastAt = row.last_at;
    if (row.type === "PRACTICE_TIME_CHAPTER" || row.type === "PRACTICE_TIME_RANGE") {
      practice.parts += 1;
      practice.weakest.push({
        type: row.type,
        chapterIdx: row.chapter_idx,
        chapterTitle: row.chapter_title,
        rangeStart: row.range_start,
        rangeEnd: row.range_end,
        ...score,
      });
    }
    practices.set(row.id, practice);
  }
  await nameHiddenPractices(db, userId, practices);
  return [...practices.values()]
    .map((practice) => ({ ...practice, weakest: pickWeakest(practice.weakest) }))
    .sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
}

/**
 * A student's own practice is hidden from the catalogue but not from whoever may open it (its
 * owner, a holder of its current share link): those get their link back. One the student may no
 * longer open (a revoked link, hidden by an operator, deleted) is named as the student saw it
 * (namePracticesFor): never by the owner's private code, its current title or chapter titles.
 */
async function nameHiddenPractices(
  db: Kysely<DB>,
  userId: string,
  practices: Map<number, PracticeProgress>,
): Promise<void> {
  const hidden = new Map<number, string>();
  for (const [id, practice] of practices) if (practice.hidden) hidden.set(id, practice.title);
  if (hidden.size === 0) return;
  const open = await openablePractices(db, userId, [...hidden.keys()]);
  const seen = await namePracticesFor(db, userId, hidden);
  for (const id of hidden.keys()) {
    const practice = practices.get(id)!;
    const address = open.get(id);
    if (address !== undefined) {
      practice.hidden = false;
      practice.code = address;
      continue;
    }
    const name = seen.get(id) ?? { code: "", title: "" };
    practice.code = name.code;
    practice.title = name.title;
    for (const part of practice.weakest) part.chapterTitle = null;
  }
}

/** The user's attempts grouped by practice and selection, with the practice and chapter they name. */
function sumPerSelection(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("attempt")
    .innerJoin("practice", "practice.id", "attempt.practice_id")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .leftJoin("chapter", (join) =>
      join
        .onRef("chapter.practice_id", "=", "attempt.practice_id")
        .onRef("chapter.idx", "=", "attempt.chapter_idx"),
    )
    .select((eb) => [
      "practice.id",
      "practice.code",
      "practice.title",
      "practice.hidden",
      "practice.question_count as practice_questions",
      "practice.chapter_count",
      "subject.name as subject_name",
      "attempt.type",
      "attempt.chapter_idx",
      "chapter.title as chapter_title",
      "attempt.range_start",
      "attempt.range_end",
      eb.fn.countAll<number | string>().as("attempts"),
      eb.fn.sum<number | string>("attempt.question_count").as("questions"),
      eb.fn.sum<number | string>("attempt.number_of_right").as("right"),
      eb.fn.max("attempt.created_at").as("last_at"),
    ])
    .where("attempt.user_id", "=", userId)
    .groupBy([
      "practice.id",
      "practice.code",
      "practice.title",
      "practice.hidden",
      "practice.question_count",
      "practice.chapter_count",
      "subject.name",
      "attempt.type",
      "attempt.chapter_idx",
      "chapter.title",
      "attempt.range_start",
      "attempt.range_end",
    ])
    .execute();
}

/** Below 100 %, lowest accuracy first (the more answered first on a tie), at most a few. */
function pickWeakest(scores: SelectionScore[]): SelectionScore[] {
  return scores
    .filter((s) => s.questions > 0 && s.right < s.questions)
    .sort((a, b) => a.right * b.questions - b.right * a.questions || b.questions - a.questions)
    .slice(0, WEAKEST_PER_PRACTICE);
}
