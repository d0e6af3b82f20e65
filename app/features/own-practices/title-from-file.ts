import { OWN_PRACTICE_TITLE_MAX } from "#base/limits.ts";

/**
 * A practice's title read off the file a student dropped ("de-on-tap_tin-hoc.docx" → "De on
 * tap tin hoc", "Đề ôn tập Tin học 10.docx" → "Đề ôn tập Tin học 10"): the extension goes,
 * underscores are spaces, and in a name without spaces hyphens and dots are too (they stood in
 * for spaces); the first letter is upper case. Names saved on a Mac arrive decomposed, so the
 * letters are composed first. Empty when nothing is left.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName
    .normalize("NFC")
    .replace(/^.*[\\/]/u, "")
    .replace(/\.[^.\s]{1,5}$/u, "");
  const spaced = /\s/u.test(base) ? base.replaceAll("_", " ") : base.replace(/[-_.]+/gu, " ");
  const title = spaced.replace(/\s+/gu, " ").trim().slice(0, OWN_PRACTICE_TITLE_MAX).trim();
  return title.charAt(0).toLocaleUpperCase("vi") + title.slice(1);
}
