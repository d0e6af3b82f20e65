import { beforeAll, expect, it } from "vitest";
import { halfTyped, searchTerms } from "#base/search.ts";
import { importBanks } from "#content/import-bank.ts";
import type { Bank, BankQuestion } from "#content/formats/types.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";
import { listSearchablePractices, searchQuestions } from "./search.ts";

function question(text: string, answers: string[] = ["Đúng", "Sai"], chapter?: number) {
  return {
    text,
    ...(chapter === undefined ? {} : { chapter }),
    answers: answers.map((answer, i) => ({ text: answer, key: i === 0 })),
  } satisfies BankQuestion;
}

/** A public practice with chapters, a public one without, and a hidden one. */
function bank(pointerText = "Con trỏ `p` trỏ tới đâu sau khi `free(p)`?"): Bank {
  return {
    subject: { code: "lap-trinh-c", name: "Lập trình C", description: "", keywords: ["ltc"] },
    practices: [
      {
        code: "ltc-chuong",
        title: "C theo chương",
        description: "Hai chương",
        chapters: [{ title: "Cơ bản" }, { title: "Con trỏ và bộ nhớ" }],
        questions: [
          question("Kiểu `int` chiếm bao nhiêu byte?", ["4", "8"], 0),
          question(pointerText, ["Vùng nhớ đã giải phóng", "NULL"], 1),
          question("Phép toán nào trỏ tới địa chỉ của biến con?", ["&", "*"], 1),
        ],
      },
      {
        code: "ltc-tong-hop",
        title: "C tổng hợp",
        description: "Không chia chương",
        questions: [
          question("Khai báo con trỏ nào đúng?", ["int *p; là một con trỏ tới int", "int p*;"]),
          question("Lệnh in ra gì với định dạng 100%?", ["100%", "100"]),
          question("Tên biến nào hợp lệ?", ["so_luong", "so-luong"]),
          question("Bài tập Cơ sở dữ liệu: khoá chính là gì?", ["Định danh một dòng", "Chỉ mục"]),
        ],
      },
      {
        code: "ltc-an",
        title: "Đề ẩn",
        description: "Không ai thấy",
        hidden: true,
        questions: [question("Con trỏ ẩn trong đề ẩn?")],
      },
    ],
  };
}

const hits = (query: string, limit = 30) => ({ terms: searchTerms(query), limit });

describeEachDatabase("search of questions", (database) => {
  beforeAll(async () => {
    const { db } = database();
    await importBanks(db, [bank("Con trỏ cũ, trước khi sửa?")]);
    // The second import retires the first revision of the pointer question.
    await importBanks(db, [bank()]);
  });

  it("finds live questions of public practices typed without diacritics, with practice and chapter", async () => {
    const { db } = database();
    const found = await searchQuestions(db, hits("con tro"));
    expect(found.map((q) => [q.practice.code, q.idx])).toContainEqual(["ltc-tong-hop", 0]);
    expect(found[0]).toEqual({
      id: expect.any(Number),
      idx: 1,
      chapterIdx: 1,
      chapterTitle: "Con trỏ và bộ nhớ",
      text: "Con trỏ `p` trỏ tới đâu sau khi `free(p)`?",
      answers: ["Vùng nhớ đã giải phóng", "NULL"],
      practice: {
        code: "ltc-chuong",
        title: "C theo chương",
        questionCount: 3,
        chapterCount: 2,
        subjectName: "Lập trình C",
      },
    });
    expect(found[1]).toMatchObject({ idx: 0, chapterIdx: null, chapterTitle: null });
  });

  it("never finds a hidden practice's question nor a retired revision", async () => {
    const found = await searchQuestions(database().db, hits("con tro"));
    expect(found.map((q) => q.text).join(" ")).not.toMatch(/ẩn|cũ/);
    expect(await searchQuestions(database().db, hits("an trong de an"))).toEqual([]);
    expect(await searchQuestions(database().db, hits("truoc khi sua"))).toEqual([]);
  });

  it("needs every word, in the question or its answers; the question's own words first", async () => {
    const { db } = database();
    expect((await searchQuestions(db, hits("con tro free"))).map((q) => q.idx)).toEqual([1]);
    expect(await searchQuestions(db, hits("con tro khoa chinh"))).toEqual([]);
    const both = await searchQuestions(db, hits("int"));
    // "Kiểu `int`…" holds it in its text; "Khai báo con trỏ nào đúng?" only in an answer.
    expect(both.map((q) => q.text)).toEqual([
      "Kiểu `int` chiếm bao nhiêu byte?",
      "Khai báo con trỏ nào đúng?",
    ]);
  });

  it("matches whole words, or the last as the start of one when the caller loosens it", async () => {
    const { db } = database();
    expect(await searchQuestions(db, hits("lenh i"))).toEqual([]);
    const loose = { terms: halfTyped(searchTerms("lenh i"))!, limit: 30 };
    expect((await searchQuestions(db, loose)).map((q) => q.idx)).toEqual([1]);
    expect(await searchQuestions(db, hits("i lenh"))).toEqual([]);
  });

  it("puts the words side by side before words apart, whatever the catalogue order", async () => {
    const found = await searchQuestions(database().db, hits("con tro"));
    expect(found.map((q) => [q.practice.code, q.idx])).toEqual([
      ["ltc-chuong", 1],
      ["ltc-tong-hop", 0],
      ["ltc-chuong", 2],
    ]);
  });

  it("takes % and _ as themselves, not as LIKE's wildcards", async () => {
    const { db } = database();
    expect((await searchQuestions(db, hits("100%"))).map((q) => q.idx)).toEqual([1]);
    expect(await searchQuestions(db, hits("1%0"))).toEqual([]);
    expect((await searchQuestions(db, hits("so_luong"))).map((q) => q.idx)).toEqual([2]);
    expect(await searchQuestions(db, hits("so_l_ong"))).toEqual([]);
    expect(await searchQuestions(db, hits("!"))).toEqual([]);
  });

  it("expands an abbreviation", async () => {
    const found = await searchQuestions(database().db, hits("csdl khoa"));
    expect(found.map((q) => q.text)).toEqual(["Bài tập Cơ sở dữ liệu: khoá chính là gì?"]);
  });

  it("stops at the limit", async () => {
    expect(await searchQuestions(database().db, hits("con tro", 1))).toHaveLength(1);
  });

  it("lists the public practices with their subject, in catalogue order", async () => {
    const practices = await listSearchablePractices(database().db);
    expect(practices.map((p) => p.code)).toEqual(["ltc-chuong", "ltc-tong-hop"]);
    expect(practices[0]).toMatchObject({
      title: "C theo chương",
      description: "Hai chương",
      subjectName: "Lập trình C",
      subjectKeywords: "ltc",
      questionCount: 3,
    });
  });
});

describeEachDatabase(
  "migration 0017: the folded search text of the questions already stored",
  (database) => {
    it("fills every existing question, so it is found at once", async () => {
      const { db } = database();
      const migrator = await createMigrator(db);
      expect((await migrator.migrateTo("0016-mock-exams")).error).toBeUndefined();
      const subject = await db
        .insertInto("subject")
        .values({ code: "mon", name: "Môn", description: "", keywords: "", sort_order: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const practice = await db
        .insertInto("practice")
        .values({ code: "de", subject_id: subject.id, title: "Đề", description: "", source: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("question")
        .values(
          [0, 1].map((idx) => ({
            practice_id: practice.id,
            idx,
            chapter_idx: null,
            external_id: null,
            content_hash: `h${idx}`,
            text: idx === 0 ? "Đại số Boole có mấy phần tử?" : "Câu khác",
            text_html: "",
            answers: JSON.stringify([{ idx: 0, text: "Hai phần tử", html: "", isKey: true }]),
            key_count: 1,
            created_at: "2025-03-01T00:00:00.000Z",
          })),
        )
        .execute();
      expect((await migrateToLatest(db)).error).toBeUndefined();
      const found = await searchQuestions(db, hits("dai so boole"));
      expect(found.map((q) => q.text)).toEqual(["Đại số Boole có mấy phần tử?"]);
      expect((await searchQuestions(db, hits("hai phan tu"))).map((q) => q.idx)).toEqual([0, 1]);
    });
  },
);
