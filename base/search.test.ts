import { describe, expect, it } from "vitest";
import { foldForSearch, matchesSearch } from "./search.ts";

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
