import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from "./limits.ts";
import {
  foldForSearch,
  matchesSearch,
  questionSearchText,
  searchTerms,
  searchTooLong,
} from "./search.ts";

describe("Vietnamese-aware search", () => {
  it("folds diacritics, đ and case", () => {
    expect(foldForSearch("Triết học Mác - Lênin")).toBe("triet hoc mac - lenin");
    expect(foldForSearch("  ĐẠI   số ")).toBe("dai so");
  });

  it("finds a subject typed without diacritics", () => {
    expect(matchesSearch("triet hoc", ["Triết học Mác - Lênin"])).toBe(true);
    expect(matchesSearch("TRIẾT", ["Triết học Mác - Lênin"])).toBe(true);
  });

  it("finds a subject by its keywords", () => {
    expect(matchesSearch("csdl", ["Cơ sở dữ liệu", "csdl sql"])).toBe(true);
  });

  it("needs every word to match", () => {
    expect(matchesSearch("triet mang", ["Triết học"])).toBe(false);
    expect(matchesSearch("", ["Triết học"])).toBe(true);
  });
});

describe("search terms: the words of a query, each with what it may stand for", () => {
  it("folds each word and drops empty ones and words of punctuation only", () => {
    expect(searchTerms("  Con   TRỎ ")).toEqual([["con"], ["tro"]]);
    expect(searchTerms("đại số - Boole")).toEqual([["dai"], ["so"], ["boole"]]);
    expect(searchTerms("   ")).toEqual([]);
  });

  it("expands the common abbreviations of subjects", () => {
    expect(searchTerms("csdl")).toEqual([["csdl", "co so du lieu"]]);
    expect(searchTerms("CTDL")).toEqual([["ctdl", "cau truc du lieu"]]);
    expect(searchTerms("hdh")).toEqual([["hdh", "he dieu hanh"]]);
    expect(searchTerms("mmt")).toEqual([["mmt", "mang may tinh"]]);
    expect(searchTerms("ktpm")).toEqual([["ktpm", "kiem thu phan mem"]]);
    expect(searchTerms("oop")).toEqual([["oop", "huong doi tuong"]]);
  });

  it("reads “ctdl&gt” and “ctdlgt” alike, whatever joins the letters", () => {
    const dsa = "cau truc du lieu va giai thuat";
    expect(searchTerms("ctdl&gt")).toEqual([["ctdl&gt", dsa]]);
    expect(searchTerms("CTDLGT")).toEqual([["ctdlgt", dsa]]);
    expect(searchTerms("ctdl-gt")).toEqual([["ctdl-gt", dsa]]);
  });

  it("finds text typed without diacritics or by an abbreviation", () => {
    expect(matchesSearch("con tro", ["Khai báo một con trỏ tới hàm"])).toBe(true);
    expect(matchesSearch("dai so boole", ["Ôn tập logic, đại số Boole, tập hợp"])).toBe(true);
    expect(matchesSearch("csdl", ["Bài tập Cơ sở dữ liệu"])).toBe(true);
    expect(matchesSearch("ctdl&gt", ["Cấu trúc dữ liệu và giải thuật"])).toBe(true);
    expect(matchesSearch("hdh", ["Mạng máy tính"])).toBe(false);
  });
});

describe("a question's search text", () => {
  it("is the folded question, a line break, then the folded answers", () => {
    expect(
      questionSearchText("Khai báo `int *p;` tạo một **con trỏ**?", ["Đúng", "Sai  rồi"]),
    ).toBe("khai bao `int *p;` tao mot **con tro**?\ndung / sai roi");
  });

  it("keeps a picture's alternative text but not its address", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    expect(questionSearchText(`Xem hình ![Sơ đồ mạng](picture:${hash}) rồi trả lời`, [])).toBe(
      "xem hinh ![so do mang] roi tra loi\n",
    );
  });
});

describe("a search that is too long", () => {
  it("is refused by characters and by words", () => {
    expect(searchTooLong("con trỏ")).toBe(false);
    expect(searchTooLong("a".repeat(SEARCH_MAX_LENGTH))).toBe(false);
    expect(searchTooLong("a".repeat(SEARCH_MAX_LENGTH + 1))).toBe(true);
    expect(searchTooLong(Array.from({ length: SEARCH_MAX_WORDS }, () => "ab").join(" "))).toBe(
      false,
    );
    expect(searchTooLong(Array.from({ length: SEARCH_MAX_WORDS + 1 }, () => "ab").join(" "))).toBe(
      true,
    );
  });
});
