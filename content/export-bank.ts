import type { Kysely } from "kysely";
import type { DB, StoredAnswer } from "#db/schema.ts";
import type { Bank, BankPractice, BankQuestion } from "./formats/types.ts";

/** A practice as it is now (live revisions), in our bank shape, with its subject. */
export async function readPracticeAsBank(
  db: Kysely<DB>,
  practiceCode: string,
): Promise<Bank | null> {
  const practice = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      "practice.id",
      "practice.code",
      "practice.title",
      "practice.description",
      "practice.source",
      "practice.hidden",
      "subject.code as subject_code",
      "subject.name as subject_name",
      "subject.description as subject_description",
      "subject.keywords as subject_keywords",
    ])
    .where("practice.code", "=", practiceCode)
    .executeTakeFirst();
  if (!practice) return null;
  const chapters = await db
    .selectFrom("chapter")
    .select(["title", "description"])
    .where("practice_id", "=", practice.id)
    .orderBy("idx")
    .execute();
  const questions = await db
    .selectFrom("question")
    .select([
      "external_id",
      "chapter_idx",
      "text",
      "answers",
      "any_key",
      "explanation",
      "reference_url",
    ])
    .where("practice_id", "=", practice.id)
    .where("retired", "=", 0)
    .orderBy("idx")
    .execute();
  // Key order follows content/banks/FORMAT.md, so an exported file diffs cleanly against its source.
  const out: BankPractice = {
    code: practice.code,
    title: practice.title,
    description: practice.description,
    ...(practice.source !== null ? { source: practice.source } : {}),
    ...(practice.hidden ? { hidden: true } : {}),
    ...(chapters.length > 0
      ? {
          chapters: chapters.map((c) => ({
            title: c.title,
            ...(c.description ? { description: c.description } : {}),
          })),
        }
      : {}),
    questions: questions.map((q): BankQuestion => ({
      ...(q.external_id !== null ? { id: q.external_id } : {}),
      ...(q.chapter_idx !== null ? { chapter: q.chapter_idx } : {}),
      text: q.text,
      answers: (JSON.parse(q.answers) as StoredAnswer[]).map((a) => ({
        text: a.text,
        key: a.isKey,
        ...(a.feedback ? { feedback: a.feedback } : {}),
      })),
      ...(q.any_key ? { anyKey: true } : {}),
      ...(q.explanation !== null ? { explanation: q.explanation } : {}),
      ...(q.reference_url !== null ? { reference: q.reference_url } : {}),
    })),
  };
  return {
    subject: {
      code: practice.subject_code,
      name: practice.subject_name,
      description: practice.subject_description,
      keywords: practice.subject_keywords.split(" ").filter(Boolean),
    },
    practices: [out],
  };
}

/** Our JSON format as the repository keeps it: two-space indent, final newline. */
export function formatJsonBank(bank: Bank): string {
  return `${JSON.stringify(bank, null, 2)}\n`;
}
