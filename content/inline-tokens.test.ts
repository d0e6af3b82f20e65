import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findInlineTokens } from "./inline-tokens.ts";

// The expression the scanner replaces (quadratic on hostile input, fine on these short texts).
const OLD_INLINE = /`([^`\n]+)`|\$(?!\s)((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/g;

function oldTokens(text: string) {
  return [...text.matchAll(OLD_INLINE)].map((match) => ({
    kind: match[1] === undefined ? "math" : "code",
    start: match.index,
    end: match.index + match[0].length,
    body: match[1] ?? match[2],
  }));
}

describe("inline code and math", () => {
  it("finds exactly what the regular expression it replaces found", () => {
    const piece = fc.constantFrom("$", "\\", "`", "\n", " ", "a", "1", "\\$", "$$", "x^2");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        expect(findInlineTokens(text)).toEqual(oldTokens(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it("reads Pandoc's rule: prices stay text, escaped dollars stay in the formula", () => {
    expect(findInlineTokens("$5 và $10")).toEqual([]);
    expect(findInlineTokens("giá \\$5: $a\\$b$")).toEqual([
      { kind: "math", start: 9, end: 15, body: "a\\$b" },
    ]);
    expect(findInlineTokens("`a$b` $c$")).toEqual([
      { kind: "code", start: 0, end: 5, body: "a$b" },
      { kind: "math", start: 6, end: 9, body: "c" },
    ]);
  });
});
