import { describe, expect, it } from "vitest";
import { formatOwnPracticeText, parseOwnText } from "#content/parse-own-text.ts";
import { findPracticeForViewer, listPracticeQuestions } from "#db/catalogue.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { threeKinds } from "#tests/support/kinds-fixture.ts";
import { createOwnPractice, readOwnPracticeForEdit, updateOwnPractice } from "./manage.ts";

const noLimit = { limits: null };

describeEachDatabase("own practices of the 2025 exam's kinds", (database) => {
  const owner = "chu-de-2025";

  async function open(code: string) {
    const { db } = database();
    const practice = await findPracticeForViewer(db, code, owner);
    return listPracticeQuestions(db, practice!.id, { type: "PRACTICE_TIME_ALL" });
  }

  it("saves, opens, reads for editing and revises a practice of the three kinds", async () => {
    const { db } = database();
    await insertUser(database(), owner);
    const parsed = { chapters: [], questions: threeKinds() };
    const { code } = await createOwnPractice(db, owner, { title: "Đề 2025", parsed }, noLimit);

    const opened = await open(code);
    expect(opened.map((q) => q.kind)).toEqual(["choice", "true_false", "short_answer"]);
    expect(opened[1]!.answers.map((a) => a.isKey)).toEqual([true, false, true, false]);
    expect(opened[2]!.answers).toMatchObject([{ value: "0,5", tolerance: 0.01 }, { value: "1/2" }]);
    const read = await readOwnPracticeForEdit(db, owner, code);
    expect(read!.parsed.questions).toEqual(threeKinds());

    // Statement b) becomes true: the Đúng/Sai question is a new revision, the others stay.
    const edited = threeKinds();
    edited[1]!.answers[1]!.key = true;
    await updateOwnPractice(
      db,
      owner,
      code,
      { title: "Đề 2025", parsed: { chapters: [], questions: edited } },
      read!.version,
    );
    const after = await open(code);
    expect(after[0]!.id).toBe(opened[0]!.id);
    expect(after[2]!.id).toBe(opened[2]!.id);
    expect(after[1]!.id).not.toBe(opened[1]!.id);
    expect(after[1]!.answers.map((a) => a.isKey)).toEqual([true, true, true, false]);
    // An edit from the version before is refused, as for multiple choice.
    await expect(
      updateOwnPractice(db, owner, code, { title: "Cũ", parsed }, read!.version),
    ).rejects.toMatchObject({ code: "STALE_EDIT" });
  });

  it("refuses a Đúng/Sai question of one statement with the question's message", async () => {
    const { db } = database();
    const questions = threeKinds();
    questions[1]!.answers = questions[1]!.answers.slice(0, 1);
    await expect(
      createOwnPractice(db, owner, { title: "Sai", parsed: { chapters: [], questions } }, noLimit),
    ).rejects.toMatchObject({
      code: "INVALID",
      message: expect.stringContaining("câu 2: Câu Đúng/Sai chỉ có 1 ý"),
    });
  });
});

describe("the editor's text of an own practice of the three kinds", () => {
  it("reads back to the same questions, kinds and tolerances (Sửa đề loses nothing)", () => {
    const parsed = { chapters: [], questions: threeKinds() };
    const written = formatOwnPracticeText(parsed);
    const back = parseOwnText(written);
    expect(back.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(back.parsed!.questions.map(({ line: _line, ...question }) => question)).toEqual(
      threeKinds(),
    );
  });
});
