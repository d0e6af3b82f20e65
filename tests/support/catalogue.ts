import type { Kysely } from "kysely";
import type { Selection } from "#base/selection.ts";
import { listPracticeQuestions, type QuestionView } from "#db/catalogue.ts";
import type { DB } from "#db/schema.ts";

/**
 * The live questions of a practice named by its stored code, hidden or not: what tests and
 * benchmarks read back after an import. The app resolves an address first
 * (findPracticeForViewer) and then reads by row id.
 */
export async function listQuestionsByCode(
  db: Kysely<DB>,
  practiceCode: string,
  selection: Selection,
): Promise<QuestionView[]> {
  const practice = await db
    .selectFrom("practice")
    .select("id")
    .where("code", "=", practiceCode)
    .executeTakeFirst();
  return practice ? listPracticeQuestions(db, practice.id, selection) : [];
}
