import type { Kysely } from "kysely";
import { OWN_SUBJECT_CODE } from "./own-practices.ts";
import { prepared } from "./prepared.ts";
import type { DB } from "./schema.ts";

export interface SubjectSummary {
  code: string;
  name: string;
  description: string;
  keywords: string;
  practiceCount: number;
}

const subjectsWithCounts = prepared((db) =>
  db
    .selectFrom("subject")
    .leftJoin("practice", (join) =>
      join.onRef("practice.subject_id", "=", "subject.id").on("practice.hidden", "=", 0),
    )
    .select((eb) => [
      "subject.code",
      "subject.name",
      "subject.description",
      "subject.keywords",
      eb.fn.count<string | number>("practice.id").as("practice_count"),
    ])
    .groupBy([
      "subject.id",
      "subject.code",
      "subject.name",
      "subject.description",
      "subject.keywords",
    ])
    // The system subject of students' own practices is nobody's to browse.
    .where("subject.code", "!=", OWN_SUBJECT_CODE)
    .orderBy("subject.sort_order")
    .orderBy("subject.name"),
);

/** Subjects in display order, with how many visible practices each has. */
export async function listSubjects(db: Kysely<DB>): Promise<SubjectSummary[]> {
  const rows = await subjectsWithCounts.execute(db, {});
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    description: row.description,
    keywords: row.keywords,
    practiceCount: Number(row.practice_count),
  }));
}
