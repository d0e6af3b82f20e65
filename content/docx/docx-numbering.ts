import { attributeOf, childOf, childrenOf, tagOf, type XmlNode } from "./xml.ts";

/**
 * Word's automatic list numbering as the labels Word shows ("Câu 3:", "B.", "- "): the
 * teacher typed none of them, so without them a bank loses its "Câu n" and its A–D.
 * Lists that share an abstract definition share their counters, as in Word; a w:num that
 * overrides a level's start restarts that level where it is first used.
 */
interface Level {
  start: number;
  format: string;
  text: string;
}

interface NumDefinition {
  abstractId: string;
  startOverrides: Map<number, number>;
}

export interface DocxNumbering {
  /** The label of the next paragraph of this list at this level, counters advanced; "" if none. */
  nextLabel(numId: string, level: number): string;
}

export function readNumbering(root: XmlNode[] | null): DocxNumbering {
  const abstracts = new Map<string, Map<number, Level>>();
  const nums = new Map<string, NumDefinition>();
  const numberingNode = root?.find((node) => tagOf(node) === "w:numbering");
  for (const node of numberingNode ? childrenOf(numberingNode) : []) {
    const tag = tagOf(node);
    if (tag === "w:abstractNum") {
      const id = attributeOf(node, "w:abstractNumId");
      if (id !== undefined) abstracts.set(id, readLevels(node));
    } else if (tag === "w:num") {
      const id = attributeOf(node, "w:numId");
      const abstractId = attributeOf(childOf(node, "w:abstractNumId") ?? {}, "w:val");
      if (id !== undefined && abstractId !== undefined) {
        nums.set(id, { abstractId, startOverrides: readOverrides(node) });
      }
    }
  }
  const counters = new Map<string, Map<number, number>>();
  const restarted = new Set<string>();
  return {
    nextLabel(numId, level) {
      const num = nums.get(numId);
      const levels = num ? abstracts.get(num.abstractId) : undefined;
      if (!num || !levels || !levels.has(level)) return "";
      const startOf = (at: number) => num.startOverrides.get(at) ?? levels.get(at)?.start ?? 1;
      const counts = counters.get(num.abstractId) ?? new Map<number, number>();
      counters.set(num.abstractId, counts);
      if (num.startOverrides.has(level) && !restarted.has(`${numId}:${level}`)) {
        restarted.add(`${numId}:${level}`);
        counts.delete(level);
      }
      const previous = counts.get(level);
      counts.set(level, previous === undefined ? startOf(level) : previous + 1);
      // A deeper level starts again under each new item of this one.
      for (const deeper of counts.keys()) if (deeper > level) counts.delete(deeper);
      return labelOf(levels.get(level)!, (at) => counts.get(at) ?? startOf(at), levels);
    },
  };
}

function readLevels(abstractNum: XmlNode): Map<number, Level> {
  const levels = new Map<number, Level>();
  for (const node of childrenOf(abstractNum)) {
    if (tagOf(node) !== "w:lvl") continue;
    const level = Number(attributeOf(node, "w:ilvl"));
    if (!Number.isInteger(level)) continue;
    const start = Number(attributeOf(childOf(node, "w:start") ?? {}, "w:val") ?? "1");
    levels.set(level, {
      start: Number.isInteger(start) ? start : 1,
      format: attributeOf(childOf(node, "w:numFmt") ?? {}, "w:val") ?? "decimal",
      text: attributeOf(childOf(node, "w:lvlText") ?? {}, "w:val") ?? "",
    });
  }
  return levels;
}

function readOverrides(num: XmlNode): Map<number, number> {
  const overrides = new Map<number, number>();
  for (const node of childrenOf(num)) {
    if (tagOf(node) !== "w:lvlOverride") continue;
    const level = Number(attributeOf(node, "w:ilvl"));
    const start = Number(attributeOf(childOf(node, "w:startOverride") ?? {}, "w:val"));
    if (Number.isInteger(level) && Number.isInteger(start)) overrides.set(level, start);
  }
  return overrides;
}

function labelOf(
  level: Level,
  countAt: (level: number) => number,
  levels: Map<number, Level>,
): string {
  if (level.format === "bullet") return "-";
  if (level.format === "none") return "";
  // "%1" is level 0's number in that level's own format.
  return level.text.replace(/%([1-9])/gu, (_, digit: string) => {
    const at = Number(digit) - 1;
    return formatNumber(countAt(at), levels.get(at)?.format ?? "decimal");
  });
}

function formatNumber(value: number, format: string): string {
  if (format === "upperLetter") return letters(value);
  if (format === "lowerLetter") return letters(value).toLowerCase();
  if (format === "upperRoman") return roman(value);
  if (format === "lowerRoman") return roman(value).toLowerCase();
  if (format === "none") return "";
  return String(value);
}

/** Word's letters: A…Z, then AA…ZZ, then AAA… (the letter repeated, not a base-26 number). */
function letters(value: number): string {
  if (value < 1) return String(value);
  const letter = String.fromCharCode(65 + ((value - 1) % 26));
  return letter.repeat(Math.min(Math.floor((value - 1) / 26) + 1, 10));
}

const ROMAN: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  let rest = value;
  let out = "";
  for (const [size, digits] of ROMAN) {
    while (rest >= size) {
      out += digits;
      rest -= size;
    }
  }
  return out;
}
