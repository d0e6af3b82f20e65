import { describe, expect, it } from "vitest";
import { answerLabel } from "./labels.ts";

describe("answerLabel", () => {
  it("labels a fifth and sixth answer E and F instead of 'undefined.'", () => {
    expect([0, 1, 2, 3, 4, 5].map(answerLabel)).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("goes on past Z like spreadsheet columns, never repeating a label", () => {
    expect([25, 26, 27, 51, 52, 701, 702].map(answerLabel)).toEqual([
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
    const labels = Array.from({ length: 1000 }, (_, i) => answerLabel(i));
    expect(new Set(labels).size).toBe(1000);
  });

  it("refuses positions that are not answer positions", () => {
    expect(() => answerLabel(-1)).toThrow(RangeError);
    expect(() => answerLabel(1.5)).toThrow(RangeError);
  });
});
