/**
 * Vietnamese written before Unicode: Windows-1258, TCVN3 (ABC) and VNI. The two font encodings
 * reach us two ways: as the bytes of a text file, and inside Word documents, where a run in a
 * .VnTime or VNI-Times font holds each byte as the Windows-1252 character it has there ("C©u"
 * for "Câu"). Both ways go through one character table per encoding.
 */

export type LegacyEncoding = "windows-1258" | "tcvn3" | "vni";

export interface LegacyFontOptions {
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
  return convertLegacyText(new TextDecoder("windows-1252").decode(bytes), encoding);
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
  const converted = (from === "tcvn3" ? convertTcvn3(text) : convertVni(text)).normalize("NFC");
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
function fontByteCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code >= 0xf020 && code <= 0xf0ff ? String.fromCharCode(code - 0xf000) : character;
}

function convertTcvn3(text: string): string {
  let converted = "";
  for (const original of text) {
    const character = fontByteCharacter(original);
    converted += TCVN3_TABLE.get(character) ?? character;
  }
  return converted;
}

function convertVni(text: string): string {
  let converted = "";
  let base: string | null = null;
  for (const original of text) {
    const character = fontByteCharacter(original);
    if (base !== null) {
      const joined = joinVniMark(base, character);
      base = null;
      if (joined !== null) {
        converted = converted.slice(0, -1) + joined;
        continue;
      }
    }
    const letter = vniSingle(character) ?? character;
    converted += letter;
    if (SHAPES_OF_BASE.has(letter.toLowerCase())) base = letter;
  }
  return converted;
}

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
  if ([...letter].length !== 1) return null;
  return base === lowerBase ? letter : letter.toUpperCase();
}
