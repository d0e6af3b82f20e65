import { afterEach, describe, expect, it, vi } from "vitest";
import { applyInitialPreferences, renderPreferencesScript } from "./season.ts";

function fakeDocument(cookie: string, stored: Record<string, string> = {}) {
  const dataset: Record<string, string> = {};
  const doc = { documentElement: { dataset }, cookie };
  vi.stubGlobal("document", doc);
  vi.stubGlobal("localStorage", { getItem: (key: string) => stored[key] ?? null });
  return { dataset, doc };
}

const THEMES = ["default", "custom-1", "custom-2", "custom-3", "custom-4"];

describe("applyInitialPreferences", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each([
    ["2026-12-01T08:00:00", "12-01/01-15", "on"],
    ["2026-12-31T23:00:00", "12-01/01-15", "on"],
    ["2027-01-15T12:00:00", "12-01/01-15", "on"],
    ["2027-01-16T00:00:01", "12-01/01-15", "off"],
    ["2026-11-30T23:59:00", "12-01/01-15", "off"],
    ["2026-07-10T10:00:00", "07-01/07-31", "on"],
    ["2026-08-01T10:00:00", "07-01/07-31", "off"],
  ])("on %s with season %s the snow is %s by default", (date, season, expected) => {
    vi.useFakeTimers({ now: new Date(date) });
    const { dataset } = fakeDocument("");
    applyInitialPreferences(season, THEMES);
    expect(dataset.snow).toBe(expected);
  });

  it("keeps the visitor's own choice over the season", () => {
    vi.useFakeTimers({ now: new Date("2026-12-24T10:00:00") });
    const { dataset } = fakeDocument("snow=off");
    applyInitialPreferences("12-01/01-15", THEMES);
    expect(dataset.snow).toBe("off");
  });

  it("restores a stored theme when the cookie is gone, and writes the cookie back", () => {
    const { dataset, doc } = fakeDocument("", { "on-tap:theme": "custom-3" });
    applyInitialPreferences("12-01/01-15", THEMES);
    expect(dataset.theme).toBe("custom-3");
    expect(doc.cookie).toContain("theme=custom-3");
  });

  it("ignores a stored theme that does not exist", () => {
    const { dataset } = fakeDocument("", { "on-tap:theme": "neon" });
    applyInitialPreferences("12-01/01-15", THEMES);
    expect(dataset.theme).toBeUndefined();
  });

  it("renders as a self-contained script", () => {
    vi.useFakeTimers({ now: new Date("2026-12-24T10:00:00") });
    const { dataset } = fakeDocument("");
    new Function(renderPreferencesScript("12-01/01-15", THEMES))();
    expect(dataset.snow).toBe("on");
  });
});
