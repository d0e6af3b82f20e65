import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import { questionSearchText } from "#base/search.ts";
import { dialectOf } from "./dialect-of.ts";
import { OWN_SUBJECT_CODE } from "./own-practices.ts";
import { linkQuestionPictures } from "./pictures.ts";
import type { DB, QuestionTable, StoredAnswer } from "./schema.ts";

/**
 * The catalogue as the importer and the exporter see it: every read and write of subjects,
 * practices, chapters and question revisions they make. The matching of a bank's questions
 * against the live ones (content/import-bank.ts) decides; this module only reads and writes.
 */

export type QuestionRow = Insertable<QuestionTable>;

export interface SubjectValues {
  code: string;
  name: string;
  description: string;
  /** Space-separated, as stored. */
  keywords: string;
}

export interface PracticeValues {
  code: string;
  title: string;
  description: string;
  source: string | null;
  hidden: boolean;
}

export interface ChapterValues {
  title: string;
  description: string;
  questionCount: number;
}

/** A live revision, with what the importer matches it by. */
export interface LiveQuestion {
  id: number;
  idx: number;
  external_id: string | null;
  content_hash: string;
  revision: number;
}

/** What one practice's import changes among its questions, written in a safe order. */
export interface QuestionChanges {
  retire: readonly number[];
  /** Kept rows that now stand at another position. */
  move: readonly { id: number; idx: number }[];
  insert: readonly QuestionRow[];
}

/** Writes of one import, all inside one transaction (see `writeCatalogue`). */
export class CatalogueWriter {
  constructor(private readonly trx: Transaction<DB>) {}

  /** No subject yet: read under the import's lock, so it stays true until this import ends. */
  async isEmpty(): Promise<boolean> {
    return (await countRows(this.trx, "subject")) === 0;
  }

  /** Creates the subject or updates it by code; a new one goes last in the list. */
  async upsertSubject({ code, ...values }: SubjectValues): Promise<number> {
    const existing = await this.trx
      .selectFrom("subject")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirst();
    if (existing) {
      await this.trx.updateTable("subject").set(values).where("id", "=", existing.id).execute();
      return existing.id;
    }
    const sortOrder = await countRows(this.trx, "subject");
    const row = await this.trx
      .insertInto("subject")
      .values({ code, ...values, sort_order: sortOrder })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Creates the practice or updates it by code; a new one goes last in its subject. */
  async upsertPractice(subjectId: number, practice: PracticeValues): Promise<number> {
    const { code, hidden, ...rest } = practice;
    const values = { ...rest, subject_id: subjectId, hidden: hidden ? 1 : 0 };
    const existing = await this.trx
      .selectFrom("practice")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirst();
    if (existing) {
      await this.trx.updateTable("practice").set(values).where("id", "=", existing.id).execute();
      return existing.id;
    }
    const { count } = await this.trx
      .selectFrom("practice")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("subject_id", "=", subjectId)
      .executeTakeFirstOrThrow();
    const row = await this.trx
      .insertInto("practice")
      .values({ code, ...values, sort_order: Number(count) })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  liveQuestions(practiceId: number): Promise<LiveQuestion[]> {
    return this.trx
      .selectFrom("question")
      .select(["id", "idx", "external_id", "content_hash", "revision"])
      .where("practice_id", "=", practiceId)
      .where("retired", "=", 0)
      .execute();
  }

  /**
   * Retire first, then park moved rows on free (negative) positions, then place them, then
   * insert: the one-live-row-per-position index never sees two rows at once. Every new row
   * gets its folded search text here (base/search.ts), so no caller can forget it.
   */
  async applyQuestionChanges({
    retire,
    move,
    insert,
  }: QuestionChanges): Promise<{ id: number; row: QuestionRow }[]> {
    for (const ids of chunk(retire, 500)) {
      await this.trx.updateTable("question").set({ retired: 1 }).where("id", "in", ids).execute();
    }
    for (const { id } of move) {
      await this.trx.updateTable("question").set({ idx: -id }).where("id", "=", id).execute();
    }
    for (const { id, idx } of move) {
      await this.trx.updateTable("question").set({ idx }).where("id", "=", id).execute();
    }
    const inserted: { id: number; row: QuestionRow }[] = [];
    for (const rows of chunk(insert, 100)) {
      // RETURNING's order is not promised: each new row is found again by its position.
      const ids = await this.trx
        .insertInto("question")
        .values(rows.map(forInsert))
        .returning(["id", "idx"])
        .execute();
      const byIdx = new Map(rows.map((row) => [row.idx, row]));
      for (const { id, idx } of ids) inserted.push({ id, row: byIdx.get(idx)! });
    }
    return inserted;
  }

  /** Ties new question revisions to the pictures they show (stored in this transaction or before). */
  linkPictures(links: readonly { questionId: number; hashes: readonly string[] }[]): Promise<void> {
    return linkQuestionPictures(this.trx, links);
  }

  async replaceChapters(practiceId: number, chapters: readonly ChapterValues[]): Promise<void> {
    await this.trx.deleteFrom("chapter").where("practice_id", "=", practiceId).execute();
    if (chapters.length === 0) return;
    await this.trx
      .insertInto("chapter")
      .values(
        chapters.map((chapter, idx) => ({
          practice_id: practiceId,
          idx,
          title: chapter.title,
          description: chapter.description,
          question_count: chapter.questionCount,
        })),
      )
      .execute();
  }

  /** The practice's counts; its content version moves when any of its questions did. */
  async finishPractice(
    practiceId: number,
    counts: { questions: number; chapters: number; changed: boolean },
  ): Promise<void> {
    await this.trx
      .updateTable("practice")
      .set((eb) => ({
        question_count: counts.questions,
        chapter_count: counts.chapters,
        content_version: counts.changed ? eb("content_version", "+", 1) : eb.ref("content_version"),
      }))
      .where("id", "=", practiceId)
      .execute();
  }
}

/** Any number, the same in every instance: the key of the catalogue's PostgreSQL advisory lock. */
const CATALOGUE_LOCK = 7_341_826;

/**
 * Runs an import's writes in one transaction: all or nothing, and one import at a time across
 * every instance and CLI. On PostgreSQL a transaction-scoped advisory lock queues the others
 * (two instances starting together on an empty database both tried to import); on
 * SQLite the transaction begins IMMEDIATE, which already queues every other writer.
 */
export function writeCatalogue<T>(
  db: Kysely<DB>,
  work: (writer: CatalogueWriter, trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") {
      await sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`.execute(trx);
    }
    return work(new CatalogueWriter(trx), trx);
  });
}

export async function countSubjects(db: Kysely<DB>): Promise<number> {
  return countRows(db, "subject");
}

export function findSubject(db: Kysely<DB>, code: string): Promise<SubjectValues | undefined> {
  return db
    .selectFrom("subject")
    .select(["code", "name", "description", "keywords"])
    .where("code", "=", code)
    .executeTakeFirst();
}

/** A practice as it is now (live revisions, in order), with its subject and chapters. */
export async function readPracticeForExport(db: Kysely<DB>, practiceCode: string) {
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
      "kind",
      "explanation",
      "reference_url",
    ])
    .where("practice_id", "=", practice.id)
    .where("retired", "=", 0)
    .orderBy("idx")
    .execute();
  return { practice, chapters, questions };
}

async function countRows(db: Kysely<DB> | Transaction<DB>, table: "subject"): Promise<number> {
  // The system subject of students' own practices is not the catalogue's: a database with only
  // students' practices still gets the sample banks at its first start.
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("code", "!=", OWN_SUBJECT_CODE)
    .executeTakeFirstOrThrow();
  return Number(count);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * A row as inserted: it names its kind (Kysely's multi-row insert on SQLite nulls a column a
 * row lacks) and carries what the home page's search finds it by (migration 0017).
 */
function forInsert(row: QuestionRow): QuestionRow {
  const answers = (JSON.parse(row.answers) as StoredAnswer[]).map((answer) => answer.text);
  return {
    ...row,
    kind: row.kind ?? "choice",
    search_text: questionSearchText(row.text, answers),
  };
}
