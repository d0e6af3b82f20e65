import type { Kysely, Selectable } from "kysely";
import type { Selection } from "#base/selection.ts";
import type { RoomConfig } from "#engine/room-config.ts";
import type { DB, MockExamTable } from "./schema.ts";

/**
 * Mock exams in progress ("Thi thử", migration 0016): written when one starts, its sheet
 * replaced as the student answers, marked when it is saved as an attempt. Reads and writes
 * only: the clock, the checks and the scoring are services/mock-exams/'s.
 */

/** One answer of the sheet, in the order shown (the attempt wire's shape). */
export interface SheetAnswer {
  questionId: number;
  selectedAnswerIndexes: number[];
  response: string | null;
}

export interface MockExam {
  userId: string;
  /** Lower-case UUID: the saved attempt's id too. */
  id: string;
  practiceId: number;
  /** The address it was opened by (a shared link's `s_…` included). */
  practiceCode: string;
  selection: Selection;
  config: RoomConfig;
  /** Null: no time limit ("Tắt"). */
  minutes: number | null;
  startedAt: string;
  sheet: SheetAnswer[];
  sheetAt: string | null;
  submittedAt: string | null;
}

function toRow(exam: MockExam): Selectable<MockExamTable> {
  return {
    user_id: exam.userId,
    id: exam.id,
    practice_id: exam.practiceId,
    practice_code: exam.practiceCode,
    selection: JSON.stringify(exam.selection),
    config: JSON.stringify(exam.config),
    minutes: exam.minutes,
    started_at: exam.startedAt,
    sheet: JSON.stringify(exam.sheet),
    sheet_at: exam.sheetAt,
    submitted_at: exam.submittedAt,
  };
}

const MOCK_EXAM_COLUMNS = [
  "user_id",
  "id",
  "practice_id",
  "practice_code",
  "selection",
  "config",
  "minutes",
  "started_at",
  "sheet",
  "sheet_at",
  "submitted_at",
] as const satisfies readonly (keyof MockExamTable)[];

function fromRow(row: Selectable<MockExamTable>): MockExam {
  return {
    userId: row.user_id,
    id: row.id,
    practiceId: row.practice_id,
    practiceCode: row.practice_code,
    selection: JSON.parse(row.selection) as Selection,
    config: JSON.parse(row.config) as RoomConfig,
    minutes: row.minutes,
    startedAt: row.started_at,
    sheet: JSON.parse(row.sheet) as SheetAnswer[],
    sheetAt: row.sheet_at,
    submittedAt: row.submitted_at,
  };
}

/**
 * Stores a new exam; false (and nothing written) when this user already has one of that id.
 * `on conflict do nothing`, so two starts of one id at once leave exactly one exam.
 */
export async function insertMockExam(db: Kysely<DB>, exam: MockExam): Promise<boolean> {
  const done = await db
    .insertInto("mock_exam")
    .values(toRow(exam))
    .onConflict((oc) => oc.columns(["user_id", "id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return done !== undefined;
}

/** The user's exam of that id (lower-case), or null: another user's is never found. */
export async function findMockExam(
  db: Kysely<DB>,
  userId: string,
  id: string,
): Promise<MockExam | null> {
  const row = await db
    .selectFrom("mock_exam")
    // Named, not `*`: a prepared statement's columns stay what they were (ADR 0043).
    .select(MOCK_EXAM_COLUMNS)
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** Replaces the sheet of an exam not yet submitted; false when it was submitted meanwhile. */
export async function updateMockExamSheet(
  db: Kysely<DB>,
  userId: string,
  id: string,
  sheet: readonly SheetAnswer[],
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("mock_exam")
    .set({ sheet: JSON.stringify(sheet), sheet_at: at.toISOString() })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("submitted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the exam saved as an attempt (once: a later mark keeps the first time). */
export async function markMockExamSubmitted(
  db: Kysely<DB>,
  userId: string,
  id: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable("mock_exam")
    .set({ submitted_at: at.toISOString() })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .where("submitted_at", "is", null)
    .execute();
}

/** Whether the user has saved an attempt of that id (a mock exam may not take its id). */
export async function attemptIdTaken(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("attempt")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The subject code of a saved attempt's practice (the mock exam's score weighs mathematics'
 * short answers more), or null for an attempt of no practice or not the user's.
 */
export async function subjectCodeOfAttempt(
  db: Kysely<DB>,
  userId: string,
  attemptId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("attempt")
    .innerJoin("practice", "practice.id", "attempt.practice_id")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select("subject.code")
    .where("attempt.user_id", "=", userId)
    .where("attempt.id", "=", attemptId)
    .executeTakeFirst();
  return row?.code ?? null;
}
