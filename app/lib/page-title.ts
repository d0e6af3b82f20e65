import { vi } from "#app/i18n/vi.ts";

/** "Giới thiệu | Ôn Tập": the page first, so a row of tabs stays readable. */
export function pageTitle(page?: string): { title: string }[] {
  return [{ title: page ? `${page} | ${vi.titleSuffix}` : `${vi.titleSuffix} — ${vi.tagline}` }];
}
