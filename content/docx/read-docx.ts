import { serverVi } from "#base/i18n/vi-server.ts";
import type { Problem } from "../formats/types.ts";
import { plainOf, renderLine, type DocxLine } from "./docx-lines.ts";
import { readNumbering } from "./docx-numbering.ts";
import { DocxPictures, readRelationships, type DocxPicture } from "./docx-pictures.ts";
import { readStyles } from "./docx-styles.ts";
import { DocxWalker } from "./docx-walker.ts";
import { readDocxParts } from "./docx-zip.ts";
import { childOf, parseXml, tagOf, childrenOf, type XmlNode } from "./xml.ts";

/**
 * A Word document (.docx) as text in our "Câu n" layout, for the student to see and edit, read
 * off the document's own XML (ADR 0020) so that what a teacher marks in Word reaches the
 * parser: underline, colour, bold and highlight as key marks (content/formats/key-marks.ts),
 * Word's automatic numbering as the labels it shows, tables as the bank, answers or key table
 * they are, equations as LaTeX, pictures and MathType formulas as `![alt](picture:docx-picture-N)`
 * where they stand, their bytes in `pictures` to be encoded once the text is settled
 * (content/docx/docx-pictures.ts placePictures).
 */
export interface DocxText {
  /** Lines in the "Câu n" text layout; runs carrying a key mark wrapped by markRun (key-marks.ts). */
  text: string;
  /** Warnings at lines: an equation that could not be converted, a MathType object without its picture, a legacy font converted. */
  notes: Problem[];
  /** Each picture file the text's tokens name, once. */
  pictures: DocxPicture[];
}

const messages = serverVi.docxProblems;

export async function readDocxText(
  bytes: Uint8Array,
): Promise<{ value: DocxText | null; problems: Problem[] }> {
  const read = readDocxParts(bytes);
  if (read.kind === "unreadable") return failure(messages.unreadable);
  if (read.kind === "too-big") return failure(messages.tooBig);
  if (read.kind !== "ok") return failure(messages.tooComplex);
  try {
    const document = parseXml(read.parts.get("word/document.xml")!);
    const body = childOf(rootOf(document, "w:document") ?? {}, "w:body");
    if (!body) return failure(messages.unreadable);
    const pictures = new DocxPictures(
      readRelationships(read.parts.get("word/_rels/document.xml.rels")),
      read.media,
    );
    const walker = new DocxWalker(
      readStyles(parsedPart(read.parts.get("word/styles.xml"))),
      readNumbering(parsedPart(read.parts.get("word/numbering.xml"))),
      pictures,
    );
    walker.walk(childrenOf(body));
    return { value: { ...assemble(walker.lines), pictures: pictures.found }, problems: [] };
  } catch {
    return failure(messages.unreadable);
  }
}

function failure(message: string): { value: null; problems: Problem[] } {
  return { value: null, problems: [{ file: "", line: 1, message, severity: "error" }] };
}

function rootOf(nodes: XmlNode[], tag: string): XmlNode | undefined {
  return nodes.find((node) => tagOf(node) === tag);
}

/** A part Word may leave out (no lists, no styles): read as empty, and never fatal. */
function parsedPart(xml: string | undefined): XmlNode[] | null {
  if (xml === undefined) return null;
  try {
    return parseXml(xml);
  } catch {
    return null;
  }
}

/**
 * The lines as the student's text, laid out as a pasted text is read: blank lines at the ends
 * gone and at most one between two lines. A line left blank that has warnings gives them to
 * the line that follows.
 */
function assemble(lines: DocxLine[]): Omit<DocxText, "pictures"> {
  const rendered = lines
    .filter((line) => !(line.soft === true && isBare(line)))
    .map((line) => ({ line, text: renderLine(line), blank: plainOf(line).trim() === "" }));
  const kept: string[] = [];
  const notes: Problem[] = [];
  let pendingNotes: string[] = [];
  let blankRun = 0;
  for (const { line, text, blank } of rendered) {
    if (blank && line.notes.length === 0) {
      blankRun += 1;
      continue;
    }
    if (kept.length > 0 && blankRun > 0) kept.push("");
    blankRun = 0;
    pendingNotes.push(...line.notes);
    if (blank) continue;
    kept.push(text);
    notes.push(...pendingNotes.map((message) => note(kept.length, message)));
    pendingNotes = [];
  }
  notes.push(...pendingNotes.map((message) => note(kept.length + 1, message)));
  return { text: kept.join("\n"), notes };
}

function isBare(line: DocxLine): boolean {
  return line.notes.length === 0 && plainOf(line).trim() === "";
}

function note(line: number, message: string): Problem {
  return { file: "", line, message, severity: "warning" };
}
