import type { Kysely } from "kysely";
import { importBanks } from "#content/import-bank.ts";
import type { DB } from "#db/schema.ts";
import { roomConfig } from "#engine/test-support.ts";

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
  return (
    await db.selectFrom("question").select("id").where("retired", "=", 0).orderBy("idx").execute()
  ).map((row) => row.id);
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
