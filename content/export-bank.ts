import type { Kysely } from "kysely";
import { readPracticeForExport, type SubjectValues } from "#db/bank-store.ts";
import type { DB, StoredAnswer } from "#db/schema.ts";
import type { Bank, BankPractice, BankQuestion, BankSubject } from "./formats/types.ts";

/** A practice as it is now (live revisions), in our bank shape, with its subject. */
export async function readPracticeAsBank(
  db: Kysely<DB>,
  practiceCode: string,
): Promise<Bank | null> {
  const stored = await readPracticeForExport(db, practiceCode);
  if (!stored) return null;
  const { practice, chapters, questions } = stored;
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
    subject: bankSubject({
      code: practice.subject_code,
      name: practice.subject_name,
      description: practice.subject_description,
      keywords: practice.subject_keywords,
    }),
    practices: [out],
  };
}

/** A stored subject in our bank shape (keywords are stored space-separated). */
export function bankSubject(subject: SubjectValues): BankSubject {
  return { ...subject, keywords: subject.keywords.split(" ").filter(Boolean) };
}

/** Our JSON format as the repository keeps it: two-space indent, final newline. */
export function formatJsonBank(bank: Bank): string {
  return `${JSON.stringify(bank, null, 2)}\n`;
}
