import { useSyncExternalStore } from "react";

/**
 * Preferences live on <html> (data-theme, data-snow) because the head script and the server set
 * them there before React runs; this store lets every control on the page follow them. The theme
 * picker and the snow toggle both use it, so neither feature imports the other.
 */
type HtmlPreference = "theme" | "snow";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHtmlData(name: HtmlPreference, serverValue: string | undefined) {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.dataset[name],
    () => serverValue,
  );
}

/** Paints the choice at once, persists it for the server (cookie) and the browser (local storage). */
export function setHtmlPreference(
  name: HtmlPreference,
  value: string,
  cookieName: string,
  storageKey: string,
): void {
  document.documentElement.dataset[name] = value;
  document.cookie = `${cookieName}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(storageKey, value);
  } catch {
    // The cookie alone is enough for the server to paint the choice.
  }
  for (const listener of listeners) listener();
}
