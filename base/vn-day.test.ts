import { describe, expect, it } from "vitest";
import { endOfVnDay, vnDay } from "./vn-day.ts";

describe("Vietnam's day", () => {
  it("turns at 17:00 UTC, whatever the host's zone", () => {
    expect(vnDay(new Date("2025-03-01T16:59:59.999Z"))).toBe("2025-03-01");
    expect(vnDay(new Date("2025-03-01T17:00:00.000Z"))).toBe("2025-03-02");
    expect(endOfVnDay(new Date("2025-03-01T01:00:00.000Z"))).toEqual(
      new Date("2025-03-01T17:00:00.000Z"),
    );
    expect(endOfVnDay(new Date("2025-03-01T17:00:00.000Z"))).toEqual(
      new Date("2025-03-02T17:00:00.000Z"),
    );
  });
});
