import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { findPracticeForViewer } from "#db/catalogue.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { formatJsonBank, readPracticeAsBank } from "./export-bank.ts";
import { parseJsonBank } from "./formats/json.ts";
import type { Bank } from "./formats/types.ts";
import { TooManyRetiredError, importBanks } from "./import-bank.ts";

const fixture = readFileSync(
  new URL("../tests/fixtures/banks/mini-bank.json", import.meta.url),
  "utf8",
);

function parseFixture(): Bank {
  const { value, problems } = parseJsonBank(fixture, "mini-bank.json");
  expect(problems).toEqual([]);
  return value!;
}

describeEachDatabase("importBanks", (database) => {
  it("imports a bank and exports it back identical (JSON → import → export JSON)", async () => {
    const { db } = database();
    const summary = await importBanks(db, [parseFixture()]);
    expect(summary).toMatchObject({
      subjects: 1,
      practices: 1,
      chapters: 2,
      questions: 3,
      multiAnswer: 1,
      added: 3,
    });
    const exported = await readPracticeAsBank(db, "mon-thu-chuong");
    expect(formatJsonBank(exported!)).toBe(fixture);
  });

  it("stores rendered HTML, counts, and chapter 0 as a chapter", async () => {
    const { db } = database();
    const practice = await findPracticeForViewer(db, "mon-thu-chuong", null);
    expect(practice).toMatchObject({ questionCount: 3, chapterCount: 2, contentVersion: 2 });
    expect(practice!.chapters.map((c) => [c.idx, c.title, c.questionCount])).toEqual([
      [0, "Chương mở đầu", 1],
      [1, "Chương hai", 2],
    ]);
    const chapterZero = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_CHAPTER",
      chapterIdx: 0,
    });
    expect(chapterZero).toHaveLength(1);
    expect(chapterZero[0]!.textHtml).toContain(
      '<pre class="code-block" data-lang="sql"><code>SELECT 1 + 1;</code></pre>',
    );
    const range = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_RANGE",
      start: 2,
      end: 3,
    });
    expect(range.map((q) => q.idx)).toEqual([1, 2]);
    expect(range[0]!.keyCount).toBe(2);
    expect(range[0]!.answers).toHaveLength(6);
    expect(range[0]!.textHtml).toContain('class="katex"');
  });

  it("re-importing the same bank changes nothing", async () => {
    const { db } = database();
    const before = await findPracticeForViewer(db, "mon-thu-chuong", null);
    const summary = await importBanks(db, [parseFixture()]);
    expect(summary).toMatchObject({ added: 0, revised: 0, retired: 0, unchanged: 3 });
    expect((await findPracticeForViewer(db, "mon-thu-chuong", null))!.contentVersion).toBe(
      before!.contentVersion,
    );
  });

  it("a changed question gets a new revision; the old one stays readable, retired", async () => {
    const { db } = database();
    const [before] = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_RANGE",
      start: 3,
      end: 3,
    });
    const bank = parseFixture();
    bank.practices[0]!.questions[2]!.answers[1]!.text = "Sai hoàn toàn";
    const summary = await importBanks(db, [bank]);
    expect(summary).toMatchObject({ revised: 1, unchanged: 2, added: 0, retired: 0 });
    const [after] = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_RANGE",
      start: 3,
      end: 3,
    });
    expect(after!.id).not.toBe(before!.id);
    expect(after!.answers[1]!.html).toBe("Sai hoàn toàn");
    const old = await db
      .selectFrom("question")
      .select(["retired", "revision", "answers"])
      .where("id", "=", before!.id)
      .executeTakeFirstOrThrow();
    expect(old.retired).toBe(1);
    expect(old.answers).toContain('"Sai"');
    const current = await db
      .selectFrom("question")
      .select("revision")
      .where("id", "=", after!.id)
      .executeTakeFirstOrThrow();
    expect(current.revision).toBe(old.revision + 1);
    expect((await findPracticeForViewer(db, "mon-thu-chuong", null))!.contentVersion).toBe(3);
  });

  it("a question that disappears is retired, never deleted, and one with an id is followed when it moves", async () => {
    const { db } = database();
    const bank = parseFixture();
    const questions = bank.practices[0]!.questions;
    questions[2]!.answers[1]!.text = "Sai hoàn toàn"; // as the previous test left it
    // Drop the first question: "tong-hai-so" (explicit id) moves from position 2 to 1.
    bank.practices[0]!.questions = questions.slice(1);
    const [withId] = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_RANGE",
      start: 2,
      end: 2,
    });
    const [third] = await listQuestionsByCode(db, "mon-thu-chuong", {
      type: "PRACTICE_TIME_RANGE",
      start: 3,
      end: 3,
    });
    const summary = await importBanks(db, [bank]);
    expect(summary).toMatchObject({ retired: 1, unchanged: 2, added: 0, revised: 0 });
    const live = await listQuestionsByCode(db, "mon-thu-chuong", { type: "PRACTICE_TIME_ALL" });
    expect(live).toHaveLength(2);
    expect(live.map((q) => q.id)).toEqual([withId!.id, third!.id]);
    const all = await db.selectFrom("question").select("id").execute();
    expect(all.length).toBeGreaterThan(live.length);
    expect((await findPracticeForViewer(db, "mon-thu-chuong", null))!.questionCount).toBe(2);
  });
});

describeEachDatabase("importBanks: any one of several keys, per-answer feedback", (database) => {
  const bank: Bank = {
    subject: { code: "mua", name: "Mùa", description: "", keywords: [] },
    practices: [
      {
        code: "mua-trong-nam",
        title: "Mùa trong năm",
        description: "",
        questions: [
          {
            text: "Kể tên một mùa trong năm",
            anyKey: true,
            answers: [
              { text: "Xuân", key: true, feedback: "Đúng, mùa xuân" },
              { text: "Hạ", key: true },
              { text: "Tết", key: false, feedback: "Tết là ngày lễ, không phải mùa" },
            ],
          },
          {
            text: "Chọn các số chẵn",
            answers: [
              { text: "2", key: true },
              { text: "3", key: false },
              { text: "4", key: true },
            ],
          },
        ],
      },
    ],
  };

  it("stores a question that accepts any one key as asking for one pick, and exports it back", async () => {
    const { db } = database();
    const summary = await importBanks(db, [bank]);
    expect(summary).toMatchObject({ questions: 2, multiAnswer: 1, anyKey: 1, added: 2 });
    const [seasons, evens] = await listQuestionsByCode(db, "mua-trong-nam", {
      type: "PRACTICE_TIME_ALL",
    });
    expect([seasons!.anyKey, seasons!.keyCount]).toEqual([true, 1]);
    expect([evens!.anyKey, evens!.keyCount]).toEqual([false, 2]);
    expect(seasons!.answers.map((a) => a.feedbackHtml)).toEqual([
      "Đúng, mùa xuân",
      undefined,
      "Tết là ngày lễ, không phải mùa",
    ]);
    expect((await readPracticeAsBank(db, "mua-trong-nam"))!.practices[0]).toEqual(
      bank.practices[0],
    );
    expect(await importBanks(db, [bank])).toMatchObject({ unchanged: 2, revised: 0 });
  });

  it("a dry run counts what an import would do and writes nothing", async () => {
    const { db } = database();
    const changed = structuredClone(bank);
    changed.practices[0]!.questions[1]!.text = "Chọn mọi số chẵn";
    const before = await findPracticeForViewer(db, "mua-trong-nam", null);
    expect(await importBanks(db, [changed], { dryRun: true })).toMatchObject({
      revised: 1,
      unchanged: 1,
    });
    expect(await findPracticeForViewer(db, "mua-trong-nam", null)).toEqual(before);
  });

  it("refuses to retire more than half of a practice unless allowed, and then writes nothing", async () => {
    const { db } = database();
    const replaced = structuredClone(bank);
    // An explicit id matches no live question, so both live ones would be retired.
    replaced.practices[0]!.questions = [
      { id: "cau-moi", text: "Câu mới", answers: bank.practices[0]!.questions[1]!.answers },
    ];
    const before = await listQuestionsByCode(db, "mua-trong-nam", { type: "PRACTICE_TIME_ALL" });
    await expect(importBanks(db, [replaced])).rejects.toThrow(
      new TooManyRetiredError("mua-trong-nam", 2, 2),
    );
    expect(await listQuestionsByCode(db, "mua-trong-nam", { type: "PRACTICE_TIME_ALL" })).toEqual(
      before,
    );
    expect(await importBanks(db, [replaced], { allowRetire: true })).toMatchObject({
      added: 1,
      retired: 2,
    });
  });
});
