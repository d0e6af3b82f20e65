import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { listExportPage } from "#db/data-export.ts";
import { saveAttempt } from "#services/attempts/save-attempt.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { threeKinds } from "#tests/support/kinds-fixture.ts";
import { csvCell, csvRows } from "./data-export.ts";

describeEachDatabase("data export of the 2025 exam's kinds", (database) => {
  it("writes each question's kind and each answer's response, in the JSON and the CSV", async () => {
    const { db } = database();
    await insertUser(database(), "hs");
    await importBanks(db, [
      {
        subject: { code: "toan", name: "Toán", description: "", keywords: [] },
        practices: [
          { code: "de-2025", title: "Đề 2025", description: "", questions: threeKinds() },
        ],
      },
    ]);
    const ids = (
      await db.selectFrom("question").select("id").where("retired", "=", 0).orderBy("idx").execute()
    ).map((row) => row.id);
    const saved = await saveAttempt(db, "hs", {
      id: randomUUID(),
      practiceCode: "de-2025",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: roomConfig({ practiceType: "FLAT", seed: 3 }),
      answers: [
        { questionId: ids[0]!, selectedAnswerIndexes: [0] },
        { questionId: ids[1]!, selectedAnswerIndexes: [], response: "TT-F" },
        { questionId: ids[2]!, selectedAnswerIndexes: [], response: "0.5" },
      ],
      answerOrders: null,
      totalTime: 60,
    });
    expect(saved.ok).toBe(true);

    const [attempt] = await listExportPage(db, "hs", null, 10);
    expect(attempt!.answers.map((a) => [a.kind, a.response, a.selected, a.right])).toEqual([
      ["choice", null, [0], false],
      ["true_false", "TT-F", [], false],
      ["short_answer", "0.5", [], true],
    ]);
    // A JSON reader sees the kind and the response of every answer.
    const json = JSON.parse(JSON.stringify(attempt));
    expect(json.answers[1]).toMatchObject({ kind: "true_false", response: "TT-F" });

    const rows = csvRows(attempt!).trimEnd().split("\r\n");
    expect(rows[1]).toContain(
      ["a) Đúng; b) Đúng; c) (chưa chọn); d) Sai", "a) Đúng; b) Sai; c) Đúng; d) Sai", "Sai"]
        .map(csvCell)
        .join(","),
    );
    expect(rows[2]).toContain(["0.5", "0,5; 1/2", "Đúng"].map(csvCell).join(","));
  });
});
