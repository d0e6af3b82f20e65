import type { Kysely } from "kysely";
import { updateMockExamSheet } from "#db/mock-exams.ts";
import type { DB } from "#db/schema.ts";
import { examRevisions, findOpenableExam, fitsSheet, isPastGrace, sheetOf } from "./exam.ts";
import { refuse, sheetSchema, type Refusal } from "./wire.ts";

/**
 * PUT /api/mock-exams/:id/sheet: the answers as they stand, kept so a closed tab resumes them
 * and a late submission is answered with them. Accepted until the deadline and its grace; after
 * that, or once the exam is submitted, refused (409) and nothing changes.
 */
export async function saveMockExamSheet(
  db: Kysely<DB>,
  userId: string,
  id: string,
  input: unknown,
  now: Date,
): Promise<{ ok: true } | Refusal> {
  const parsed = sheetSchema.safeParse(input);
  if (!parsed.success) return refuse("BAD_REQUEST");
  const exam = await findOpenableExam(db, userId, id);
  if (!exam) return refuse("NOT_FOUND");
  if (exam.submittedAt) return refuse("ALREADY_SUBMITTED");
  if (isPastGrace(exam, now)) return refuse("TIME_UP");
  const revisions = await examRevisions(db, exam);
  if (!revisions || !fitsSheet(exam, revisions, parsed.data.answers)) return refuse("BAD_ANSWERS");
  const saved = await updateMockExamSheet(db, userId, exam.id, sheetOf(parsed.data.answers), now);
  return saved ? { ok: true } : refuse("ALREADY_SUBMITTED");
}
