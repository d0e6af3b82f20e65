import type { Kysely } from "kysely";
import { readPracticeForExport, type SubjectValues } from "#db/bank-store.ts";
import { readPracticePictures } from "#db/pictures.ts";
import type { DB, StoredAnswer } from "#db/schema.ts";
import type { Bank, BankPractice, BankQuestion, BankSubject } from "./formats/types.ts";

/**
 * A practice as it is now (live revisions), in our bank shape, with its subject; with
 * `withPictures`, also every picture its questions show (an export carries them).
 */
export async function readPracticeAsBank(
  db: Kysely<DB>,
  practiceCode: string,
  { withPictures = false }: { withPictures?: boolean } = {},
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
        ...(a.tolerance !== undefined ? { tolerance: a.tolerance } : {}),
      })),
      ...(q.any_key ? { anyKey: true } : {}),
      // Multiple choice writes no kind, so older files and their exports stay alike.
      ...(q.kind !== "choice" ? { kind: q.kind } : {}),
      ...(q.explanation !== null ? { explanation: q.explanation } : {}),
      ...(q.reference_url !== null ? { reference: q.reference_url } : {}),
    })),
  };
  const pictures = withPictures ? await readPracticePictures(db, practice.id) : [];
  return {
    subject: bankSubject({
      code: practice.subject_code,
      name: practice.subject_name,
      description: practice.subject_description,
      keywords: practice.subject_keywords,
    }),
    practices: [out],
    ...(pictures.length > 0 ? { pictures } : {}),
  };
}

/** A stored subject in our bank shape (keywords are stored space-separated). */
export function bankSubject(subject: SubjectValues): BankSubject {
  return { ...subject, keywords: subject.keywords.split(" ").filter(Boolean) };
}

/**
 * Our JSON format as the repository keeps it: two-space indent, final newline. The pictures
 * go last, as our sample banks have them, each named by its hash and written as its stored
 * bytes in base64 (content/banks/FORMAT.md): stored bytes are what encodePicture keeps as they
 * are, so the file re-imports to the very same pictures and the same texts.
 */
export function formatJsonBank(bank: Bank): string {
  const { subject, practices, pictures } = bank;
  const written = {
    subject,
    practices,
    ...(pictures && pictures.length > 0
      ? {
          pictures: Object.fromEntries(
            pictures.map((picture) => [
              picture.hash,
              { base64: Buffer.from(picture.bytes).toString("base64") },
            ]),
          ),
        }
      : {}),
  };
  return `${JSON.stringify(written, null, 2)}\n`;
}
