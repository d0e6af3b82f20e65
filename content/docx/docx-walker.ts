import { serverVi } from "#base/i18n/vi-server.ts";
import { convertLegacyText, legacyFontEncoding } from "../formats/legacy-vietnamese.ts";
import { emptyLine, type DocxLine } from "./docx-lines.ts";
import type { DocxNumbering } from "./docx-numbering.ts";
import type { DocxPictures } from "./docx-pictures.ts";
import { flagsOf, readNumPr, readRunLook, type DocxStyles, type RunLook } from "./docx-styles.ts";
import { tableLines, type TableCells } from "./docx-tables.ts";
import { ommlToLatex } from "./omml-latex.ts";
import { attributeOf, childOf, childrenOf, tagOf, textOf, type XmlNode } from "./xml.ts";

const messages = serverVi.docxProblems;

/** Elements that hold nothing shown, or text that was deleted. */
const SKIPPED = new Set([
  "w:pPr",
  "w:rPr",
  "w:sdtPr",
  "w:sdtEndPr",
  "w:tblPr",
  "w:tblGrid",
  "w:trPr",
  "w:tcPr",
  "w:sectPr",
  "w:del",
  "w:moveFrom",
  "w:instrText",
  "w:delText",
  "w:delInstrText",
  "mc:Choice",
  "mc:Fallback",
]);

/**
 * The body of word/document.xml walked in order into lines (content/docx/docx-lines.ts). One
 * walker per document: list counters, an open field and the fonts already reported run from
 * one paragraph to the next. A picture (DrawingML's a:blip, VML's v:imagedata, a MathType
 * object's preview) becomes its token where it stands (content/docx/docx-pictures.ts).
 */
export class DocxWalker {
  lines: DocxLine[] = [];
  private current: DocxLine = emptyLine();
  private paragraphStyle: string | undefined;
  /** Open fields: true once past their instructions, where their shown result begins. */
  private fields: boolean[] = [];
  private readonly legacyFonts = new Set<string>();
  private depth = 0;
  /** The key marks of the run being read: a picture in it carries them as its text does. */
  private runFlags = 0;
  /** The alt text of the drawing or VML shape being read. */
  private alt: string | undefined;

  constructor(
    private readonly styles: DocxStyles,
    private readonly numbering: DocxNumbering,
    private readonly pictures: DocxPictures,
  ) {}

  walk(nodes: XmlNode[]): void {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === "w:p") this.paragraph(node);
      else if (tag === "w:tbl") this.table(node);
      else if (tag === "w:r") this.run(node);
      else if (tag === "m:oMath") this.equation([node]);
      else if (tag === "m:oMathPara")
        this.equation(childrenOf(node).filter((n) => tagOf(n) === "m:oMath"));
      else if (tag === "mc:AlternateContent") this.walk(oneBranch(node));
      else if (tag === "wp:inline" || tag === "wp:anchor") this.drawing(node);
      else if (tag === "v:shape") this.shape(node);
      else if (tag === "a:blip") this.picture(attributeOf(node, "r:embed"), this.alt);
      else if (tag === "v:imagedata")
        this.picture(attributeOf(node, "r:id"), this.alt, attributeOf(node, "o:title"));
      else if (tag === "w:object") this.object(node);
      else if (tag === "#text" || SKIPPED.has(tag)) continue;
      else this.walk(childrenOf(node));
    }
  }

  private newLine(): void {
    this.current = emptyLine();
    this.lines.push(this.current);
  }

  private paragraph(paragraph: XmlNode): void {
    const properties = childOf(paragraph, "w:pPr");
    const outerStyle = this.paragraphStyle;
    this.paragraphStyle = attributeOf(childOf(properties ?? {}, "w:pStyle") ?? {}, "w:val");
    this.newLine();
    const direct = childOf(properties ?? {}, "w:numPr");
    const list = {
      ...this.styles.styleNumbering(this.paragraphStyle),
      ...(direct ? readNumPr(direct) : {}),
    };
    if (list.numId !== undefined && list.numId !== "0") {
      const label = this.numbering.nextLabel(list.numId, list.level ?? 0);
      if (label !== "") this.current.segments.push({ text: `${label} `, flags: 0 });
    }
    this.depth += 1;
    this.walk(childrenOf(paragraph));
    this.depth -= 1;
    this.paragraphStyle = outerStyle;
    // A paragraph in a text box ends inside another: the rest of that one goes on a line of its
    // own, dropped if nothing comes.
    if (this.depth > 0) {
      this.newLine();
      this.current.soft = true;
    }
  }

  private table(table: XmlNode): void {
    const rows: TableCells = [];
    for (const row of contentOf(table, "w:tr")) {
      rows.push(contentOf(row, "w:tc").map((cell) => this.cellLines(cell)));
    }
    const lines = tableLines(rows);
    this.lines.push(...lines);
    this.current = emptyLine();
  }

  private cellLines(cell: XmlNode): DocxLine[] {
    const outer = this.lines;
    this.lines = [];
    this.current = emptyLine();
    this.walk(childrenOf(cell));
    const lines = this.lines;
    this.lines = outer;
    return lines;
  }

  private run(run: XmlNode): void {
    const properties = childOf(run, "w:rPr");
    const own = properties ? readRunLook(properties) : {};
    const runStyle = attributeOf(childOf(properties ?? {}, "w:rStyle") ?? {}, "w:val");
    const look = this.styles.lookOf(this.paragraphStyle, runStyle, own);
    const flags = flagsOf(look, this.styles.textColour);
    const outerFlags = this.runFlags;
    this.runFlags = flags;
    for (const child of childrenOf(run)) {
      const tag = tagOf(child);
      if (tag === "w:fldChar") this.field(attributeOf(child, "w:fldCharType"));
      else if (!this.fields.every(Boolean)) continue;
      else if (tag === "w:t") this.text(textOfElement(child), flags, look);
      else if (tag === "w:tab" || tag === "w:ptab") this.text("\t", 0, {});
      else if (tag === "w:br" || tag === "w:cr") this.newLine();
      else if (tag === "w:noBreakHyphen") this.text("-", flags, {});
      else if (tag === "w:sym") this.text(symbolOf(child), flags, {});
      else if (tag !== "w:rPr") this.walk([child]);
    }
    this.runFlags = outerFlags;
  }

  private text(text: string, flags: number, look: RunLook): void {
    const legacy = look.font === undefined ? null : legacyFontEncoding(look.font);
    let shown = text;
    if (legacy && look.font !== undefined) {
      shown = convertLegacyText(text, legacy.encoding, { capitals: legacy.capitals });
      if (!this.legacyFonts.has(look.font)) {
        this.legacyFonts.add(look.font);
        const name = legacy.encoding === "vni" ? "VNI" : "TCVN3";
        this.current.notes.push(messages.legacyFont(look.font, name));
      }
    }
    this.current.segments.push({ text: shown, flags });
  }

  private field(type: string | undefined): void {
    if (type === "begin") this.fields.push(false);
    else if (type === "separate" && this.fields.length > 0)
      this.fields[this.fields.length - 1] = true;
    else if (type === "end") this.fields.pop();
  }

  private equation(maths: XmlNode[]): void {
    for (const math of maths) {
      const { latex, unsupported } = ommlToLatex(childrenOf(math));
      const trimmed = latex.trim();
      if (trimmed !== "")
        this.current.segments.push({ text: `$${trimmed}$`, flags: this.mathFlags(math) });
      if (unsupported.length > 0) {
        this.current.notes.push(
          messages.equationPartly(trimmed || "…", [...new Set(unsupported)].join(", ")),
        );
      }
    }
  }

  /** The marks every run of the equation carries: an underlined or red equation is a marked answer. */
  private mathFlags(math: XmlNode): number {
    let flags = -1;
    const visit = (nodes: XmlNode[]): void => {
      for (const node of nodes) {
        if (tagOf(node) !== "m:r") {
          visit(childrenOf(node));
          continue;
        }
        const properties = childOf(node, "w:rPr");
        const look = this.styles.lookOf(
          this.paragraphStyle,
          undefined,
          properties ? readRunLook(properties) : {},
        );
        const own = flagsOf(look, this.styles.textColour);
        flags = flags < 0 ? own : flags & own;
      }
    };
    visit([math]);
    return Math.max(flags, 0);
  }

  /** A DrawingML drawing: its pictures take the alt text of its properties (wp:docPr). */
  private drawing(drawing: XmlNode): void {
    const properties = childOf(drawing, "wp:docPr") ?? {};
    this.withAlt(
      firstText(attributeOf(properties, "descr"), attributeOf(properties, "title")),
      drawing,
    );
  }

  /** A VML shape: the picture of an old document or of an object's preview. */
  private shape(shape: XmlNode): void {
    this.withAlt(firstText(attributeOf(shape, "alt"), this.alt), shape);
  }

  private withAlt(alt: string | undefined, node: XmlNode): void {
    const outer = this.alt;
    this.alt = alt;
    this.walk(childrenOf(node));
    this.alt = outer;
  }

  private picture(id: string | undefined, ...alts: (string | undefined)[]): void {
    const token = this.pictures.token(id, "picture", ...alts);
    this.current.segments.push({ text: token, flags: this.runFlags });
  }

  /**
   * An embedded object: a MathType or Equation 3.0 formula shows as the picture of its preview
   * (a WMF, drawn by content/docx/wmf-picture.ts); any other object as its preview picture.
   */
  private object(object: XmlNode): void {
    const ole = childOf(object, "o:OLEObject");
    const program = attributeOf(ole ?? {}, "ProgID") ?? "";
    if (!/^equation\b|mathtype/iu.test(program)) {
      this.walk(childrenOf(object));
      return;
    }
    const preview = findDeep(object, "v:imagedata");
    if (!preview) {
      this.current.notes.push(messages.mathType);
      return;
    }
    const token = this.pictures.token(attributeOf(preview, "r:id"), "formula");
    this.current.segments.push({ text: token, flags: this.runFlags });
  }
}

function firstText(...candidates: (string | undefined)[]): string | undefined {
  return candidates.find((candidate) => candidate !== undefined && candidate.trim() !== "");
}

/** The first element with this tag inside `node`, depth first. */
function findDeep(node: XmlNode, tag: string): XmlNode | undefined {
  for (const child of childrenOf(node)) {
    if (tagOf(child) === tag) return child;
    const found = findDeep(child, tag);
    if (found) return found;
  }
  return undefined;
}

/** One branch of an mc:AlternateContent, never both: the fallback, which we always understand. */
function oneBranch(node: XmlNode): XmlNode[] {
  const fallback = childOf(node, "mc:Fallback") ?? childOf(node, "mc:Choice");
  return fallback ? childrenOf(fallback) : [];
}

/** Rows of a table, cells of a row: also those inside content controls. */
function contentOf(node: XmlNode, tag: string): XmlNode[] {
  return childrenOf(node).flatMap((child) => {
    const childTag = tagOf(child);
    if (childTag === tag) return [child];
    if (childTag === "w:sdt" || childTag === "w:customXml") {
      return contentOf(childOf(child, "w:sdtContent") ?? child, tag);
    }
    return [];
  });
}

function textOfElement(node: XmlNode): string {
  return childrenOf(node).map(textOf).join("");
}

/**
 * A w:sym character. In the Symbol font (Word's Greek letters and math signs) the code is
 * Adobe's Symbol encoding shifted into private use (F000 + code): those are mapped to Unicode.
 */
function symbolOf(node: XmlNode): string {
  const code = Number.parseInt(attributeOf(node, "w:char") ?? "", 16);
  if (!Number.isInteger(code) || code <= 0 || code > 0xffff) return "";
  const font = (attributeOf(node, "w:font") ?? "").toLowerCase();
  const low = code >= 0xf000 ? code - 0xf000 : code;
  if (font === "symbol") return SYMBOL_FONT.get(low) ?? String.fromCharCode(low);
  return String.fromCharCode(code);
}

const GREEK_UPPER = "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ";
const GREEK_LOWER = "αβχδεφγηιϕκλμνοπθρστυϖωξψζ";
const SYMBOL_FONT = new Map<number, string>([
  ...[...GREEK_UPPER].map((char, at): [number, string] => [0x41 + at, char]),
  ...[...GREEK_LOWER].map((char, at): [number, string] => [0x61 + at, char]),
  [0x22, "∀"],
  [0x24, "∃"],
  [0x27, "∋"],
  [0x2d, "−"],
  [0x40, "≅"],
  [0x5c, "∴"],
  [0x5e, "⊥"],
  [0xa3, "≤"],
  [0xa5, "∞"],
  [0xab, "↔"],
  [0xac, "←"],
  [0xad, "↑"],
  [0xae, "→"],
  [0xaf, "↓"],
  [0xb0, "°"],
  [0xb1, "±"],
  [0xb3, "≥"],
  [0xb4, "×"],
  [0xb5, "∝"],
  [0xb7, "•"],
  [0xb8, "÷"],
  [0xb9, "≠"],
  [0xba, "≡"],
  [0xbb, "≈"],
  [0xc6, "∅"],
  [0xc7, "∩"],
  [0xc8, "∪"],
  [0xc9, "⊃"],
  [0xca, "⊇"],
  [0xcb, "⊄"],
  [0xcc, "⊂"],
  [0xcd, "⊆"],
  [0xce, "∈"],
  [0xcf, "∉"],
  [0xd0, "∠"],
  [0xd6, "√"],
  [0xd7, "⋅"],
  [0xd8, "¬"],
  [0xd9, "∧"],
  [0xda, "∨"],
  [0xdb, "⇔"],
  [0xdc, "⇐"],
  [0xdd, "⇑"],
  [0xde, "⇒"],
  [0xdf, "⇓"],
  [0xf2, "∫"],
]);
