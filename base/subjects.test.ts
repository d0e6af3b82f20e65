import { describe, expect, it } from "vitest";
import { isMathematicsSubject } from "./subjects.ts";

describe("isMathematicsSubject", () => {
  it("is a subject whose code starts with “toan”, and no other", () => {
    expect(isMathematicsSubject("toan")).toBe(true);
    expect(isMathematicsSubject("toan-12")).toBe(true);
    expect(isMathematicsSubject("toan-cao-cap")).toBe(true);
    expect(isMathematicsSubject("vat-ly")).toBe(false);
    expect(isMathematicsSubject("lich-su-toan")).toBe(false);
    expect(isMathematicsSubject("")).toBe(false);
  });
});
