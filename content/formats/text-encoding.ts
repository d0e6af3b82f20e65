import {
  type LegacyEncoding,
  decodeLegacy,
  detectLegacyEncoding,
  detectLegacyFontText,
  convertLegacyText,
} from "./legacy-vietnamese.ts";
import type { ParseResult, Problem } from "./types.ts";

/**
 * Turns an uploaded file's bytes into the text every parser expects. Vietnamese teachers still
 * meet files saved in Windows-1258, VNI or TCVN3, and text typed in their fonts pasted into a
 * UTF-8 file. Those are converted only when the converted text reads as Vietnamese, with a
 * warning naming the encoding, since a wrong guess would change every accented letter; anything
 * else that is not UTF-8 (or UTF-16) is refused with a way out.
 */

const NOT_UTF8_MESSAGE = "Tệp không phải UTF-8: hãy lưu lại với mã hoá UTF-8";

const ENCODING_NAMES: Record<LegacyEncoding, string> = {
  "windows-1258": "Windows-1258",
  tcvn3: "TCVN3 (ABC)",
  vni: "VNI",
};

const FONT_NAMES: Record<"tcvn3" | "vni", string> = {
  tcvn3: "TCVN3 (ABC), như .VnTime",
  vni: "VNI, như VNI-Times",
};

const CHECK_ACCENTS = "đã chuyển sang Unicode. Hãy kiểm tra lại chữ có dấu.";

function legacyFileMessage(encoding: LegacyEncoding): string {
  return `Tệp được lưu bằng mã ${ENCODING_NAMES[encoding]}: ${CHECK_ACCENTS}`;
}

function legacyFontMessage(font: "tcvn3" | "vni"): string {
  return `Chữ trong tệp được gõ bằng phông ${FONT_NAMES[font]}: ${CHECK_ACCENTS}`;
}

export function decodeBankFile(bytes: Uint8Array, file: string): ParseResult<string> {
  const decoded = decodeUnicode(bytes, file);
  if (decoded.problems.length > 0) return decoded;
  const font = detectLegacyFontText(decoded.value);
  if (font === null) return decoded;
  return {
    value: convertLegacyText(decoded.value, font),
    problems: [{ file, line: 1, message: legacyFontMessage(font), severity: "warning" }],
  };
}

function decodeUnicode(bytes: Uint8Array, file: string): ParseResult<string> {
  if (startsWith(bytes, [0xff, 0xfe])) return decodeUtf16Le(bytes.subarray(2), file);
  if (startsWith(bytes, [0xfe, 0xff])) {
    return decodeUtf16Le(swapBytePairs(bytes.subarray(2)), file);
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16 === "le") return decodeUtf16Le(bytes, file);
  if (utf16 === "be") return decodeUtf16Le(swapBytePairs(bytes), file);
  const utf8 = decodeUtf8(bytes, file);
  if (utf8.problems.length === 0) return refuseNul(utf8, file);
  const encoding = detectLegacyEncoding(bytes);
  if (encoding === null) return utf8;
  const converted = refuseNul(
    { value: prepareText(decodeLegacy(bytes, encoding)), problems: [] },
    file,
  );
  if (converted.problems.length > 0) return converted;
  const warning: Problem = {
    file,
    line: 1,
    message: legacyFileMessage(encoding),
    severity: "warning",
  };
  return { value: converted.value, problems: [warning] };
}

/**
 * UTF-16 saved without a BOM: text whose characters are mostly below U+0100 (letters, digits,
 * spaces and line ends, even in Vietnamese) has a zero in every other byte, on the odd side
 * for little-endian and the even side for big-endian. A file of nothing but zeros is neither.
 */
function utf16WithoutBom(bytes: Uint8Array): "le" | "be" | null {
  const sample = bytes.subarray(0, 4096);
  const pairs = Math.floor(sample.length / 2);
  if (pairs === 0) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index + 1 < sample.length; index += 2) {
    if (sample[index] === 0) evenZeros += 1;
    if (sample[index + 1] === 0) oddZeros += 1;
  }
  const mostly = (zeros: number) => zeros / pairs >= 0.3;
  const rarely = (zeros: number) => zeros / pairs <= 0.05;
  if (mostly(oddZeros) && rarely(evenZeros)) return "le";
  if (mostly(evenZeros) && rarely(oddZeros)) return "be";
  return null;
}

/** NUL is valid UTF-8 but never part of a text file: the file is binary or damaged. */
function refuseNul(decoded: ParseResult<string>, file: string): ParseResult<string> {
  const at = decoded.value.indexOf("\0");
  if (at < 0) return decoded;
  const line = decoded.value.slice(0, at).split("\n").length;
  return { value: "", problems: [{ file, line, message: NUL_MESSAGE, severity: "error" }] };
}

const NUL_MESSAGE =
  "Tệp có byte 0 (NUL) nên không phải tệp văn bản: hãy lưu lại dạng văn bản UTF-8";

/** What every parser does first, so they also accept text that did not come through decodeBankFile. */
export function prepareText(text: string): string {
  return text
    .replace(/^\uFEFF/u, "")
    .replace(/\r\n?/gu, "\n")
    .normalize("NFC");
}

function decodeUtf8(bytes: Uint8Array, file: string): ParseResult<string> {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { value: prepareText(text), problems: [] };
  } catch {
    return {
      value: "",
      problems: [{ file, line: firstBadLine(bytes), message: NOT_UTF8_MESSAGE, severity: "error" }],
    };
  }
}

function decodeUtf16Le(bytes: Uint8Array, file: string): ParseResult<string> {
  try {
    const text = new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { value: prepareText(text), problems: [] };
  } catch {
    const message = "Tệp UTF-16 bị hỏng: hãy lưu lại với mã hoá UTF-8";
    return { value: "", problems: [{ file, line: 1, message, severity: "error" }] };
  }
}

/** The line of the first undecodable byte: newlines are ASCII, so a lenient decode keeps them. */
function firstBadLine(bytes: Uint8Array): number {
  const lenient = new TextDecoder("utf-8").decode(bytes);
  const bad = lenient.indexOf("\uFFFD");
  return lenient.slice(0, Math.max(bad, 0)).split("\n").length;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** Node's small-ICU builds lack a UTF-16BE decoder; swapping to LE works everywhere. */
function swapBytePairs(bytes: Uint8Array): Uint8Array {
  const swapped = new Uint8Array(bytes.length);
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    swapped[index] = bytes[index + 1] ?? 0;
    swapped[index + 1] = bytes[index] ?? 0;
  }
  if (bytes.length % 2 === 1) swapped[bytes.length - 1] = bytes[bytes.length - 1] ?? 0;
  return swapped;
}

/**
 * Lines of one text field joined back: trailing spaces and surrounding blank lines go, but
 * indentation stays because it is meaningful in code.
 */
export function joinLines(lines: string[]): string {
  const trimmed = lines.map((line) => line.trimEnd());
  const first = trimmed.findIndex((line) => line !== "");
  if (first < 0) return "";
  const last = trimmed.findLastIndex((line) => line !== "");
  return trimmed.slice(first, last + 1).join("\n");
}
