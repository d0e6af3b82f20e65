/**
 * The letter shown before an answer at display `position` (0-based): "A", "B", …, "Z", then
 * "AA", "AB", … like spreadsheet columns. The original app had a fixed A–D table and showed
 * "undefined." for a fifth answer; bijective base 26 has a label for every count.
 */
export function answerLabel(position: number): string {
  if (!Number.isInteger(position) || position < 0) {
    throw new RangeError(`answerLabel: position must be a non-negative integer, got ${position}`);
  }
  let label = "";
  let n = position + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    label = String.fromCharCode(65 + rest) + label;
    n = Math.floor((n - 1) / 26);
  }
  return label;
}
