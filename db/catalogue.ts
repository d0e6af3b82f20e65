import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

export interface SubjectRef {
  code: string;
  name: string;
  description: string;
}

export interface PracticeCard {
  code: string;
  title: string;
  description: string;
  questionCount: number;
  attemptCount: number;
}

export async function findSubjectByCode(db: Kysely<DB>, code: string): Promise<SubjectRef | null> {
  const row = await db
    .selectFrom("subject")
    .select(["code", "name", "description"])
    .where("code", "=", code)
    .executeTakeFirst();
  return row ?? null;
}

/** The visible practices of a subject, in display order. */
export async function listPracticesOfSubject(
  db: Kysely<DB>,
  subjectCode: string,
): Promise<PracticeCard[]> {
  const rows = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      "practice.code",
      "practice.title",
      "practice.description",
      "practice.question_count",
      "practice.attempt_count",
    ])
    .where("subject.code", "=", subjectCode)
    .where("practice.hidden", "=", 0)
    .orderBy("practice.sort_order")
    .orderBy("practice.title")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    title: row.title,
    description: row.description,
    questionCount: row.question_count,
    attemptCount: row.attempt_count,
  }));
}

export interface PracticeInfo extends PracticeCard {
  source: string | null;
  subject: SubjectRef;
}

export async function findPracticeByCode(
  db: Kysely<DB>,
  code: string,
): Promise<PracticeInfo | null> {
  const row = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      "practice.code",
      "practice.title",
      "practice.description",
      "practice.source",
      "practice.question_count",
      "practice.attempt_count",
      "subject.code as subject_code",
      "subject.name as subject_name",
      "subject.description as subject_description",
    ])
    .where("practice.code", "=", code)
    .where("practice.hidden", "=", 0)
    .executeTakeFirst();
  if (!row) return null;
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    source: row.source,
    questionCount: row.question_count,
    attemptCount: row.attempt_count,
    subject: {
      code: row.subject_code,
      name: row.subject_name,
      description: row.subject_description,
    },
  };
}
