import { setHtmlPreference } from "#app/lib/html-preferences.ts";
import {
  THEME_COLORS,
  THEME_COOKIE,
  THEME_STORAGE_KEY,
  isThemeKey,
  type ThemeKey,
} from "#app/lib/themes.ts";

export function chooseTheme(theme: ThemeKey): void {
  if (!isThemeKey(theme)) return;
  setHtmlPreference("theme", theme, THEME_COOKIE, THEME_STORAGE_KEY);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}
