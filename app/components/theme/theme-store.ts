import { useSyncExternalStore } from "react";
import { savePreference } from "#app/components/snow/season.ts";
import { THEME_COOKIE, THEME_STORAGE_KEY, isThemeKey, type ThemeKey } from "./themes.ts";

/**
 * Preferences live on <html> (data-theme, data-snow) because the head script and the server set
 * them there before React runs; this store lets every picker on the page follow them.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify() {
  for (const listener of listeners) listener();
}

export function useHtmlData(name: "theme" | "snow", serverValue: string | undefined) {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.dataset[name],
    () => serverValue,
  );
}

export function chooseTheme(theme: ThemeKey): void {
  if (!isThemeKey(theme)) return;
  document.documentElement.dataset.theme = theme;
  savePreference(THEME_COOKIE, THEME_STORAGE_KEY, theme);
  notify();
}

export function setSnow(on: boolean, cookieName: string, storageKey: string): void {
  document.documentElement.dataset.snow = on ? "on" : "off";
  savePreference(cookieName, storageKey, on ? "on" : "off");
  notify();
}
