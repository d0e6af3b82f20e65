import { markRun } from "../formats/key-marks.ts";

/**
 * A line of the text being read off a Word document, before it becomes a string: its runs with
 * their key-mark flags (a picture is a run of its own, `![alt](picture:…)`), and the warnings
 * that belong to it (an equation not converted…), whose line numbers are known only once blank
 * lines are settled.
 */
interface Segment {
  text: string;
  flags: number;
}

export interface DocxLine {
  segments: Segment[];
  notes: string[];
  /** Dropped when it ends up holding nothing (the rest of a paragraph after a text box). */
  soft?: boolean;
}

export function emptyLine(): DocxLine {
  return { segments: [], notes: [] };
}

export function lineOf(text: string): DocxLine {
  return { segments: [{ text, flags: 0 }], notes: [] };
}

export function plainOf(line: DocxLine): string {
  return line.segments.map((segment) => segment.text).join("");
}

/** Lines one after another on one line, with `separator` between the ones that hold text. */
export function joinLines(lines: readonly DocxLine[], separator: string): DocxLine {
  const joined = emptyLine();
  for (const line of lines) {
    joined.notes.push(...line.notes);
    if (plainOf(line).trim() === "") continue;
    if (joined.segments.length > 0) joined.segments.push({ text: separator, flags: 0 });
    joined.segments.push(...line.segments);
  }
  return joined;
}

/** A line with `head` (unmarked) before its runs. */
export function prefixLine(head: string, line: DocxLine): DocxLine {
  return { ...line, segments: [{ text: head, flags: 0 }, ...line.segments] };
}

/**
 * The line's text with its marked runs wrapped (content/formats/key-marks.ts), spaces and tabs
 * trimmed at both ends as a pasted line is read. A run of spaces takes the marks of the run
 * before it, so "B." and "Hai" underlined apart are still one marked run.
 */
export function renderLine(line: DocxLine): string {
  const merged: Segment[] = [];
  for (const segment of line.segments) {
    if (segment.text === "") continue;
    const last = merged.at(-1);
    const flags = last && segment.text.trim() === "" ? last.flags : segment.flags;
    if (last && last.flags === flags) last.text += segment.text;
    else merged.push({ text: segment.text, flags });
  }
  trimEdges(merged);
  return merged.map((segment) => markRun(segment.text, segment.flags)).join("");
}

function trimEdges(segments: Segment[]): void {
  while (segments.length > 0 && segments[0]!.text.trimStart() === "") segments.shift();
  while (segments.length > 0 && segments.at(-1)!.text.trimEnd() === "") segments.pop();
  const first = segments[0];
  if (first) first.text = first.text.trimStart();
  const last = segments.at(-1);
  if (last) last.text = last.text.trimEnd();
}
