/**
 * How formatting that may mark a key travels from a Word document to the "Câu n" parser
 * (ADR 0020). The Word reader (content/docx/) wraps every run that carries one of these marks as
 *
 *   MARK_OPEN + flagChar(flags) + text + MARK_CLOSE
 *
 * in private-use characters no real file holds, and the parser (content/formats/vi-text.ts)
 * reads them off the answers, decides per document which mark singles out keys, and removes
 * them all: no mark ever stays in a stored text. A text typed by a student has marks of its own
 * (`*B.`, `B. … (đúng)`), which the parser gives the flags STAR and CORRECT_NOTE.
 */
export const MARK = {
  underline: 1,
  /** A colour other than the document's text colour (red, blue…). */
  colour: 2,
  bold: 4,
  highlight: 8,
  /** `*B. …` in a text. */
  star: 16,
  /** `B. … (đúng)` in a text. */
  correctNote: 32,
} as const;

export type MarkName = keyof typeof MARK;

export const MARK_OPEN = "\uE010";
const MARK_CLOSE = "\uE011";
const FLAG_BASE = 0xe100;

function flagChar(flags: number): string {
  return String.fromCharCode(FLAG_BASE + flags);
}

/** A run's text wrapped with its marks; unmarked text as it is. */
export function markRun(text: string, flags: number): string {
  return flags === 0 || text === "" ? text : `${MARK_OPEN}${flagChar(flags)}${text}${MARK_CLOSE}`;
}

export interface MarkSpan {
  /** Offsets into the plain text: [start, end). */
  start: number;
  end: number;
  flags: number;
}

/** The text without its marks, and where each marked run lies in it. One pass, linear. */
export function readMarks(text: string): { plain: string; spans: MarkSpan[] } {
  if (!text.includes(MARK_OPEN)) return { plain: text, spans: [] };
  let plain = "";
  const spans: MarkSpan[] = [];
  let open: { start: number; flags: number } | null = null;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === MARK_OPEN) {
      const flags = (text.charCodeAt(at + 1) || FLAG_BASE) - FLAG_BASE;
      open = { start: plain.length, flags: flags >= 0 && flags < 64 ? flags : 0 };
      at += 1;
    } else if (char === MARK_CLOSE) {
      if (open && plain.length > open.start) spans.push({ ...open, end: plain.length });
      open = null;
    } else plain += char;
  }
  return { plain, spans };
}

/** The text with every mark character removed. */
export function stripMarks(text: string): string {
  return text.includes(MARK_OPEN) || text.includes(MARK_CLOSE) ? readMarks(text).plain : text;
}

/**
 * The marks that cover every non-space character of `plain[start, end)`: the marks a letter
 * ("B.") or a whole answer carries. 0 when the range holds nothing but spaces.
 */
export function marksCovering(
  plain: string,
  spans: readonly MarkSpan[],
  start: number,
  end: number,
): number {
  // Runs never overlap, so marking each character once per run that covers it stays linear.
  const here = new Array<number>(Math.max(end - start, 0)).fill(0);
  for (const span of spans) {
    for (let at = Math.max(span.start, start); at < Math.min(span.end, end); at += 1) {
      here[at - start]! |= span.flags;
    }
  }
  let flags = -1;
  for (let at = start; at < end; at += 1) {
    if (/\s/u.test(plain[at]!)) continue;
    flags = flags < 0 ? here[at - start]! : flags & here[at - start]!;
  }
  return Math.max(flags, 0);
}
