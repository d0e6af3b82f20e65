import { beforeAll, expect, it } from "vitest";
import type { Selection } from "#base/selection.ts";
import { inSelection } from "#engine/selection.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { listPracticeQuestions } from "./catalogue.ts";
import { livePositions } from "./revisions.ts";

/**
 * One selection rule: the SQL the question lists use (db/revisions.ts whereInSelection) picks
 * exactly the questions engine/selection.ts's inSelection admits, on both databases.
 */

/** Chapters of the 8 positions: chapter 0 is a real chapter, null is none. */
const CHAPTERS = [0, 0, 1, null, 1, 2, null, 0];

const SELECTIONS: Selection[] = [
  { type: "PRACTICE_TIME_ALL" },
  { type: "PRACTICE_TIME_RANGE", start: 1, end: 1 },
  { type: "PRACTICE_TIME_RANGE", start: 2, end: 5 },
  { type: "PRACTICE_TIME_RANGE", start: 7, end: 8 },
  { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
  { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 1 },
  { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 3 },
];

describeEachDatabase("the selection in SQL and in the engine", (database) => {
  let practiceId = 0;

  beforeAll(async () => {
    const { db } = database();
    const subject = await db
      .insertInto("subject")
      .values({ code: "mon", name: "Môn", description: "", keywords: "", sort_order: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const practice = await db
      .insertInto("practice")
      .values({
        code: "de",
        subject_id: subject.id,
        title: "Đề",
        description: "",
        source: null,
        sort_order: 0,
        question_count: CHAPTERS.length,
        hidden: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    practiceId = practice.id;
    await db
      .insertInto("question")
      .values(
        CHAPTERS.map((chapter, idx) => ({
          practice_id: practiceId,
          idx,
          chapter_idx: chapter,
          external_id: null,
          content_hash: `h${idx}`,
          text: `Câu ${idx + 1}`,
          text_html: `Câu ${idx + 1}`,
          explanation: null,
          explanation_html: null,
          reference_url: null,
          answers: JSON.stringify([{ idx: 0, text: "Đúng", html: "Đúng", isKey: true }]),
          key_count: 1,
          created_at: "2025-03-01T00:00:00.000Z",
        })),
      )
      .execute();
  });

  it.each(SELECTIONS.map((selection) => [JSON.stringify(selection), selection] as const))(
    "%s: the same positions",
    async (_, selection) => {
      const { db } = database();
      const expected = CHAPTERS.flatMap((chapterIdx, idx) =>
        inSelection({ idx, chapterIdx }, selection) ? [idx] : [],
      );
      expect([...(await livePositions(db, practiceId, selection))].sort()).toEqual(expected);
      const listed = await listPracticeQuestions(db, practiceId, selection);
      expect(listed.map((q) => q.idx)).toEqual(expected);
    },
  );
});
