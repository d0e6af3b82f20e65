/**
 * Encoders for the three legacy Vietnamese encodings older teachers' files are still saved in,
 * written from the standards' code charts, so the real-bank fixtures hold the bytes such a file
 * holds. The importer's decoder is written apart from these (content/formats/), so each checks
 * the other. Every encoder throws on a character its encoding cannot hold: a fixture that
 * silently lost a letter would test nothing.
 */

/** Windows-1258: the WHATWG index (as TextDecoder reads it), tones as combining marks. */
const CP1258 = (() => {
  const decoder = new TextDecoder("windows-1258");
  const bytes = new Map<string, number>();
  for (let byte = 0x80; byte <= 0xff; byte += 1) {
    const char = decoder.decode(Uint8Array.of(byte));
    if (char !== "\uFFFD") bytes.set(char, byte);
  }
  return bytes;
})();

export function encodeWindows1258(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...cp1258Bytes(char));
  }
  return Uint8Array.from(out);
}

/**
 * The letter with its shape (â, ơ, đ…) as one byte when the code page has it, then its tone as
 * a combining mark: Windows-1258 has the five tone marks but few letters with a tone.
 */
function cp1258Bytes(char: string): number[] {
  const whole = CP1258.get(char);
  if (whole !== undefined) return [whole];
  const parts = [...char.normalize("NFD")];
  const tones = parts.filter((part) => TONE_MARKS.includes(part));
  const letter = parts
    .filter((part) => !TONE_MARKS.includes(part))
    .join("")
    .normalize("NFC");
  const letterByte =
    letter.length === 1 && letter < "\x80" ? letter.charCodeAt(0) : CP1258.get(letter);
  const toneBytes = tones.map((tone) => CP1258.get(tone));
  if (letterByte === undefined || toneBytes.some((tone) => tone === undefined)) {
    throw new Error(`Windows-1258 has no “${char}”`);
  }
  return [letterByte, ...(toneBytes as number[])];
}

const TONE_MARKS = ["\u0300", "\u0301", "\u0303", "\u0309", "\u0323"];

/**
 * TCVN 5712:1993 VN3 (TCVN3, the ".Vn" fonts of ABC): ASCII, the seven bare capitals Ă Â Ê Ô Ơ
 * Ư Đ and all 67 lower-case letters, from 0xA1. A capital with a tone has no code: Word shows
 * one by switching to a capitals font (.VnTimeH) over the lower-case code.
 */
const TCVN3_RUNS: [number, string][] = [
  [0xa1, "ĂÂÊÔƠƯĐăâêôơưđ"],
  [0xb5, "àảãáạ"],
  [0xbb, "ằẳẵắ"],
  [0xc6, "ặầẩẫấậè"],
  [0xce, "ẻẽéẹềểễếệìỉ"],
  [0xdc, "ĩíịò"],
  [0xe1, "ỏõóọồổỗốộờởỡớợù"],
  [0xf1, "ủũúụừửữứựỳỷỹýỵ"],
];

const TCVN3 = new Map<string, number>(
  TCVN3_RUNS.flatMap(([start, chars]) =>
    [...chars].map((char, index): [string, number] => [char, start + index]),
  ),
);

export function encodeTcvn3(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x80 ? code : code === 0xa0 ? 0xa0 : TCVN3.get(char);
    if (byte === undefined) throw new Error(`TCVN3 has no “${char}”`);
    out.push(byte);
  }
  return Uint8Array.from(out);
}

/**
 * VNI (VNI-Windows, the VNI-Times fonts): a letter is its ASCII base and one byte for its
 * shape and tone (á = "a" 0xF9, ấ = "a" 0xE1); ơ, ư, đ and the i's have bytes of their own, a
 * horned vowel with a tone is two. Capitals use the same bytes less 0x20.
 */
const TONES = ["", "\u0301", "\u0300", "\u0309", "\u0303", "\u0323"] as const;
const VNI_TONE_BYTES = {
  none: [0, 0xf9, 0xf8, 0xfb, 0xf5, 0xef],
  circumflex: [0xe2, 0xe1, 0xe0, 0xe5, 0xe3, 0xe4],
  breve: [0xea, 0xe9, 0xe8, 0xfa, 0xfc, 0xeb],
} as const;
/** i with each tone, and ỵ: single bytes. */
const VNI_I = [0, 0xed, 0xec, 0xe6, 0xf3, 0xf2] as const;
const VNI_Y_DOT = 0xee;
const VNI_HORN = { o: 0xf4, u: 0xf6 } as const;
const VNI_D_STROKE = 0xf1;
const CAPITAL_OFFSET = 0x20;

export function encodeVni(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...vniBytes(char));
  }
  return Uint8Array.from(out);
}

function vniBytes(char: string): number[] {
  const lower = char.toLowerCase();
  const capital = lower !== char;
  const raise = (byte: number) => (capital ? byte - CAPITAL_OFFSET : byte);
  if (lower === "đ") return [raise(VNI_D_STROKE)];
  const [base = "", ...marks] = [...lower.normalize("NFD")];
  const tone = TONES.findIndex((mark, index) => index > 0 && marks.includes(mark));
  const toneIndex = tone < 0 ? 0 : tone;
  const baseByte = (capital ? base.toUpperCase() : base).charCodeAt(0);
  if (!/^[aeiouy]$/u.test(base)) throw new Error(`VNI has no “${char}”`);
  if (marks.includes("\u031B") && (base === "o" || base === "u")) {
    const horn = raise(VNI_HORN[base]);
    return toneIndex === 0 ? [horn] : [horn, raise(VNI_TONE_BYTES.none[toneIndex]!)];
  }
  if (base === "i") return [raise(VNI_I[toneIndex]!)];
  if (base === "y" && toneIndex === 5) return [raise(VNI_Y_DOT)];
  const shape = marks.includes("\u0302")
    ? "circumflex"
    : marks.includes("\u0306")
      ? "breve"
      : "none";
  return [baseByte, raise(VNI_TONE_BYTES[shape][toneIndex]!)];
}

/** What Word holds for text typed in a legacy font: each byte as the Latin-1 character. */
export function asLegacyFontText(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}
