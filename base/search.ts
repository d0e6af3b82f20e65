import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from "./limits.ts";

/**
 * Folds Vietnamese text for search: lower case, no diacritics, "đ" → "d", spaces collapsed, so
 * "triet hoc" finds "Triết học Mác - Lênin".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The abbreviations students type for their subjects, folded, and what each stands for (also
 * folded): the one list the home page's search expands. A key is the abbreviation's letters
 * only, so "ctdl&gt", "ctdl-gt" and "ctdlgt" are one key. Kept short and unambiguous: a word
 * that is also an ordinary Vietnamese word ("ai", "gt") is not here.
 */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  csdl: ["co so du lieu"],
  ctdl: ["cau truc du lieu"],
  ctdlgt: ["cau truc du lieu va giai thuat"],
  hdh: ["he dieu hanh"],
  mmt: ["mang may tinh"],
  oop: ["huong doi tuong"],
  ktpm: ["kiem thu phan mem"],
  trr: ["toan roi rac"],
  ltc: ["lap trinh c"],
  mln: ["mac lenin"],
  cntt: ["cong nghe thong tin"],
  xstk: ["xac suat thong ke"],
  thpt: ["trung hoc pho thong"],
  tthcm: ["tu tuong ho chi minh"],
};

/** A text's words for search: folded, split at anything but a letter, a digit or "_". */
function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** A text as the search reads it: its words, each with a space on either side. */
function spaced(text: string): string {
  const words = wordsOf(text);
  return words.length ? ` ${words.join(" ")} ` : " ";
}

/**
 * What to look for in a spaced text (see `spaced`) for each word of a query: a text matches
 * when it holds, for every word, one of its alternatives. A word is a whole word ("con" does
 * not find "conflict", "tro" not "trong"); `halfTyped` loosens the last one. An abbreviation
 * also stands for its words ("csdl" → " co so du lieu "). Punctuation is no word: "Mác - Lênin"
 * is two words, "ctdl&gt" is "ctdl gt" or what it abbreviates.
 */
export function searchTerms(query: string): string[][] {
  const terms: string[][] = [];
  for (const raw of foldForSearch(query).split(" ")) {
    const expansions = ABBREVIATIONS[raw.replace(/[^a-z0-9]/g, "")] ?? [];
    const words = wordsOf(raw);
    if (expansions.length && words.length) terms.push([words.join(" "), ...expansions]);
    else for (const word of words) terms.push([word]);
  }
  return terms.map((alternatives) => alternatives.map((words) => ` ${words} `));
}

/**
 * The terms with the last word taken as the start of a word, as it may be half typed ("con tr"):
 * what the search tries when the whole words find nothing. Null when there is nothing to loosen.
 */
export function halfTyped(terms: readonly (readonly string[])[]): string[][] | null {
  const last = terms.at(-1);
  if (!last) return null;
  return [...terms.slice(0, -1).map((t) => [...t]), last.map((word) => word.trimEnd())];
}

/**
 * The words of a query side by side, spaced as its terms are (each term's own words, not what it
 * abbreviates): what ranks "con trỏ" above "con đường … trở lại". Null for fewer than two terms.
 */
export function phraseOf(terms: readonly (readonly string[])[]): string | null {
  if (terms.length < 2) return null;
  const last = terms.at(-1)![0]!;
  const words = terms.map((alternatives) => alternatives[0]!.trim()).join(" ");
  return ` ${words}${last.endsWith(" ") ? " " : ""}`;
}

/** Whether the texts hold every term (searchTerms); a phrase never runs from one to the next. */
export function holdsTerms(
  terms: readonly (readonly string[])[],
  texts: readonly string[],
): boolean {
  const haystack = texts.map(spaced).join("|");
  return terms.every((alternatives) => alternatives.some((word) => haystack.includes(word)));
}

/** A query the search refuses: too many characters or words (SEARCH_MAX_LENGTH, _WORDS). */
export function searchTooLong(query: string): boolean {
  return query.trim().length > SEARCH_MAX_LENGTH || searchTerms(query).length > SEARCH_MAX_WORDS;
}

/**
 * What a question is searched by (`question.search_text`): the words of its text, a line
 * break, then the words of its answers, each answer's apart (" a b | c "), every word between
 * spaces (see `spaced`). The line break is the only one, so a word before it is a word of the
 * question itself. A picture keeps its alternative text, not its address.
 */
export function questionSearchText(text: string, answers: readonly string[]): string {
  const words = (part: string) => spaced(part.replace(/\]\(picture:[0-9a-f]+\)/g, "]"));
  return `${words(text)}\n${answers.map(words).join("|")}`;
}
