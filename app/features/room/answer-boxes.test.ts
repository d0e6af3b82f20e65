import { describe, expect, it } from "vitest";
import { boxChars } from "./answer-boxes.tsx";

describe("what the short answer's boxes take", () => {
  it("keeps digits, the minus sign and the comma, and writes a point as a comma", () => {
    expect(boxChars("-0.5")).toEqual(["-", "0", ",", "5"]);
    expect(boxChars("1,25")).toEqual(["1", ",", "2", "5"]);
  });

  it("drops anything else typed or pasted", () => {
    expect(boxChars("a 1+2e")).toEqual(["1", "2"]);
    expect(boxChars("")).toEqual([]);
  });
});
