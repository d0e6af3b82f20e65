import { expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { createSqliteTestDatabase, describeEachDatabase } from "#tests/support/databases.ts";
import { findPracticeForViewer, listPracticeQuestionsOfVersion } from "./catalogue.ts";

/** A three-question practice whose first question says `first`. */
function bank(first: string): Bank {
  return {
    subject: { code: "mon-dem", name: "Môn đệm", description: "", keywords: [] },
    practices: [
      {
        code: "de-dem",
        title: "Đề đệm",
        description: "",
        questions: [first, "Câu hai?", "Câu ba?"].map((text) => ({
          text,
          answers: [
            { text: "Có", key: true },
            { text: "Không", key: false },
          ],
        })),
      },
    ],
  };
}

const ALL = { type: "PRACTICE_TIME_ALL" } as const;

async function practiceOf(db: Parameters<typeof findPracticeForViewer>[0]) {
  const practice = await findPracticeForViewer(db, "de-dem", null);
  if (!practice) throw new Error("the practice was not imported");
  return practice;
}

describeEachDatabase("a practice's questions kept per content version", (database) => {
  it("reads once per version: a changed bank is a new version, seen at once", async () => {
    const { db } = database();
    await importBanks(db, [bank("Câu một, lần đầu?")]);
    const first = await practiceOf(db);
    const read = await listPracticeQuestionsOfVersion(db, first, ALL);
    expect(read.map((q) => q.textHtml)).toEqual(["Câu một, lần đầu?", "Câu hai?", "Câu ba?"]);
    // The same version and selection: the very same questions, not read again.
    expect(await listPracticeQuestionsOfVersion(db, first, ALL)).toBe(read);

    await importBanks(db, [bank("Câu một, đã sửa?")]);
    const changed = await practiceOf(db);
    expect(changed.contentVersion).toBe(first.contentVersion + 1);
    const reread = await listPracticeQuestionsOfVersion(db, changed, ALL);
    expect(reread.map((q) => q.textHtml)).toEqual(["Câu một, đã sửa?", "Câu hai?", "Câu ba?"]);
    // Another selection of the same version is its own entry.
    const range = await listPracticeQuestionsOfVersion(db, changed, {
      type: "PRACTICE_TIME_RANGE",
      start: 2,
      end: 3,
    });
    expect(range.map((q) => q.textHtml)).toEqual(["Câu hai?", "Câu ba?"]);
  });

  it("shares frozen questions: a request cannot change what the next one reads", async () => {
    const { db } = database();
    const [question] = await listPracticeQuestionsOfVersion(db, await practiceOf(db), ALL);
    expect(() => {
      (question as { textHtml: string }).textHtml = "đổi";
    }).toThrow(TypeError);
    expect(() => {
      (question!.answers[0] as { isKey: boolean }).isKey = false;
    }).toThrow(TypeError);
  });
});

it("keeps each database's questions apart, though their practices share ids and versions", async () => {
  const one = await createSqliteTestDatabase();
  const two = await createSqliteTestDatabase();
  try {
    await importBanks(one.db, [bank("Câu của cơ sở dữ liệu một?")]);
    await importBanks(two.db, [bank("Câu của cơ sở dữ liệu hai?")]);
    const [a, b] = [await practiceOf(one.db), await practiceOf(two.db)];
    expect([a.id, a.contentVersion]).toEqual([b.id, b.contentVersion]);
    const [fromOne] = await listPracticeQuestionsOfVersion(one.db, a, ALL);
    const [fromTwo] = await listPracticeQuestionsOfVersion(two.db, b, ALL);
    expect(fromOne!.textHtml).toBe("Câu của cơ sở dữ liệu một?");
    expect(fromTwo!.textHtml).toBe("Câu của cơ sở dữ liệu hai?");
  } finally {
    await one.destroy();
    await two.destroy();
  }
});
