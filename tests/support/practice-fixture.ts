import type { Kysely } from "kysely";
import { importBanks } from "#content/import-bank.ts";
import type { DB } from "#db/schema.ts";
import { roomConfig } from "./engine-fixture.ts";

/**
 * The smallest practice the server tests need: subject "mon-thu", practice "de-thu", one
 * chapter, `count` questions whose first answer ("Đúng") is the key. Returns the questions' ids
 * in practice order.
 */
export async function importTinyPractice(db: Kysely<DB>, count = 2): Promise<number[]> {
  await importBanks(db, [
    {
      subject: { code: "mon-thu", name: "Môn thử", description: "", keywords: [] },
      practices: [
        {
          code: "de-thu",
          title: "Đề thử",
          description: "",
          chapters: [{ title: "Chương 1" }],
          questions: Array.from({ length: count }, (_, i) => ({
            text: `Câu ${i + 1}`,
            chapter: 0,
            answers: [
              { text: "Đúng", key: true },
              { text: "Sai", key: false },
            ],
          })),
        },
      ],
    },
  ]);
  return liveQuestionIds(db);
}

/** Every live question's id (retired revisions left out), in practice order. */
export async function liveQuestionIds(db: Kysely<DB>): Promise<number[]> {
  return (
    await db.selectFrom("question").select("id").where("retired", "=", 0).orderBy("idx").execute()
  ).map((row) => row.id);
}

/**
 * The tiny practice written row by row with only the columns of migrations 0001–0002, for the
 * migration tests that need a practice in a schema older than the importer writes
 * (`question.kind` of 0015, `question.search_text` of 0017). Returns the questions' ids.
 */
export async function insertTinyPracticeRows(db: Kysely<DB>, count = 2): Promise<number[]> {
  const subject = await db
    .insertInto("subject")
    .values({ code: "mon-thu", name: "Môn thử", description: "", keywords: "", sort_order: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const practice = await db
    .insertInto("practice")
    .values({
      code: "de-thu",
      subject_id: subject.id,
      title: "Đề thử",
      description: "",
      source: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let idx = 0; idx < count; idx++) {
    const row = await db
      .insertInto("question")
      .values({
        practice_id: practice.id,
        idx,
        chapter_idx: null,
        external_id: null,
        content_hash: `cau-${idx + 1}`,
        text: `Câu ${idx + 1}`,
        text_html: `<p>Câu ${idx + 1}</p>`,
        answers: JSON.stringify([
          { idx: 0, text: "Đúng", html: "Đúng", isKey: true },
          { idx: 1, text: "Sai", html: "Sai", isKey: false },
        ]),
        key_count: 1,
        created_at: "2025-03-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * What the room sends to POST /api/attempts for a finished flat run of the whole tiny
 * practice, every question answered with its first answer unless `picks` says otherwise.
 */
export function attemptSubmission(
  id: string,
  questionIds: readonly number[],
  options: { picks?: (index: number) => number[]; totalTime?: number } = {},
) {
  return {
    id,
    practiceCode: "de-thu",
    selection: { type: "PRACTICE_TIME_ALL" },
    config: roomConfig({ practiceType: "FLAT", seed: 42 }),
    answers: questionIds.map((questionId, index) => ({
      questionId,
      selectedAnswerIndexes: options.picks?.(index) ?? [0],
    })),
    answerOrders: null,
    totalTime: options.totalTime ?? 77,
  };
}
