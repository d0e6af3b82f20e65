import { describe, expect, it } from "vitest";
import { fromSymbolFont } from "./symbol-font.ts";

describe("fromSymbolFont", () => {
  it("reads a code of the Symbol font as the character it shows, in either range", () => {
    expect(fromSymbolFont(0xb3)).toBe("≥");
    expect(fromSymbolFont(0xf0b3)).toBe("≥");
    expect([0x61, 0x62, 0x44, 0x57].map(fromSymbolFont)).toEqual(["α", "β", "Δ", "Ω"]);
    expect([0xa3, 0xb9, 0xae, 0xde, 0xce, 0xe5, 0xf2].map(fromSymbolFont)).toEqual([
      "≤",
      "≠",
      "→",
      "⇒",
      "∈",
      "∑",
      "∫",
    ]);
  });

  it("has no character for bracket pieces, empty codes and codes outside the font", () => {
    expect([0x60, 0xbd, 0xe6, 0x10, 0x7f, 0xf100, Number.NaN].map(fromSymbolFont)).toEqual(
      Array(7).fill(undefined),
    );
  });
});
