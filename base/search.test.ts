import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from "./limits.ts";
import {
  foldForSearch,
  halfTyped,
  holdsTerms,
  phraseOf,
  questionSearchText,
  searchTerms,
  searchTooLong,
} from "./search.ts";

const matchesSearch = (query: string, fields: string[]) => holdsTerms(searchTerms(query), fields);

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

  it("finds the start of a word when the last is half typed", () => {
    expect(holdsTerms(halfTyped(searchTerms("con tr"))!, ["Một con trỏ tới hàm"])).toBe(true);
  });

  it("needs every word to match", () => {
    expect(matchesSearch("triet mang", ["Triết học"])).toBe(false);
    expect(matchesSearch("", ["Triết học"])).toBe(true);
  });
});

describe("search terms: the words of a query, each with what it may stand for", () => {
  it("folds each word, to be found whole", () => {
    expect(searchTerms("  Con   TRỎ ")).toEqual([[" con "], [" tro "]]);
    expect(searchTerms("   ")).toEqual([]);
  });

  it("may take the last word as half typed", () => {
    expect(halfTyped(searchTerms("con tr"))).toEqual([[" con "], [" tr"]]);
    expect(halfTyped(searchTerms("csdl"))).toEqual([[" csdl", " co so du lieu"]]);
    expect(halfTyped([])).toBeNull();
  });

  it("puts the words side by side, as typed, for ranking", () => {
    expect(phraseOf(searchTerms("con tro"))).toBe(" con tro ");
    expect(phraseOf(halfTyped(searchTerms("csdl khoa ch"))!)).toBe(" csdl khoa ch");
    expect(phraseOf(searchTerms("con"))).toBeNull();
  });

  it("takes punctuation as no word", () => {
    expect(searchTerms("đại số - Boole")).toEqual([[" dai "], [" so "], [" boole "]]);
    expect(searchTerms("`int*` (p)")).toEqual([[" int "], [" p "]]);
    expect(searchTerms("% - !")).toEqual([]);
    expect(searchTerms("so_luong")).toEqual([[" so_luong "]]);
  });

  it("expands the common abbreviations of subjects", () => {
    expect(searchTerms("csdl")).toEqual([[" csdl ", " co so du lieu "]]);
    expect(searchTerms("CTDL khoa")).toEqual([[" ctdl ", " cau truc du lieu "], [" khoa "]]);
    expect(searchTerms("hdh")).toEqual([[" hdh ", " he dieu hanh "]]);
    expect(searchTerms("mmt")).toEqual([[" mmt ", " mang may tinh "]]);
    expect(searchTerms("ktpm")).toEqual([[" ktpm ", " kiem thu phan mem "]]);
    expect(searchTerms("oop")).toEqual([[" oop ", " huong doi tuong "]]);
  });

  it("reads “ctdl&gt” and “ctdlgt” alike, whatever joins the letters", () => {
    const dsa = " cau truc du lieu va giai thuat ";
    expect(searchTerms("ctdl&gt")).toEqual([[" ctdl gt ", dsa]]);
    expect(searchTerms("CTDLGT")).toEqual([[" ctdlgt ", dsa]]);
    expect(searchTerms("ctdl-gt")).toEqual([[" ctdl gt ", dsa]]);
  });

  it("finds text typed without diacritics or by an abbreviation, by whole words", () => {
    expect(matchesSearch("con tro", ["Khai báo một con trỏ tới hàm"])).toBe(true);
    expect(matchesSearch("con tr", ["Khai báo một con trỏ tới hàm"])).toBe(false);
    expect(matchesSearch("con tro", ["ON CONFLICT làm gì trong PostgreSQL?"])).toBe(false);
    expect(matchesSearch("con tro", ["Chia mạng con trong một dải địa chỉ"])).toBe(false);
    expect(matchesSearch("dai so boole", ["Ôn tập logic, đại số Boole, tập hợp"])).toBe(true);
    expect(matchesSearch("csdl", ["Bài tập Cơ sở dữ liệu"])).toBe(true);
    expect(matchesSearch("ctdl&gt", ["Cấu trúc dữ liệu và giải thuật"])).toBe(true);
    expect(matchesSearch("mln", ["Triết học Mác - Lênin"])).toBe(true);
    expect(matchesSearch("hdh", ["Mạng máy tính"])).toBe(false);
  });

  it("never matches a phrase across two fields", () => {
    expect(matchesSearch("mln", ["Triết học Mác", "Lênin"])).toBe(false);
    expect(matchesSearch("mln", ["Triết học Mác - Lênin"])).toBe(true);
  });
});

describe("a question's search text", () => {
  it("is the words of the question, a line break, then each answer's words", () => {
    expect(
      questionSearchText("Khai báo `int *p;` tạo một **con trỏ**?", ["Đúng", "Sai  rồi"]),
    ).toBe(" khai bao int p tao mot con tro \n dung | sai roi ");
  });

  it("keeps a picture's alternative text but not its address", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    expect(questionSearchText(`Xem hình ![Sơ đồ mạng](picture:${hash}) rồi trả lời`, [])).toBe(
      " xem hinh so do mang roi tra loi \n",
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
