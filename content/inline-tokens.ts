/**
 * Inline code and math in a run of text, found in linear time. The rule is Pandoc's for `$`: no
 * space after the opening one, none before the closing one, no digit right after it ("$5 và
 * $10" stays text), and `\$` inside a formula is a dollar sign. It was one regular expression,
 *
 *   /`([^`\n]+)`|\$(?!\s)((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/g
 *
 * whose backtracking retried the rest of the text from every dollar: 50,000 escaped dollars
 * after an opening one took a minute. This scanner finds the same matches (the expression's
 * own search order, `\$` tried before a lone `\`), remembering the positions from which no
 * closing dollar can be reached, so each is walked once.
 */
/**
 * A fenced code block, ```lang … ```: its language (group 1) and its code (group 2). One pattern
 * for the renderer (rich-text.ts), the plain-text form (plain-text.ts) and the Moodle XML writer.
 * For matchAll only (it is global).
 */
export const FENCED_BLOCK = /```([\w+#-]*)[ \t]*\n([\s\S]*?)\n?```/gu;

export interface InlineToken {
  kind: "code" | "math" | "picture";
  start: number;
  end: number;
  /** Code and math: what is inside. A picture: its alt text, and `ref` its reference. */
  body: string;
  ref?: string;
}

const SPACE = /\s/u;
const isSpace = (character: string | undefined) => character !== undefined && SPACE.test(character);
const isDigit = (character: string | undefined) =>
  character !== undefined && character >= "0" && character <= "9";

export function findInlineTokens(text: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  const deadEnds = new Set<number>();
  let at = 0;
  while (at < text.length) {
    const token =
      text[at] === "`"
        ? codeAt(text, at)
        : text[at] === "$"
          ? mathAt(text, at, deadEnds)
          : text[at] === "!"
            ? pictureAt(text, at)
            : null;
    if (token) {
      tokens.push(token);
      at = token.end;
    } else at += 1;
  }
  return tokens;
}

const ALT_MAX = 300;
const PICTURE_PREFIX = "](picture:";
const REF_CHARACTER = /[A-Za-z0-9._-]/u;

/**
 * A picture, `![alt](picture:REF)` (issue 26): the alt text has no "]" nor line break and at
 * most 300 characters, so each "!" looks at a bounded stretch and the scan stays linear.
 */
function pictureAt(text: string, start: number): InlineToken | null {
  if (text[start + 1] !== "[") return null;
  let close = start + 2;
  const last = Math.min(text.length, start + 2 + ALT_MAX);
  while (close < last && text[close] !== "]" && text[close] !== "\n") close += 1;
  if (!text.startsWith(PICTURE_PREFIX, close)) return null;
  const refStart = close + PICTURE_PREFIX.length;
  let refEnd = refStart;
  while (refEnd < text.length && refEnd - refStart <= 100 && REF_CHARACTER.test(text[refEnd]!)) {
    refEnd += 1;
  }
  if (refEnd === refStart || refEnd - refStart > 100 || text[refEnd] !== ")") return null;
  const body = text.slice(start + 2, close);
  return { kind: "picture", start, end: refEnd + 1, body, ref: text.slice(refStart, refEnd) };
}

function codeAt(text: string, start: number): InlineToken | null {
  let end = start + 1;
  while (end < text.length && text[end] !== "`" && text[end] !== "\n") end += 1;
  if (text[end] !== "`" || end === start + 1) return null;
  return { kind: "code", start, end: end + 1, body: text.slice(start + 1, end) };
}

/**
 * The formula opening at `start`: a depth-first walk over where its body may end, in the
 * expression's order (close here, else take `\$`, else take one character), skipping the
 * positions an earlier walk already found to lead nowhere.
 */
function mathAt(text: string, start: number, deadEnds: Set<number>): InlineToken | null {
  if (start + 1 >= text.length || isSpace(text[start + 1])) return null;
  const closes = (at: number) =>
    at > start + 1 && text[at] === "$" && !isSpace(text[at - 1]) && !isDigit(text[at + 1]);
  // Each frame: a position and how many of its next steps were tried (0: none, 1: `\$`, 2: both).
  const stack: { at: number; tried: number }[] = [{ at: start + 1, tried: 0 }];
  while (stack.length > 0) {
    const frame = stack.at(-1)!;
    const { at } = frame;
    if (frame.tried === 0 && closes(at)) {
      return { kind: "math", start, end: at + 1, body: text.slice(start + 1, at) };
    }
    const next = nextStep(text, at, frame.tried);
    frame.tried += 1;
    if (next === undefined) {
      if (frame.tried > 2) {
        deadEnds.add(at);
        stack.pop();
      }
      continue;
    }
    // Positions only grow along a walk, so one already on the stack is never met again.
    if (next !== null && !deadEnds.has(next)) {
      stack.push({ at: next, tried: 0 });
    }
  }
  return null;
}

/** The position after the body's next piece: `\$` (step 0) or one character but `$` and a line break (step 1). */
function nextStep(text: string, at: number, step: number): number | null | undefined {
  if (step === 0) return text[at] === "\\" && text[at + 1] === "$" ? at + 2 : null;
  if (step === 1) return at < text.length && text[at] !== "$" && text[at] !== "\n" ? at + 1 : null;
  return undefined;
}
