import { describe, expect, it } from "vitest";
import { parseReviewTime, reviewTimeFromStorage } from "./review-time.ts";

describe("the review's time per question", () => {
  it("reads the times the set-up offers, as the address writes them", () => {
    expect(parseReviewTime("20")).toBe(20);
    expect(parseReviewTime("30")).toBe(30);
    expect(parseReviewTime("50")).toBe(50);
    expect(parseReviewTime("OFF")).toBe("OFF");
  });

  it("refuses any other time or spelling", () => {
    for (const value of ["45", "0", "-30", "030", "30.0", "1e1", "off", "", " 30", null]) {
      expect(parseReviewTime(value), String(value)).toBeNull();
    }
  });

  it("a stored choice that is missing, no longer offered or malformed is 30 s", () => {
    expect(reviewTimeFromStorage("OFF")).toBe("OFF");
    expect(reviewTimeFromStorage("50")).toBe(50);
    expect(reviewTimeFromStorage(null)).toBe(30);
    expect(reviewTimeFromStorage("45")).toBe(30);
    expect(reviewTimeFromStorage("{")).toBe(30);
  });
});
