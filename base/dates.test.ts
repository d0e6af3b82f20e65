import { expect, it } from "vitest";
import { formatDateTime, formatDay } from "./dates.ts";

it("writes dd/MM/yyyy HH:mm in Vietnam's time, whatever the machine's zone", () => {
  expect(formatDateTime("2026-11-21T17:05:00.000Z")).toBe("22/11/2026 00:05");
  expect(formatDateTime("2026-01-02T03:04:00.000Z")).toBe("02/01/2026 10:04");
  expect(formatDateTime("not a date")).toBe("");
});

it("writes a stored calendar day as dd/MM/yyyy", () => {
  expect(formatDay("2025-03-14")).toBe("14/03/2025");
  expect(formatDay("14/03/2025")).toBe("");
});
