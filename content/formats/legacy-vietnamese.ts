import { readVietnamese, readsAsVietnamese } from "./vietnamese-syllables.ts";

/**
 * Vietnamese written before Unicode: Windows-1258, TCVN3 (ABC) and VNI. The two font encodings
 * reach us two ways: as the bytes of a text file, and inside Word documents, where a run in a
 * .VnTime or VNI-Times font holds each byte as the Windows-1252 character it has there ("C©u"
 * for "Câu"). Both ways go through one character table per encoding.
 */

export type LegacyEncoding = "windows-1258" | "tcvn3" | "vni";

interface LegacyFontOptions {
  /**
   * The font shows every letter as a capital: TCVN3 has no toned capitals, so titles were typed
   * in .VnTimeH, .VnArialH… whose lower-case codes draw capitals.
   */
  capitals?: boolean;
}

/**
 * TCVN 5712:1993, table VN3 (the one the .Vn fonts carry), from 0xA0 to 0xFF. The standard
 * leaves some codes of this range unassigned ("·" here); those keep their Windows-1252 meaning.
 */
const TCVN3_FROM_A0 = [
  "·ĂÂÊÔƠƯĐăâêôơưđ·", // A0–AF
  "·····àảãáạ·ằẳẵắ·", // B0–BF
  "······ặầẩẫấậè·ẻẽ", // C0–CF
  "éẹềểễếệìỉ···ĩíịò", // D0–DF
  "·ỏõóọồổỗốộờởỡớợù", // E0–EF
  "·ủũúụừửữứựỳỷỹýỵ·", // F0–FF
].join("");

const UNASSIGNED = "·";

const TCVN3_TABLE: ReadonlyMap<string, string> = new Map(
  [...TCVN3_FROM_A0].flatMap((letter, index) =>
    letter === UNASSIGNED ? [] : [[String.fromCharCode(0xa0 + index), letter] as const],
  ),
);

const GRAVE = "\u0300";
const ACUTE = "\u0301";
const TILDE = "\u0303";
const HOOK = "\u0309";
const DOT_BELOW = "\u0323";
const CIRCUMFLEX = "\u0302";
const BREVE = "\u0306";

/**
 * VNI writes most letters as a base letter followed by one code carrying the diacritics (lower
 * case shown; each capital code is 0x20 below). After "a" the circumflex codes make â-letters and
 * the breve codes ă-letters; after "e" and "o" the circumflex codes make ê- and ô-letters.
 */
const VNI_MARKS: ReadonlyMap<string, { shape?: string; tone?: string }> = new Map([
  ["ù", { tone: ACUTE }],
  ["ø", { tone: GRAVE }],
  ["û", { tone: HOOK }],
  ["õ", { tone: TILDE }],
  ["ï", { tone: DOT_BELOW }],
  ["â", { shape: CIRCUMFLEX }],
  ["á", { shape: CIRCUMFLEX, tone: ACUTE }],
  ["à", { shape: CIRCUMFLEX, tone: GRAVE }],
  ["å", { shape: CIRCUMFLEX, tone: HOOK }],
  ["ã", { shape: CIRCUMFLEX, tone: TILDE }],
  ["ä", { shape: CIRCUMFLEX, tone: DOT_BELOW }],
  ["ê", { shape: BREVE }],
  ["é", { shape: BREVE, tone: ACUTE }],
  ["è", { shape: BREVE, tone: GRAVE }],
  ["ú", { shape: BREVE, tone: HOOK }],
  ["ü", { shape: BREVE, tone: TILDE }],
  ["ë", { shape: BREVE, tone: DOT_BELOW }],
]);

/** Letters VNI gives a code of their own (lower case; capitals 0x20 below). */
const VNI_SINGLES: ReadonlyMap<string, string> = new Map([
  ["ô", "ơ"],
  ["ö", "ư"],
  ["ñ", "đ"],
  ["ì", "ì"],
  ["í", "í"],
  ["æ", "ỉ"],
  ["ó", "ĩ"],
  ["ò", "ị"],
  ["î", "ỵ"],
]);

/** Which diacritic shapes each base letter takes; any of them takes a tone. */
const SHAPES_OF_BASE: ReadonlyMap<string, readonly string[]> = new Map([
  ["a", [CIRCUMFLEX, BREVE]],
  ["e", [CIRCUMFLEX]],
  ["o", [CIRCUMFLEX]],
  ["i", []],
  ["u", []],
  ["y", []],
  ["ơ", []],
  ["ư", []],
]);

/** Bytes in a legacy encoding as Unicode (NFC). */
export function decodeLegacy(bytes: Uint8Array, encoding: LegacyEncoding): string {
  if (encoding === "windows-1258") {
    // Windows-1258 writes tones as combining marks after the letter: composing joins them.
    return new TextDecoder("windows-1258").decode(bytes).normalize("NFC");
  }
  return decodeFontBytes(bytes, encoding);
}

/**
 * Text typed in a legacy font, as Word keeps it (each byte as the Windows-1252 character a
 * .VnTime / VNI-Times run shows), converted to Unicode. Used by the Word reader per run.
 * Characters no table maps (ASCII, punctuation, private-use key marks) stay as they are.
 */
export function convertLegacyText(
  text: string,
  from: "tcvn3" | "vni",
  options: LegacyFontOptions = {},
): string {
  const bytes = asFontBytes(text);
  const converted = (from === "tcvn3" ? convertTcvn3(bytes) : convertVni(bytes)).normalize("NFC");
  return options.capitals ? converted.toUpperCase() : converted;
}

/** Which encoding a font name stands for, as Word documents name them; null for any other font. */
export function legacyFontEncoding(
  fontName: string,
): { encoding: "tcvn3" | "vni"; capitals: boolean } | null {
  const name = fontName.trim().toLowerCase();
  if (name.startsWith(".vn")) {
    // .VnTimeH, .VnArialH, .VnAvantH…: the capital-only faces end in "H".
    return { encoding: "tcvn3", capitals: /h$/u.test(name) };
  }
  if (name.startsWith("vni-") || name.startsWith("vni ")) {
    return { encoding: "vni", capitals: false };
  }
  return null;
}

/**
 * Word keeps text in a "symbol" font as private-use characters U+F000 + byte; a legacy font may
 * have been installed that way.
 */
const SYMBOL_FONT_CHARACTER = /[\uF020-\uF0FF]/gu;

function asFontBytes(text: string): string {
  return text.replace(SYMBOL_FONT_CHARACTER, (character) =>
    String.fromCharCode(character.charCodeAt(0) - 0xf000),
  );
}

const TCVN3_CHARACTER = /[\u00A0-\u00FF]/gu;

function convertTcvn3(text: string): string {
  return text.replace(TCVN3_CHARACTER, (character) => TCVN3_TABLE.get(character) ?? character);
}

function bothCases(characters: Iterable<string>): string[] {
  return [...characters].flatMap((character) => [character, character.toUpperCase()]);
}

/** The letter of a VNI single-letter code, in the code's case. */
function vniSingle(character: string): string | undefined {
  const lower = character.toLowerCase();
  const single = VNI_SINGLES.get(lower);
  if (single === undefined) return undefined;
  return lower === character ? single : single.toUpperCase();
}

/** The base letter with a VNI mark code after it as one letter, or null if they do not join. */
function joinVniMark(base: string, mark: string): string | null {
  const diacritics = VNI_MARKS.get(mark.toLowerCase());
  const lowerBase = base.toLowerCase();
  const shapes = SHAPES_OF_BASE.get(lowerBase);
  if (diacritics === undefined || shapes === undefined) return null;
  if (diacritics.shape !== undefined && !shapes.includes(diacritics.shape)) return null;
  const letter = `${lowerBase}${diacritics.shape ?? ""}${diacritics.tone ?? ""}`.normalize("NFC");
  // A capital code after a small base (or the reverse) is a slip of the Shift key: the base
  // decides, as it does on screen.
  return base === lowerBase ? letter : letter.toUpperCase();
}

/** Codes a VNI mark may follow: the vowels, and the codes of ơ and ư. */
const VNI_BASE_CODES = bothCases("aeiouyôö");
const VNI_MARK_CODES = bothCases(VNI_MARKS.keys());

/** Every base code followed by a mark code it joins, as the letter they make. */
const VNI_JOINED: ReadonlyMap<string, string> = new Map(
  VNI_BASE_CODES.flatMap((code) =>
    VNI_MARK_CODES.flatMap((mark) => {
      const joined = joinVniMark(vniSingle(code) ?? code, mark);
      return joined === null ? [] : [[`${code}${mark}`, joined] as const];
    }),
  ),
);

const VNI_CHARACTER = new RegExp(
  `[${VNI_BASE_CODES.join("")}][${VNI_MARK_CODES.join("")}]|[${bothCases(VNI_SINGLES.keys()).join("")}]`,
  "gu",
);

function convertVni(text: string): string {
  return text.replace(VNI_CHARACTER, (codes) => {
    const joined = VNI_JOINED.get(codes);
    if (joined !== undefined) return joined;
    const first = codes.charAt(0);
    return `${vniSingle(first) ?? first}${codes.slice(1)}`;
  });
}

/**
 * Files take the same tables byte by byte rather than through convertLegacyText's
 * replacements, which call back at every letter: a 2 MB VNI file decodes several times faster.
 */
const WINDOWS_1252 = new TextDecoder("windows-1252").decode(
  Uint8Array.from({ length: 256 }, (_, byte) => byte),
);

const TCVN3_UNITS = Uint16Array.from(WINDOWS_1252, (character) =>
  (TCVN3_TABLE.get(character) ?? character).charCodeAt(0),
);

const VNI_SINGLE_UNITS = Uint16Array.from(WINDOWS_1252, (character) =>
  (vniSingle(character) ?? character).charCodeAt(0),
);

/**
 * A base byte and the mark byte after it, at (base << 8 | mark), to the letter they make; 0
 * where they do not join. A table of 64 Ki entries, since a map's lookups at every byte of a
 * large file cost more than its 128 KB.
 */
const VNI_JOINED_UNITS = new Uint16Array(0x10000);
for (const [codes, letter] of VNI_JOINED) {
  VNI_JOINED_UNITS[(codes.charCodeAt(0) << 8) | codes.charCodeAt(1)] = letter.charCodeAt(0);
}

function decodeFontBytes(bytes: Uint8Array, encoding: "tcvn3" | "vni"): string {
  const utf16 = new Uint8Array(bytes.length * 2);
  let length = 0;
  const write = (unit: number) => {
    utf16[length++] = unit & 0xff;
    utf16[length++] = unit >> 8;
  };
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at] ?? 0;
    if (encoding === "tcvn3") {
      write(TCVN3_UNITS[byte] ?? byte);
      continue;
    }
    const joined = VNI_JOINED_UNITS[(byte << 8) | (bytes[at + 1] ?? 0)] ?? 0;
    if (joined !== 0) at += 1;
    write(joined !== 0 ? joined : (VNI_SINGLE_UNITS[byte] ?? byte));
  }
  return new TextDecoder("utf-16le").decode(utf16.subarray(0, length));
}

const CANDIDATES: readonly LegacyEncoding[] = ["windows-1258", "tcvn3", "vni"];

/**
 * How much of a file the detectors read, from the line of its first character outside ASCII: a
 * bank shows its language in a few pages, and reading 2 MB three ways would take seconds.
 */
const SAMPLE_LENGTH = 16 * 1024;
/** How far back the line's start is looked for. */
const SAMPLE_LEAD = 256;
const LINE_FEED = 0x0a;

function sampleStart(firstTelling: number, unitAt: (at: number) => number): number {
  if (firstTelling <= 0) return 0;
  const earliest = Math.max(0, firstTelling - SAMPLE_LEAD);
  for (let at = firstTelling - 1; at >= earliest; at -= 1) {
    if (unitAt(at) === LINE_FEED) return at + 1;
  }
  return earliest;
}

/**
 * Which legacy encoding these non-UTF-8 bytes are, judged by their content (the one whose
 * decoding gives the most Vietnamese syllables), or null if none reads as Vietnamese.
 */
export function detectLegacyEncoding(bytes: Uint8Array): LegacyEncoding | null {
  const firstOutsideAscii = bytes.findIndex((byte) => byte >= 0x80);
  const start = sampleStart(firstOutsideAscii, (at) => bytes[at] ?? 0);
  const sample = bytes.subarray(start, start + SAMPLE_LENGTH);
  let best: { encoding: LegacyEncoding; score: number } | null = null;
  for (const encoding of CANDIDATES) {
    const reading = readVietnamese(decodeLegacy(sample, encoding));
    if (!readsAsVietnamese(reading)) continue;
    const score = reading.markedSyllables - reading.foreignMarked;
    if (best === null || score > best.score) best = { encoding, score };
  }
  return best?.encoding ?? null;
}

/** Letters only Unicode Vietnamese has: a text holding one was not typed in a legacy font. */
const UNICODE_VIETNAMESE =
  /[\u0102\u0103\u0110\u0111\u0128\u0129\u0168\u0169\u01A0\u01A1\u01AF\u01B0\u1EA0-\u1EF9]/u;
const LEGACY_FONT_CHARACTER = /[\u00A0-\u00FF]/gu;
/** Fewer legacy characters than this are no evidence: a © or a French word is not a font. */
const LEGACY_EVIDENCE = 8;

/**
 * The legacy font a Unicode text was visibly typed in ("C©u 1: Trong m¸y tÝnh", pasted from an
 * old document), or null. Only on strong evidence: no letter of Unicode Vietnamese, many
 * characters the font gives another meaning, and a conversion that reads as Vietnamese where
 * the text as it stands does not.
 */
export function detectLegacyFontText(text: string): "tcvn3" | "vni" | null {
  if (UNICODE_VIETNAMESE.test(text)) return null;
  let evidence = 0;
  for (const _ of text.matchAll(LEGACY_FONT_CHARACTER)) {
    evidence += 1;
    if (evidence >= LEGACY_EVIDENCE) break;
  }
  if (evidence < LEGACY_EVIDENCE) return null;
  const firstLegacyCharacter = text.search(/[\u00A0-\u00FF]/u);
  const start = sampleStart(firstLegacyCharacter, (at) => text.charCodeAt(at));
  const sample = text.slice(start, start + SAMPLE_LENGTH);
  const asItStands = readVietnamese(sample);
  let best: { encoding: "tcvn3" | "vni"; score: number } | null = null;
  for (const encoding of ["tcvn3", "vni"] as const) {
    const reading = readVietnamese(convertLegacyText(sample, encoding));
    if (!readsAsVietnamese(reading)) continue;
    if (reading.markedSyllables < 2 * Math.max(1, asItStands.markedSyllables)) continue;
    const score = reading.markedSyllables - reading.foreignMarked;
    if (best === null || score > best.score) best = { encoding, score };
  }
  return best?.encoding ?? null;
}
