import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { threeKinds } from "#tests/support/kinds-fixture.ts";
import { formatJsonBank, readPracticeAsBank } from "./export-bank.ts";
import { parseJsonBank } from "./formats/json.ts";
import type { Bank } from "./formats/types.ts";
import { importBanks } from "./import-bank.ts";

function bankOf(questions = threeKinds()): Bank {
  return {
    subject: { code: "toan", name: "Toán", description: "", keywords: [] },
    practices: [{ code: "de-2025", title: "Đề 2025", description: "", questions }],
  };
}

describeEachDatabase("export of the 2025 exam's kinds", (database) => {
  it("writes each question's kind and tolerances, and re-imports to the same questions", async () => {
    const { db } = database();
    await importBanks(db, [bankOf()]);
    const hashes = async () =>
      (
        await db
          .selectFrom("question")
          .select(["id", "content_hash", "kind"])
          .where("retired", "=", 0)
          .orderBy("idx")
          .execute()
      ).map((row) => ({ ...row }));
    const before = await hashes();
    expect(before.map((row) => row.kind)).toEqual(["choice", "true_false", "short_answer"]);

    const text = formatJsonBank((await readPracticeAsBank(db, "de-2025"))!);
    const { value, problems } = parseJsonBank(text, "de-2025.json");
    expect(problems).toEqual([]);
    expect(value!.practices[0]!.questions).toEqual(threeKinds());
    // Multiple choice writes no kind: files from before issue 27 export as they were.
    expect(JSON.parse(text).practices[0].questions[0]).not.toHaveProperty("kind");

    const again = await importBanks(db, [value!]);
    expect(again).toMatchObject({ revised: 0, added: 0, retired: 0, unchanged: 3 });
    expect(await hashes()).toEqual(before);
  });

  it("revises a question whose kind, statement truth or tolerance changed", async () => {
    const { db } = database();
    const changed = threeKinds();
    changed[1]!.answers[1]!.key = true;
    changed[2]!.answers[0]!.tolerance = 0.1;
    const summary = await importBanks(db, [bankOf(changed)]);
    expect(summary).toMatchObject({ revised: 2, unchanged: 1 });
  });
});
