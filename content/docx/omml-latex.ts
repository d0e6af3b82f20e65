import {
  DELIMITERS,
  EXTENSIBLE_ARROWS,
  FUNCTION_NAMES,
  INVISIBLE,
  LIMIT_FUNCTIONS,
  MATH_SYMBOLS,
  SCRIPT_SYMBOLS,
  SMALL_SCRIPTS,
  escapeMath,
  escapeText,
  plainLetterOf,
} from "./math-characters.ts";
import { fromSymbolFont } from "./symbol-font.ts";
import { type XmlNode, attributeOf, childOf, childrenOf, tagOf, textOf } from "./xml.ts";

/**
 * Word equations (Office Math, OMML) as LaTeX for our KaTeX, so "Tính 6/3 + √9" keeps its
 * formula instead of becoming "Tính". Whatever has no LaTeX here is never dropped: its text
 * (or a boxed "?") stands in its place and its element is named in `unsupported`, for the
 * reader to warn at the line.
 *
 * The output is built in one list of pieces, never by concatenating a subtree's string into
 * its parent's (that copies each formula once per level of nesting), so the work is linear in
 * the size of the equation; decisions that depend on a part are taken from its elements before
 * it is written, or by filling a piece left empty for them.
 */
export function ommlToLatex(nodes: XmlNode[]): { latex: string; unsupported: string[] } {
  const conversion: Conversion = { out: new LatexWriter(), unsupported: new Set() };
  convertAll(nodes, conversion, TOP_SCOPE);
  return { latex: conversion.out.toString().trim(), unsupported: [...conversion.unsupported] };
}

interface Conversion {
  out: LatexWriter;
  unsupported: Set<string>;
}

interface Scope {
  /** Inside m:fName: "sin", "log", "tg" are the function's name, not a product of letters. */
  functionName: boolean;
  /**
   * What "&" is: an alignment point inside an equation array (Word writes its alignment marks
   * as "&" in the text), nothing inside cases (whose second column is not an alignment), else
   * an ampersand.
   */
  ampersand: "align" | "drop" | "escape";
  /** On the formula's own line, not in a script or a fraction: fractions there are full size. */
  display: boolean;
}

const TOP_SCOPE: Scope = { functionName: false, ampersand: "escape", display: true };

class LatexWriter {
  private readonly pieces: string[] = [];
  private afterControlWord = false;
  /** The last thing written was a sub- or superscript: another one needs a base of its own. */
  afterScript = false;
  /** How many alignment marks were written, so an equation array's row knows if it had any. */
  alignMarks = 0;

  write(piece: string): void {
    if (piece === "") return;
    // "\alpha x", not "\alphax", which LaTeX reads as one unknown command ("\pm 1" only reads
    // better).
    if (this.afterControlWord && isAsciiAlphanumeric(piece.charCodeAt(0))) this.pieces.push(" ");
    this.pieces.push(piece);
    this.afterControlWord = endsWithControlWord(piece);
    this.afterScript = false;
  }

  endScript(): void {
    this.write("}");
    this.afterScript = true;
  }

  /** An empty piece to fill once what follows it is written. */
  reserve(): number {
    this.pieces.push("");
    return this.pieces.length - 1;
  }

  fill(slot: number, piece: string): void {
    this.pieces[slot] = piece;
  }

  endsWith(text: string): boolean {
    return this.pieces.at(-1)?.endsWith(text) ?? false;
  }

  get size(): number {
    return this.pieces.length;
  }

  toString(): string {
    return this.pieces.join("");
  }
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57);
}

function endsWithControlWord(piece: string): boolean {
  let at = piece.length - 1;
  while (at >= 0 && isAsciiLetter(piece.charCodeAt(at))) at -= 1;
  return at >= 0 && at < piece.length - 1 && piece[at] === "\\";
}

type Handler = (node: XmlNode, conversion: Conversion, scope: Scope) => void;

function convertAll(nodes: XmlNode[], conversion: Conversion, scope: Scope): void {
  for (const node of nodes) convertNode(node, conversion, scope);
}

/** The children of an argument (m:e, m:num, m:sup…); a missing argument writes nothing. */
function convertArgument(node: XmlNode | undefined, conversion: Conversion, scope: Scope): void {
  if (node) convertAll(childrenOf(node), conversion, scope);
}

function convertNode(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const tag = tagOf(node);
  if (isIgnored(tag)) return;
  if (TRANSPARENT.has(tag)) return convertAll(childrenOf(node), conversion, scope);
  const handler = HANDLERS.get(tag);
  // An alignment mark counts only at a row's own level: inside braces it would end the row.
  const inner =
    scope.ampersand === "align" && tag !== "m:r" && tag !== "w:r"
      ? { ...scope, ampersand: "escape" as const }
      : scope;
  if (handler) handler(node, conversion, inner);
  else writeUnsupported(node, conversion);
}

/**
 * Properties (m:fPr, m:ctrlPr, w:rPr…: read where they matter), bookmarks, comment and
 * permission ranges, spelling marks, text deleted with tracked changes, and the whitespace
 * between elements of an indented file.
 */
function isIgnored(tag: string): boolean {
  return (
    tag === "#text" ||
    tag.endsWith("Pr") ||
    tag === "w:del" ||
    tag === "w:moveFrom" ||
    tag === "w:proofErr" ||
    tag === "w:lastRenderedPageBreak" ||
    (tag.startsWith("w:") && (tag.endsWith("Start") || tag.endsWith("End")))
  );
}

/** Wrappers whose content is part of the equation as it is shown. */
const TRANSPARENT = new Set([
  "m:oMath",
  "m:oMathPara",
  "w:ins",
  "w:moveTo",
  "w:smartTag",
  "w:customXml",
  "w:sdt",
  "w:sdtContent",
  "w:hyperlink",
]);

function writeUnsupported(node: XmlNode, conversion: Conversion): void {
  conversion.unsupported.add(tagOf(node));
  // One line: the reader puts the formula between dollars, which do not reach over a line.
  const text = plainText(node).replace(/\s+/gu, " ").trim();
  conversion.out.write(text === "" ? "\\boxed{?}" : `\\text{${escapeText(text)}}`);
}

function plainText(node: XmlNode, parts: string[] = []): string {
  const text = textOf(node);
  if (text !== "") parts.push(text);
  for (const child of childrenOf(node)) plainText(child, parts);
  return parts.join("");
}

/** An on/off property (m:degHide, m:show): absent is `absent`; present without a value is on. */
function isOn(properties: XmlNode | undefined, tag: string, absent = false): boolean {
  const element = properties && childOf(properties, tag);
  if (!element) return absent;
  const value = valueOf(element);
  return value === undefined || !["0", "off", "false"].includes(value);
}

function valueOf(element: XmlNode | undefined): string | undefined {
  return element && (attributeOf(element, "m:val") ?? attributeOf(element, "val"));
}

/** A property's value (m:type, m:pos); undefined when absent. */
function propertyOf(node: XmlNode, propertiesTag: string, tag: string): string | undefined {
  const properties = childOf(node, propertiesTag);
  return valueOf(properties && childOf(properties, tag));
}

/** A character property (m:begChr, m:chr): absent is the default, "" is no character. */
function characterOf(node: XmlNode, propertiesTag: string, tag: string, fallback: string): string {
  return propertyOf(node, propertiesTag, tag) ?? fallback;
}

function significantChildren(node: XmlNode | undefined): XmlNode[] {
  const children: XmlNode[] = [];
  if (node)
    for (const child of childrenOf(node)) if (!isIgnored(tagOf(child))) children.push(child);
  return children;
}

/** The one element an argument holds, if it holds exactly one. */
function onlyChild(node: XmlNode | undefined): XmlNode | undefined {
  const children = significantChildren(node);
  return children.length === 1 ? children[0] : undefined;
}

function hasContent(node: XmlNode | undefined): boolean {
  return significantChildren(node).length > 0;
}

/** The text of a run (m:r or w:r): its m:t and w:t elements. */
function runText(run: XmlNode): string {
  let text = "";
  for (const child of childrenOf(run)) {
    const tag = tagOf(child);
    if (tag === "m:t" || tag === "w:t") for (const part of childrenOf(child)) text += textOf(part);
  }
  return text;
}

function runOnly(node: XmlNode | undefined): string | undefined {
  const only = onlyChild(node);
  const tag = only && tagOf(only);
  return only && (tag === "m:r" || tag === "w:r") ? runText(only) : undefined;
}

// ---- Runs of text ------------------------------------------------------------------------

interface RunStyle {
  /** Normal text (m:nor, or a Word run inside the equation): words are shown as written. */
  text: boolean;
  /** \mathrm, \mathbf… for letters; undefined for math italic. */
  font: string | undefined;
}

const MATH_STYLE: RunStyle = { text: false, font: undefined };

// Maps, not objects: a value from the file ("constructor", "__proto__") must find nothing.
const SCRIPT_FONTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "double-struck": "\\mathbb",
    script: "\\mathcal",
    fraktur: "\\mathfrak",
    "sans-serif": "\\mathsf",
    monospace: "\\mathtt",
  }),
);

const STYLE_FONTS: ReadonlyMap<string, string> = new Map([
  ["p", "\\mathrm"],
  ["b", "\\mathbf"],
  ["bi", "\\boldsymbol"],
]);

function runStyleOf(run: XmlNode): RunStyle {
  if (tagOf(run) === "w:r") return { text: true, font: undefined };
  const properties = childOf(run, "m:rPr");
  if (isOn(properties, "m:nor")) return { text: true, font: undefined };
  const script = valueOf(properties && childOf(properties, "m:scr"));
  const style = valueOf(properties && childOf(properties, "m:sty"));
  const font =
    (script && SCRIPT_FONTS.get(script)) ?? (style && STYLE_FONTS.get(style)) ?? undefined;
  return { text: false, font };
}

function convertRun(run: XmlNode, conversion: Conversion, scope: Scope): void {
  const style = runStyleOf(run);
  for (const child of childrenOf(run)) {
    const tag = tagOf(child);
    if (tag === "m:t" || tag === "w:t") {
      let text = "";
      for (const part of childrenOf(child)) text += textOf(part);
      writeRunText(text, style, conversion, scope);
    } else if (tag === "w:tab" || tag === "w:br" || tag === "w:cr") {
      writeRunText(" ", style, conversion, scope);
    } else if (tag === "w:sym") {
      const symbol = symbolOf(child);
      if (symbol === undefined) writeUnsupported(child, conversion);
      else writeRunText(symbol, style, conversion, scope);
    } else if (!isIgnored(tag)) writeUnsupported(child, conversion);
  }
}

/** An inserted symbol (w:sym) of the Symbol font; other fonts' symbols have no Unicode here. */
function symbolOf(symbol: XmlNode): string | undefined {
  if (!/^symbol$/i.test(attributeOf(symbol, "w:font") ?? "")) return undefined;
  return fromSymbolFont(Number.parseInt(attributeOf(symbol, "w:char") ?? "", 16));
}

type Token =
  | { kind: "space" }
  | { kind: "word"; value: string; text: boolean }
  | { kind: "symbol"; value: string }
  | { kind: "script"; marker: "^" | "_"; value: string };

const LETTER = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;

/** ASCII first: it is most of any equation, and needs no Unicode property lookups. */
function kindOf(character: string): "letter" | "textLetter" | "space" | "symbol" {
  const code = character.charCodeAt(0);
  if (code < 0x80) {
    if (isAsciiLetter(code)) return "letter";
    return code === 32 || (code >= 9 && code <= 13) ? "space" : "symbol";
  }
  if (MATH_SYMBOLS.has(character)) return "symbol";
  if (LETTER.test(character)) return "textLetter";
  return SPACE.test(character) ? "space" : "symbol";
}

/** A run's text as words (letters that are not math symbols), spaces and single symbols. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let word = "";
  let wordIsText = false;
  for (const raw of text) {
    const code = raw.charCodeAt(0);
    if (code >= 0x200b && INVISIBLE.has(raw)) continue;
    const character = code >= 0x2100 ? (plainLetterOf(raw.codePointAt(0) ?? 0) ?? raw) : raw;
    const small = SMALL_SCRIPTS.get(character);
    const kind = small ? "script" : kindOf(character);
    if (kind === "letter" || kind === "textLetter") {
      word += character;
      if (kind === "textLetter") wordIsText = true;
      continue;
    }
    if (word !== "") tokens.push({ kind: "word", value: word, text: wordIsText });
    word = "";
    wordIsText = false;
    const last = tokens.at(-1);
    if (small && last?.kind === "script" && last.marker === small[0]) last.value += small[1];
    else if (small) tokens.push({ kind: "script", marker: small[0], value: small[1] });
    else if (kind === "symbol") tokens.push({ kind: "symbol", value: character });
    else if (tokens.at(-1)?.kind !== "space") tokens.push({ kind: "space" });
  }
  if (word !== "") tokens.push({ kind: "word", value: word, text: wordIsText });
  return tokens;
}

/**
 * Letters stay math (italic, or in the run's font); words with letters LaTeX has no math
 * glyph for (Vietnamese) go into \text{…} with the spaces around them, which math mode would
 * drop; in normal text everything but math symbols does.
 */
function writeRunText(text: string, style: RunStyle, conversion: Conversion, scope: Scope): void {
  const { out } = conversion;
  const tokens = tokenize(text);
  const leading = wordsLeadingToText(tokens);
  let buffer: string | undefined;
  let pendingSpace = false;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind === "space") {
      if (buffer === undefined) pendingSpace = true;
      else buffer += " ";
      continue;
    }
    const wordOfText =
      token.kind === "word" && (leading[index] || (buffer !== undefined && token.value.length > 1));
    if (wordOfText || isTextToken(token, style)) {
      buffer ??= pendingSpace ? " " : "";
      buffer += escapeText(token.value);
    } else {
      if (buffer !== undefined) out.write(`\\text{${buffer}}`);
      buffer = undefined;
      if (token.kind === "word") out.write(mathWord(token.value, style, scope));
      else if (token.kind === "script") writeSmallScript(token.marker, token.value, out);
      else if (isDecimalComma(tokens, index)) out.write("{,}");
      else writeSymbol(token.value, conversion, scope);
    }
    pendingSpace = false;
  }
  if (buffer !== undefined) out.write(`\\text{${buffer}}`);
}

/**
 * Which tokens are words read as Vietnamese: those with Vietnamese letters, and words of plain
 * letters that lead to one across spaces and other such words ("chất tan trong nước" is no
 * tangent). A single letter stays a variable ("với mọi x"); a word after Vietnamese ones is
 * settled as it is written, by whether text is still open.
 */
function wordsLeadingToText(tokens: Token[]): boolean[] {
  const leading = new Array<boolean>(tokens.length).fill(false);
  let textAhead = false;
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index]!;
    if (token.kind === "space") continue;
    if (token.kind !== "word") textAhead = false;
    else textAhead = leading[index] = token.text || (token.value.length > 1 && textAhead);
  }
  return leading;
}

function writeSmallScript(marker: "^" | "_", value: string, out: LatexWriter): void {
  if (out.afterScript) out.write("{}");
  out.write(`${marker}{${value}}`);
  out.afterScript = true;
}

/** "0,5" as Vietnamese write decimals: braced, or LaTeX spaces it as punctuation ("0, 5"). */
function isDecimalComma(tokens: Token[], index: number): boolean {
  const comma = tokens[index];
  if (comma?.kind !== "symbol" || comma.value !== ",") return false;
  return isDigitToken(tokens[index - 1]) && isDigitToken(tokens[index + 1]);
}

function isDigitToken(token: Token | undefined): boolean {
  return token?.kind === "symbol" && token.value >= "0" && token.value <= "9";
}

function isTextToken(token: Token, style: RunStyle): boolean {
  if (token.kind === "word") return token.text || style.text;
  if (token.kind !== "symbol") return false;
  const character = token.value;
  if (MATH_SYMBOLS.has(character) || SCRIPT_SYMBOLS.has(character)) return false;
  const code = character.charCodeAt(0);
  if (code < 0x80) return style.text;
  // Quotes, dashes and Latin-1 signs are text; KaTeX knows the other symbols in math mode
  // (⊙, ≺), some of them only there (⟦), and draws those it does not know in either.
  return (code >= 0xa0 && code <= 0xff) || (code >= 0x2000 && code <= 0x206f);
}

function mathWord(word: string, style: RunStyle, scope: Scope): string {
  // Word sets sin, log, lim upright wherever they are typed; a product s·i·n is never meant.
  if (FUNCTION_NAMES.has(word)) return `\\${word}`;
  if (scope.functionName && word.length > 1) return `\\operatorname{${word}}`;
  return style.font ? `${style.font}{${word}}` : word;
}

function writeSymbol(character: string, conversion: Conversion, scope: Scope): void {
  const { out } = conversion;
  const script = SCRIPT_SYMBOLS.get(character);
  if (script !== undefined) {
    // Primes in a row are one superscript ("f''"); after any other script, one needs a base.
    if (out.afterScript && !(script.startsWith("'") && out.endsWith("'"))) out.write("{}");
    out.write(script);
    out.afterScript = true;
    return;
  }
  if (character === "&") {
    if (scope.ampersand === "escape") out.write("\\&");
    else if (scope.ampersand === "align") {
      out.write("&");
      out.alignMarks += 1;
    }
    return;
  }
  out.write(MATH_SYMBOLS.get(character) ?? escapeMath(character));
}

// ---- Structures ----------------------------------------------------------------------------

/** Scripts, limits, degrees and the parts of a fraction are set smaller and are no names. */
function inner(scope: Scope): Scope {
  return { ...scope, functionName: false, display: false };
}

function writeScript(
  marker: "^" | "_",
  argument: XmlNode | undefined,
  conversion: Conversion,
  scope: Scope,
): void {
  conversion.out.write(`${marker}{`);
  convertArgument(argument, conversion, inner(scope));
  conversion.out.endScript();
}

/** A script's base, in braces when it is empty or ends with a script of its own (x²)³. */
function writeBase(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const { out } = conversion;
  const slot = out.reserve();
  convertArgument(childOf(node, "m:e"), conversion, scope);
  if (out.afterScript || out.size === slot + 1) {
    out.fill(slot, "{");
    out.write("}");
  }
}

function convertScripts(node: XmlNode, conversion: Conversion, scope: Scope): void {
  writeBase(node, conversion, scope);
  const sub = childOf(node, "m:sub");
  const sup = childOf(node, "m:sup");
  if (sub) writeScript("_", sub, conversion, scope);
  if (sup) writeScript("^", sup, conversion, scope);
}

function convertPreScripts(node: XmlNode, conversion: Conversion, scope: Scope): void {
  conversion.out.write("{}");
  writeScript("_", childOf(node, "m:sub"), conversion, scope);
  writeScript("^", childOf(node, "m:sup"), conversion, scope);
  convertArgument(childOf(node, "m:e"), conversion, scope);
}

/** Writes `open`, the argument, then `close`. */
function wrap(
  open: string,
  argument: XmlNode | undefined,
  close: string,
  conversion: Conversion,
  scope: Scope,
): void {
  conversion.out.write(open);
  convertArgument(argument, conversion, scope);
  conversion.out.write(close);
}

/** Skewed (ᵃ/ᵦ) and bar-less (a over b) fractions; a bar is \dfrac on the line, else \frac. */
const FRACTION_OPENINGS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    skw: "{}^{",
    noBar: "\\genfrac{}{}{0pt}{}{",
  }),
);

function convertFraction(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const type = propertyOf(node, "m:fPr", "m:type") ?? "bar";
  const numerator = childOf(node, "m:num");
  const denominator = childOf(node, "m:den");
  const parts = inner(scope);
  if (type === "lin") {
    convertArgument(numerator, conversion, parts);
    wrap("/", denominator, "", conversion, parts);
    return;
  }
  const open = FRACTION_OPENINGS.get(type) ?? (scope.display ? "\\dfrac{" : "\\frac{");
  wrap(open, numerator, type === "skw" ? "}/_{" : "}{", conversion, parts);
  wrap("", denominator, "}", conversion, parts);
}

function convertRadical(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const degree = childOf(node, "m:deg");
  if (!isOn(childOf(node, "m:radPr"), "m:degHide") && hasContent(degree)) {
    writeOptional("\\sqrt", degree, conversion, inner(scope));
    wrap("{", childOf(node, "m:e"), "}", conversion, scope);
  } else wrap("\\sqrt{", childOf(node, "m:e"), "}", conversion, scope);
}

const MATRIX_ENVIRONMENTS: ReadonlyMap<string, string> = new Map([
  ["()", "pmatrix"],
  ["[]", "bmatrix"],
  ["{}", "Bmatrix"],
  ["||", "vmatrix"],
  ["‖‖", "Vmatrix"],
]);

function convertDelimiter(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const open = characterOf(node, "m:dPr", "m:begChr", "(");
  const close = characterOf(node, "m:dPr", "m:endChr", ")");
  const items = childrenTagged(node, "m:e");
  const only = items.length === 1 ? onlyChild(items[0]) : undefined;
  if (only && tagOf(only) === "m:eqArr" && open === "{" && (close === "" || close === "}")) {
    if (close === "}") conversion.out.write("\\left.");
    writeRows(childrenTagged(only, "m:e"), "cases", conversion, scope);
    if (close === "}") conversion.out.write("\\right\\}");
    return;
  }
  const matrix = MATRIX_ENVIRONMENTS.get(open + close);
  if (only && tagOf(only) === "m:m" && matrix) return writeMatrix(only, matrix, conversion, scope);
  writeDelimiter("\\left", open, conversion, scope);
  const separator = characterOf(node, "m:dPr", "m:sepChr", "|");
  for (const [index, item] of items.entries()) {
    if (index > 0) writeRunText(separator, MATH_STYLE, conversion, scope);
    convertArgument(item, conversion, scope);
  }
  writeDelimiter("\\right", close, conversion, scope);
}

/** `\left(`; a character \left does not take is written as it is, after an empty `\left.`. */
function writeDelimiter(
  side: string,
  character: string,
  conversion: Conversion,
  scope: Scope,
): void {
  const delimiter = DELIMITERS.get(character);
  if (delimiter !== undefined) return conversion.out.write(side + delimiter);
  if (side === "\\right") writeRunText(character, MATH_STYLE, conversion, scope);
  conversion.out.write(`${side}.`);
  if (side === "\\left") writeRunText(character, MATH_STYLE, conversion, scope);
}

function childrenTagged(node: XmlNode, tag: string): XmlNode[] {
  const children: XmlNode[] = [];
  for (const child of childrenOf(node)) if (tagOf(child) === tag) children.push(child);
  return children;
}

/**
 * An equation array's rows: `aligned` with Word's alignment marks, or flush left (a mark at
 * the start of a row) when a row has none; `cases` for a system in a brace.
 */
function writeRows(
  rows: XmlNode[],
  environment: "aligned" | "cases",
  conversion: Conversion,
  scope: Scope,
): void {
  const { out } = conversion;
  const marksBefore = out.alignMarks;
  const rowScope: Scope = { ...scope, ampersand: environment === "cases" ? "drop" : "align" };
  out.write(`\\begin{${environment}}`);
  for (const [index, row] of rows.entries()) {
    if (index > 0) out.write(" \\\\ ");
    const slot = out.reserve();
    const marks = out.alignMarks;
    convertArgument(row, conversion, rowScope);
    if (environment === "aligned" && out.alignMarks === marks) out.fill(slot, "&");
  }
  out.write(`\\end{${environment}}`);
  out.alignMarks = marksBefore;
}

function writeMatrix(
  node: XmlNode,
  environment: string,
  conversion: Conversion,
  scope: Scope,
): void {
  const { out } = conversion;
  const cellScope: Scope = { ...scope, ampersand: "escape" };
  out.write(`\\begin{${environment}}`);
  for (const [rowIndex, row] of childrenTagged(node, "m:mr").entries()) {
    if (rowIndex > 0) out.write(" \\\\ ");
    for (const [cellIndex, cell] of childrenTagged(row, "m:e").entries()) {
      if (cellIndex > 0) out.write(" & ");
      convertArgument(cell, conversion, cellScope);
    }
  }
  out.write(`\\end{${environment}}`);
}

const NARY_OPERATORS: ReadonlyMap<string, string> = new Map([
  ["∑", "\\sum"],
  ["∏", "\\prod"],
  ["∐", "\\coprod"],
  ["∫", "\\int"],
  ["∬", "\\iint"],
  ["∭", "\\iiint"],
  ["∮", "\\oint"],
  ["∯", "\\oiint"],
  ["∰", "\\oiiint"],
  ["⋃", "\\bigcup"],
  ["⋂", "\\bigcap"],
  ["⋁", "\\bigvee"],
  ["⋀", "\\bigwedge"],
  ["⨁", "\\bigoplus"],
  ["⨂", "\\bigotimes"],
  ["⨀", "\\bigodot"],
  ["⨄", "\\biguplus"],
]);

const INTEGRALS = new Set(["∫", "∬", "∭", "∮", "∯", "∰"]);

function convertNary(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const { out } = conversion;
  const properties = childOf(node, "m:naryPr");
  const symbol = characterOf(node, "m:naryPr", "m:chr", "∫");
  const operator = NARY_OPERATORS.get(symbol);
  if (operator) out.write(operator);
  else {
    out.write("\\mathop{");
    writeRunText(symbol, MATH_STYLE, conversion, scope);
    out.write("}");
  }
  const sub = isOn(properties, "m:subHide") ? undefined : childOf(node, "m:sub");
  const sup = isOn(properties, "m:supHide") ? undefined : childOf(node, "m:sup");
  // Word sets limits of sums under and over them, and those of integrals beside them.
  const location =
    propertyOf(node, "m:naryPr", "m:limLoc") ?? (INTEGRALS.has(symbol) ? "subSup" : "undOvr");
  const scripted = hasContent(sub) || hasContent(sup);
  if (scripted && location === "undOvr") out.write("\\limits");
  if (hasContent(sub)) writeScript("_", sub, conversion, scope);
  if (hasContent(sup)) writeScript("^", sup, conversion, scope);
  convertArgument(childOf(node, "m:e"), conversion, scope);
}

function convertFunction(node: XmlNode, conversion: Conversion, scope: Scope): void {
  convertArgument(childOf(node, "m:fName"), conversion, { ...scope, functionName: true });
  convertArgument(childOf(node, "m:e"), conversion, scope);
}

const BRACES: ReadonlyMap<string, string> = new Map([
  ["⏟", "\\underbrace"],
  ["⏞", "\\overbrace"],
]);

function braceOf(node: XmlNode | undefined): string | undefined {
  if (!node || tagOf(node) !== "m:groupChr") return undefined;
  return BRACES.get(characterOf(node, "m:groupChrPr", "m:chr", "⏟"));
}

/**
 * A limit under or over its base: `\lim_{x\to 0}` and `\underbrace{…}_{n}` take it as a
 * script, an arrow stretches over it (a reaction's condition), anything else has it set
 * above or below.
 */
function convertLimit(node: XmlNode, conversion: Conversion, scope: Scope, below: boolean): void {
  const base = childOf(node, "m:e");
  const limit = childOf(node, "m:lim");
  const baseRun = runOnly(base)?.trim();
  if (braceOf(onlyChild(base)) || (baseRun !== undefined && LIMIT_FUNCTIONS.has(baseRun))) {
    convertArgument(base, conversion, { ...scope, functionName: true });
    writeScript(below ? "_" : "^", limit, conversion, scope);
    return;
  }
  const arrow = baseRun === undefined ? undefined : EXTENSIBLE_ARROWS.get(baseRun);
  if (arrow) return writeArrow(arrow, limit, below, conversion, scope);
  wrap(below ? "\\underset{" : "\\overset{", limit, "}{", conversion, inner(scope));
  wrap("", base, "}", conversion, scope);
}

/** An arrow with a text over it (`\xrightarrow{…}`) or under it (`\xrightarrow[…]{}`). */
function writeArrow(
  arrow: string,
  text: XmlNode | undefined,
  under: boolean,
  conversion: Conversion,
  scope: Scope,
): void {
  if (!under) return wrap(`${arrow}{`, text, "}", conversion, inner(scope));
  writeOptional(arrow, text, conversion, inner(scope));
  conversion.out.write("{}");
}

/** `command[…]`, braced inside unless it is one run with no "]" (which would end it early). */
function writeOptional(
  command: string,
  argument: XmlNode | undefined,
  conversion: Conversion,
  scope: Scope,
): void {
  const text = runOnly(argument);
  const plain = text !== undefined && !text.includes("]");
  wrap(`${command}[${plain ? "" : "{"}`, argument, plain ? "]" : "}]", conversion, scope);
}

function convertGroupCharacter(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const base = childOf(node, "m:e");
  const brace = braceOf(node);
  if (brace) return wrap(`${brace}{`, base, "}", conversion, scope);
  const character = characterOf(node, "m:groupChrPr", "m:chr", "⏟");
  const top = propertyOf(node, "m:groupChrPr", "m:pos") === "top";
  const arrow = EXTENSIBLE_ARROWS.get(character);
  // pos is where the character goes: an arrow under the text has the text over the arrow.
  if (arrow) return writeArrow(arrow, base, top, conversion, scope);
  conversion.out.write(top ? "\\overset{" : "\\underset{");
  writeRunText(character, MATH_STYLE, conversion, inner(scope));
  wrap("}{", base, "}", conversion, scope);
}

/** Word's accent characters: the command over one letter, and the one that stretches. */
const ACCENTS: ReadonlyMap<string, readonly [string, string]> = new Map([
  ["\u0302", ["\\hat", "\\widehat"]],
  ["^", ["\\hat", "\\widehat"]],
  ["\u0303", ["\\tilde", "\\widetilde"]],
  ["~", ["\\tilde", "\\widetilde"]],
  ["\u0304", ["\\bar", "\\overline"]],
  ["\u0305", ["\\bar", "\\overline"]],
  ["¯", ["\\bar", "\\overline"]],
  ["\u20d7", ["\\vec", "\\overrightarrow"]],
  ["→", ["\\vec", "\\overrightarrow"]],
  ["\u20d6", ["\\overleftarrow", "\\overleftarrow"]],
  ["\u20e1", ["\\overleftrightarrow", "\\overleftrightarrow"]],
  ["\u20d1", ["\\overrightharpoon", "\\overrightharpoon"]],
  ["\u20d0", ["\\overleftharpoon", "\\overleftharpoon"]],
  ["\u0307", ["\\dot", "\\dot"]],
  ["\u0308", ["\\ddot", "\\ddot"]],
  ["\u030c", ["\\check", "\\check"]],
  ["\u0306", ["\\breve", "\\breve"]],
  ["\u0301", ["\\acute", "\\acute"]],
  ["\u0300", ["\\grave", "\\grave"]],
  ["\u030a", ["\\mathring", "\\mathring"]],
]);

function convertAccent(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const base = childOf(node, "m:e");
  const accent = ACCENTS.get(characterOf(node, "m:accPr", "m:chr", "\u0302"));
  if (!accent) {
    conversion.unsupported.add("m:acc");
    return convertArgument(base, conversion, scope);
  }
  const text = runOnly(base);
  const single = text !== undefined && [...text].length === 1;
  wrap(`${single ? accent[0] : accent[1]}{`, base, "}", conversion, scope);
}

function convertPhantom(node: XmlNode, conversion: Conversion, scope: Scope): void {
  const properties = childOf(node, "m:phantPr");
  const base = childOf(node, "m:e");
  if (isOn(properties, "m:show", true)) return convertArgument(base, conversion, scope);
  const command = isOn(properties, "m:zeroWid")
    ? "\\vphantom"
    : isOn(properties, "m:zeroAsc") && isOn(properties, "m:zeroDesc")
      ? "\\hphantom"
      : "\\phantom";
  wrap(`${command}{`, base, "}", conversion, scope);
}

const HANDLERS: ReadonlyMap<string, Handler> = new Map(
  Object.entries<Handler>({
    "m:r": convertRun,
    "w:r": convertRun,
    "m:f": convertFraction,
    "m:rad": convertRadical,
    "m:sSup": convertScripts,
    "m:sSub": convertScripts,
    "m:sSubSup": convertScripts,
    "m:sPre": convertPreScripts,
    "m:d": convertDelimiter,
    "m:nary": convertNary,
    "m:func": convertFunction,
    "m:limLow": (node, conversion, scope) => convertLimit(node, conversion, scope, true),
    "m:limUpp": (node, conversion, scope) => convertLimit(node, conversion, scope, false),
    "m:acc": convertAccent,
    "m:bar": (node, conversion, scope) => {
      const top = propertyOf(node, "m:barPr", "m:pos") === "top";
      wrap(top ? "\\overline{" : "\\underline{", childOf(node, "m:e"), "}", conversion, scope);
    },
    "m:groupChr": convertGroupCharacter,
    "m:m": (node, conversion, scope) => writeMatrix(node, "matrix", conversion, scope),
    "m:eqArr": (node, conversion, scope) =>
      writeRows(childrenTagged(node, "m:e"), "aligned", conversion, scope),
    "m:box": (node, conversion, scope) => convertArgument(childOf(node, "m:e"), conversion, scope),
    "m:borderBox": (node, conversion, scope) =>
      wrap("\\boxed{", childOf(node, "m:e"), "}", conversion, scope),
    "m:phant": convertPhantom,
  }),
);
