import { beforeAll, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH, SEARCH_MAX_QUESTIONS } from "#base/limits.ts";
import { importBanks } from "#content/import-bank.ts";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { searchCatalogue } from "./search.ts";

const LONG_INTRO = "Đọc kỹ đoạn mô tả sau đây về cách chương trình dùng bộ nhớ. ".repeat(5);

describeEachDatabase("searchCatalogue", (database) => {
  beforeAll(async () => {
    await importBanks(database().db, [
      {
        subject: {
          code: "co-so-du-lieu",
          name: "Cơ sở dữ liệu",
          description: "",
          keywords: ["sql"],
        },
        practices: [
          {
            code: "csdl-sql",
            title: "Luyện SQL",
            description: "Truy vấn trên cơ sở dữ liệu mẫu",
            questions: [
              {
                text: `${LONG_INTRO}Khoá ngoại tham chiếu tới đâu?`,
                answers: [
                  { text: "Khoá chính của bảng khác", key: true },
                  { text: "Một chỉ mục", key: false },
                ],
              },
              ...Array.from({ length: SEARCH_MAX_QUESTIONS + 1 }, (_, i) => ({
                text: `Câu lệnh SELECT số ${i + 1}`,
                answers: [
                  { text: "Đúng", key: true },
                  { text: "Sai", key: false },
                ],
              })),
            ],
          },
          {
            code: "csdl-chuan-hoa",
            title: "Chuẩn hoá và khoá",
            description: "Phụ thuộc hàm",
            questions: [{ text: "Dạng chuẩn 3NF?", answers: [{ text: "Có", key: true }] }],
          },
        ],
      },
    ]);
  });

  it("refuses a query that is too long", async () => {
    const long = await searchCatalogue(database().db, "a".repeat(SEARCH_MAX_LENGTH + 1));
    expect(long).toEqual({ status: "tooLong" });
  });

  it("finds subjects and practices by abbreviation, titles first", async () => {
    const found = await searchCatalogue(database().db, "csdl khoa");
    expect(found.status === "done" && found.practices.map((p) => p.code)).toEqual([
      "csdl-chuan-hoa",
    ]);
    const all = await searchCatalogue(database().db, "CSDL");
    if (all.status !== "done") throw new Error(all.status);
    expect(all.subjects).toEqual([
      { code: "co-so-du-lieu", name: "Cơ sở dữ liệu", practiceCount: 2 },
    ]);
    expect(all.practices.map((p) => [p.code, p.subjectName])).toEqual([
      ["csdl-sql", "Cơ sở dữ liệu"],
      ["csdl-chuan-hoa", "Cơ sở dữ liệu"],
    ]);
  });

  it("shows a long question around the word found, and the answer that holds the others", async () => {
    const found = await searchCatalogue(database().db, "khoa ngoai bang khac");
    if (found.status !== "done") throw new Error(found.status);
    expect(found.questions).toHaveLength(1);
    const [question] = found.questions;
    expect(question!.snippet).toMatch(/^….*Khoá ngoại tham chiếu tới đâu\?$/);
    expect(question!.snippet.length).toBeLessThanOrEqual(182);
    expect(question!.matchedAnswer).toBe("Khoá chính của bảng khác");
  });

  it("takes the last word as half typed only when the whole words find nothing", async () => {
    const half = await searchCatalogue(database().db, "khoa ngo");
    expect(half.status === "done" && half.questions.map((q) => q.idx)).toEqual([0]);
    // "mau" is a whole word of "cơ sở dữ liệu mẫu": "ma" alone is not, but starts it.
    const whole = await searchCatalogue(database().db, "lieu mau");
    expect(whole.status === "done" && whole.practices.map((p) => p.code)).toEqual(["csdl-sql"]);
  });

  it("lists SEARCH_MAX_QUESTIONS questions and says there are more", async () => {
    const found = await searchCatalogue(database().db, "select");
    if (found.status !== "done") throw new Error(found.status);
    expect(found.questions).toHaveLength(SEARCH_MAX_QUESTIONS);
    expect(found.moreQuestions).toBe(true);
    expect(found.questions[0]!.matchedAnswer).toBeNull();
  });

  it("finds nothing for punctuation alone", async () => {
    const found = await searchCatalogue(database().db, " - ");
    expect(found).toMatchObject({ status: "done", subjects: [], practices: [], questions: [] });
  });
});
