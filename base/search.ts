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

/** Whether every word of the query occurs in one of the fields (folded). */
export function matchesSearch(query: string, fields: string[]): boolean {
  const words = foldForSearch(query).split(" ").filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.map(foldForSearch).join(" ");
  return words.every((word) => haystack.includes(word));
}
