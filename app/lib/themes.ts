/** The five colour themes of the spec; the palettes themselves live in app/styles/themes.css. */
export const THEME_KEYS = ["default", "custom-1", "custom-2", "custom-3", "custom-4"] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

/** The theme a first-time visitor gets (spec: the initial theme is custom-2). */
export const INITIAL_THEME: ThemeKey = "custom-2";

/**
 * Each theme's --primary (themes.css; themes.test.ts keeps the two equal): the browser's and an
 * installed app's title bar (`<meta name="theme-color">`) follow the chosen theme.
 */
export const THEME_COLORS: Record<ThemeKey, string> = {
  default: "#1559b7",
  "custom-1": "#2b7a3d",
  "custom-2": "#f28b82",
  "custom-3": "#66479a",
  "custom-4": "#a9521d",
};

/** Every palette key of the spec, as CSS custom properties (--primary, --primary10, …). */
export const PALETTE_KEYS = [
  "primary",
  "primary10",
  "primary15",
  "secondary",
  "tertiary",
  "info",
  "success",
  "success15",
  "warning",
  "grey",
  "lightGrey",
  "littleGrey",
  "darkGrey",
  "white",
  "black",
] as const;

export const THEME_COOKIE = "theme";
export const THEME_STORAGE_KEY = "on-tap:theme";

export function isThemeKey(value: unknown): value is ThemeKey {
  return typeof value === "string" && (THEME_KEYS as readonly string[]).includes(value);
}

/** The theme named by a Cookie header, or the initial theme. */
export function readThemeCookie(cookieHeader: string | null): ThemeKey {
  const value = readCookie(cookieHeader, THEME_COOKIE);
  return isThemeKey(value) ? value : INITIAL_THEME;
}

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
