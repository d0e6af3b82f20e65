import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  INITIAL_THEME,
  PALETTE_KEYS,
  THEME_COLORS,
  THEME_KEYS,
  readThemeCookie,
} from "./themes.ts";

const css = readFileSync(new URL("../styles/themes.css", import.meta.url), "utf8");

function paletteOf(theme: string): Record<string, string> {
  const selector = theme === "default" ? '[data-theme="default"]' : `[data-theme="${theme}"]`;
  const start = css.indexOf(selector);
  const block = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]),
  );
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A colour's hue in degrees (0 to 360). */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const spread = max - Math.min(r, g, b);
  if (spread === 0) return 0;
  const h =
    max === r ? ((g - b) / spread) % 6 : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
  return (h * 60 + 360) % 360;
}

function hueDistance(a: string, b: string): number {
  const distance = Math.abs(hue(a) - hue(b));
  return Math.min(distance, 360 - distance);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each(THEME_KEYS)("theme %s", (theme) => {
  const palette = paletteOf(theme);

  it("gives the title bar (theme-color) its --primary", () => {
    expect(THEME_COLORS[theme]).toBe(palette.primary);
  });

  it("defines every palette key of the spec", () => {
    for (const key of PALETTE_KEYS) expect(palette[key], key).toMatch(/^#[0-9a-f]{6}$/);
  });

  // The pairs the stylesheet actually uses for text.
  const pairs: [string, string][] = [
    ["black", "white"],
    ["black", "secondary"],
    ["black", "primary10"],
    ["black", "primary15"],
    ["black", "littleGrey"],
    ["darkGrey", "white"],
    ["darkGrey", "secondary"],
    ["on-primary", "primary"],
    ["primary-text", "white"],
    ["primary-text", "secondary"],
    ["primary-text", "primary10"],
    ["white", "tertiary"],
    ["success", "white"],
    ["success", "success15"],
    ["danger", "white"],
    ["danger", "danger15"],
    ["warning", "white"],
    ["info", "white"],
    ["black", "picked15"],
  ];
  it.each(pairs)("%s text on %s keeps WCAG AA contrast (4.5:1)", (fg, bg) => {
    expect(contrast(palette[fg]!, palette[bg]!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe.each(THEME_KEYS)("theme %s: a picked answer not yet submitted", (theme) => {
  const palette = paletteOf(theme);

  it.each([
    ["picked", "success"],
    ["picked", "danger"],
    ["picked15", "success15"],
    ["picked15", "danger15"],
  ])("%s is 40° of hue or more from %s: neither the right nor the wrong colour", (a, b) => {
    expect(palette[a], a).toMatch(/^#[0-9a-f]{6}$/);
    expect(hueDistance(palette[a]!, palette[b]!)).toBeGreaterThanOrEqual(40);
  });

  it("draws its border and mark at 3:1 against the white card (WCAG 1.4.11)", () => {
    expect(contrast(palette.picked!, palette.white!)).toBeGreaterThanOrEqual(3);
  });
});

describe("readThemeCookie", () => {
  it("starts a first visit on custom-2", () => {
    expect(INITIAL_THEME).toBe("custom-2");
    expect(readThemeCookie(null)).toBe("custom-2");
  });
  it("reads a valid choice and ignores an invalid one", () => {
    expect(readThemeCookie("a=1; theme=custom-4; b=2")).toBe("custom-4");
    expect(readThemeCookie("theme=purple")).toBe("custom-2");
    expect(readThemeCookie("theme=%E0%A4%A")).toBe("custom-2");
  });
});
