import { MARK } from "../formats/key-marks.ts";
import { attributeOf, childOf, childrenOf, tagOf, type XmlNode } from "./xml.ts";

/**
 * The formatting of a run as Word shows it: the document's defaults, then the paragraph's
 * style and the styles it is based on, then the run's character style, then the run's own
 * properties, each later one winning. Only what may mark a key (ADR 0020), the font (legacy
 * Vietnamese encodings live in fonts) and a paragraph style's list numbering are kept.
 */
export interface RunLook {
  underline?: boolean;
  /** "RRGGBB" upper case; "auto" is black. */
  colour?: string;
  bold?: boolean;
  highlight?: boolean;
  font?: string;
}

interface NumberingRef {
  numId: string;
  level: number;
}

interface StyleEntry {
  basedOn: string | undefined;
  look: RunLook;
  numbering: Partial<NumberingRef>;
}

export interface DocxStyles {
  /** The look of a run in a paragraph of `paragraphStyle`, with its own style and properties. */
  lookOf(paragraphStyle: string | undefined, runStyle: string | undefined, own: RunLook): RunLook;
  /** The list numbering a paragraph style gives its paragraphs, if any. */
  styleNumbering(paragraphStyle: string | undefined): Partial<NumberingRef>;
  /** The colour of ordinary text, which marks nothing. */
  textColour: string;
}

export function readStyles(root: XmlNode[] | null): DocxStyles {
  const styles = new Map<string, StyleEntry>();
  let defaults: RunLook = {};
  let defaultParagraph: string | undefined;
  const stylesNode = root?.find((node) => tagOf(node) === "w:styles");
  for (const node of stylesNode ? childrenOf(stylesNode) : []) {
    const tag = tagOf(node);
    if (tag === "w:docDefaults") {
      const rPr = childOf(childOf(node, "w:rPrDefault") ?? {}, "w:rPr");
      defaults = rPr ? readRunLook(rPr) : {};
    } else if (tag === "w:style") {
      const id = attributeOf(node, "w:styleId");
      if (id === undefined) continue;
      const type = attributeOf(node, "w:type") ?? "paragraph";
      const key = `${type}:${id}`;
      const isDefault = attributeOf(node, "w:default");
      if (type === "paragraph" && isDefault !== undefined && isOn(isDefault)) defaultParagraph = id;
      const rPr = childOf(node, "w:rPr");
      const numPr = childOf(childOf(node, "w:pPr") ?? {}, "w:numPr");
      styles.set(key, {
        basedOn: attributeOf(childOf(node, "w:basedOn") ?? {}, "w:val"),
        look: rPr ? readRunLook(rPr) : {},
        numbering: numPr ? readNumPr(numPr) : {},
      });
    }
  }
  const chains = new Map<string, { look: RunLook; numbering: Partial<NumberingRef> }>();
  const chainOf = (type: string, id: string | undefined) => {
    if (id === undefined) return { look: {}, numbering: {} };
    const key = `${type}:${id}`;
    const cached = chains.get(key);
    if (cached) return cached;
    // Base first; a loop of basedOn (a broken file) stops at the first style seen again.
    const order: StyleEntry[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at !== undefined && !seen.has(at);) {
      seen.add(at);
      const entry = styles.get(`${type}:${at}`);
      if (!entry) break;
      order.unshift(entry);
      at = entry.basedOn;
    }
    const merged = {
      look: Object.assign({}, ...order.map((entry) => entry.look)) as RunLook,
      numbering: Object.assign(
        {},
        ...order.map((entry) => entry.numbering),
      ) as Partial<NumberingRef>,
    };
    chains.set(key, merged);
    return merged;
  };
  const normal = { ...defaults, ...chainOf("paragraph", defaultParagraph).look };
  return {
    lookOf: (paragraphStyle, runStyle, own) => ({
      ...defaults,
      ...chainOf("paragraph", paragraphStyle ?? defaultParagraph).look,
      ...chainOf("character", runStyle).look,
      ...own,
    }),
    styleNumbering: (paragraphStyle) =>
      chainOf("paragraph", paragraphStyle ?? defaultParagraph).numbering,
    textColour: normal.colour ?? "000000",
  };
}

/** A run's (or a style's) w:rPr: only what it sets, so that merging lets later ones win. */
export function readRunLook(rPr: XmlNode): RunLook {
  const look: RunLook = {};
  for (const node of childrenOf(rPr)) {
    const tag = tagOf(node);
    const value = attributeOf(node, "w:val");
    if (tag === "w:b") look.bold = value === undefined || isOn(value);
    else if (tag === "w:u") look.underline = value !== "none";
    else if (tag === "w:color" && value !== undefined) look.colour = colourOf(value);
    else if (tag === "w:highlight") look.highlight = value !== undefined && value !== "none";
    else if (tag === "w:shd") look.highlight = isFilled(attributeOf(node, "w:fill"));
    else if (tag === "w:rFonts") {
      const font = attributeOf(node, "w:ascii") ?? attributeOf(node, "w:hAnsi");
      if (font !== undefined) look.font = font;
    }
  }
  return look;
}

export function readNumPr(numPr: XmlNode): Partial<NumberingRef> {
  const numId = attributeOf(childOf(numPr, "w:numId") ?? {}, "w:val");
  const level = Number(attributeOf(childOf(numPr, "w:ilvl") ?? {}, "w:val"));
  return {
    ...(numId === undefined ? {} : { numId }),
    ...(Number.isInteger(level) ? { level } : {}),
  };
}

/** The key-mark flags of a run's look (content/formats/key-marks.ts). */
export function flagsOf(look: RunLook, textColour: string): number {
  let flags = 0;
  if (look.underline) flags |= MARK.underline;
  if (look.colour !== undefined && look.colour !== textColour) flags |= MARK.colour;
  if (look.bold) flags |= MARK.bold;
  if (look.highlight) flags |= MARK.highlight;
  return flags;
}

function isOn(value: string | undefined): boolean {
  return value === undefined || value === "1" || value === "true" || value === "on";
}

function colourOf(value: string): string {
  return value.toLowerCase() === "auto" ? "000000" : value.toUpperCase();
}

function isFilled(fill: string | undefined): boolean {
  return fill !== undefined && fill.toLowerCase() !== "auto" && fill.toUpperCase() !== "FFFFFF";
}
