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
  mln: ["mac - lenin", "mac-lenin", "mac lenin"],
  cntt: ["cong nghe thong tin"],
  xstk: ["xac suat thong ke"],
  thpt: ["trung hoc pho thong"],
  tthcm: ["tu tuong ho chi minh"],
};

/**
 * The words of a query, folded, each with what it may stand for: a text matches when, for every
 * word, it holds the word or one of its expansions ("csdl" → "co so du lieu"). A word of
 * punctuation only ("-" in "Mác - Lênin") says nothing and is dropped.
 */
export function searchTerms(query: string): string[][] {
  return foldForSearch(query)
    .split(" ")
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => [word, ...(ABBREVIATIONS[word.replace(/[^a-z0-9]/g, "")] ?? [])]);
}

/** Whether every word of the query (or its expansion) occurs in one of the fields (folded). */
export function matchesSearch(query: string, fields: string[]): boolean {
  const terms = searchTerms(query);
  const haystack = fields.map(foldForSearch).join("\n");
  return terms.every((alternatives) => alternatives.some((word) => haystack.includes(word)));
}

/** A query the search refuses: too many characters or words (SEARCH_MAX_LENGTH, _WORDS). */
export function searchTooLong(query: string): boolean {
  return query.trim().length > SEARCH_MAX_LENGTH || searchTerms(query).length > SEARCH_MAX_WORDS;
}

/**
 * What a question is searched by (`question.search_text`): its text folded, one line break,
 * then its answers folded and joined by " / ". The line break is the only one (folding turns
 * every other into a space), so a word before it is a word of the question itself. A picture
 * keeps its alternative text, not its address.
 */
export function questionSearchText(text: string, answers: readonly string[]): string {
  const fold = (part: string) => foldForSearch(part.replace(/\]\(picture:[0-9a-f]+\)/g, "]"));
  return `${fold(text)}\n${answers.map(fold).join(" / ")}`;
}
