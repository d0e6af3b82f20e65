/**
 * The offline page's script (public/offline.html, built to /offline.js): puts the student's
 * theme on the page before its first paint, says the page needs the network, lists the
 * practices downloaded on this device, and reloads once the network is back. No React: it must
 * open with nothing but the service worker's cache.
 */
import { vi } from "#app/i18n/vi.ts";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { listPractices, type DownloadedPractice } from "#app/lib/device-store.ts";
import { formatDateTime } from "#base/dates.ts";
import { USER_COOKIE } from "#base/device-user.ts";
import {
  INITIAL_THEME,
  isThemeKey,
  readCookie,
  THEME_COLORS,
  THEME_COOKIE,
  THEME_STORAGE_KEY,
  type ThemeKey,
} from "#app/lib/themes.ts";
import { paths } from "#base/paths.ts";

const t = viOffline;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function practiceItem(practice: DownloadedPractice): HTMLLIElement {
  return element(
    "li",
    {},
    element("a", { href: paths.practiceSetup(practice.code) }, practice.title),
    element(
      "div",
      { className: "muted" },
      t.listItem(
        practice.questionCount,
        t.size(practice.bytes),
        formatDateTime(new Date(practice.downloadedAt).toISOString()),
      ),
    ),
  );
}

async function render(main: HTMLElement) {
  document.title = t.pageTitle;
  const retry = element("button", { type: "button", className: "button button-primary" }, t.retry);
  retry.addEventListener("click", () => location.reload());
  main.append(
    element("h1", {}, vi.offlineStatus.pageHeading),
    element("p", {}, vi.offlineStatus.pageText),
    element("div", { className: "offline-actions" }, retry, element("a", { href: "/" }, t.toHome)),
  );
  let downloaded: DownloadedPractice[] = [];
  try {
    // Only the student signed in on this device now (base/device-user.ts): nobody, none.
    const user = readCookie(document.cookie, USER_COOKIE);
    downloaded = user ? await listPractices(user) : [];
  } catch {
    // No IndexedDB (a private window): nothing was downloaded.
  }
  const section = element(
    "section",
    { className: "offline-downloads" },
    element("h2", {}, t.listHeading),
    element("p", { className: "muted" }, downloaded.length > 0 ? t.listIntro : t.listEmpty),
  );
  if (downloaded.length > 0) section.append(element("ul", {}, ...downloaded.map(practiceItem)));
  main.append(section);
}

/** The student's theme, as the pages' head script finds it: the cookie, else the device's storage. */
function chosenTheme(): ThemeKey {
  const cookie = readCookie(document.cookie, THEME_COOKIE);
  if (isThemeKey(cookie)) return cookie;
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (isThemeKey(stored)) return stored;
  } catch {
    // Storage can be blocked (private mode): the first visit's theme.
  }
  return INITIAL_THEME;
}

// Run from <head>, before <body> is parsed: the theme is on <html> before the first paint.
const theme = chosenTheme();
document.documentElement.dataset.theme = theme;
document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);

window.addEventListener("online", () => location.reload());
document.addEventListener("DOMContentLoaded", () => {
  const main = document.getElementById("main");
  if (main) void render(main);
});
