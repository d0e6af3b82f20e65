/**
 * Trimming a set of characters from one end of a text, in one pass: `/\n+$/` and friends look
 * linear but retry from every position of a run that does not reach the end, which is
 * quadratic on a long run in the middle of a hostile text.
 */
export function trimEndOf(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

export function trimStartOf(text: string, characters: string): string {
  let start = 0;
  while (start < text.length && characters.includes(text[start]!)) start += 1;
  return start === 0 ? text : text.slice(start);
}

/**
 * What `\s*(.*)$` captured after a marker, without its backtracking: the rest with its leading
 * white space gone, or null when a line terminator remains (where `.` stops and `$` fails).
 */
export function restAfterSpaces(rest: string): string | null {
  const text = rest.trimStart();
  return /[\n\r\u2028\u2029]/u.test(text) ? null : text;
}
