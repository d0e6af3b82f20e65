export const SNOW_COOKIE = "snow";
export const SNOW_STORAGE_KEY = "on-tap:snow";

/**
 * Runs as an inline script in <head>, before the first paint, so neither the theme nor the
 * snow flashes. It must stay self-contained (it is inlined with Function#toString): it decides
 * the snow from the visitor's own choice (cookie) or else from the season ("MM-DD/MM-DD",
 * possibly wrapping over the new year) by the browser's clock, and restores a theme kept in
 * local storage when its cookie was lost.
 */
export function applyInitialPreferences(season: string, themeKeys: readonly string[]): void {
  const root = document.documentElement;
  const cookie = (name: string) => {
    const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
    return match ? decodeURIComponent(match[1] ?? "") : undefined;
  };
  const yearCookie = (name: string, value: string) => {
    document.cookie = `${name}=${value}; path=/; max-age=31536000; samesite=lax`;
  };
  let snow = cookie("snow");
  if (snow !== "on" && snow !== "off") {
    const [from = "", to = ""] = season.split("/");
    const start = Number(from.replace("-", ""));
    const end = Number(to.replace("-", ""));
    const now = new Date();
    const today = (now.getMonth() + 1) * 100 + now.getDate();
    const inSeason = start <= end ? today >= start && today <= end : today >= start || today <= end;
    snow = inSeason ? "on" : "off";
  }
  root.dataset.snow = snow;
  if (!cookie("theme")) {
    try {
      const stored = localStorage.getItem("on-tap:theme");
      if (stored && themeKeys.includes(stored)) {
        root.dataset.theme = stored;
        yearCookie("theme", stored);
      }
    } catch {
      // Storage can be blocked (private mode); the server's default theme stays.
    }
  }
}

/** The script text for <head>: the function above, called with this server's settings. */
export function renderPreferencesScript(season: string, themeKeys: readonly string[]): string {
  return `(${applyInitialPreferences.toString()})(${JSON.stringify(season)},${JSON.stringify(themeKeys)})`;
}
