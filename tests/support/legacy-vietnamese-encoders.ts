import type { LegacyEncoding } from "#content/formats/legacy-vietnamese.ts";

/*
 * Encoders written from each standard's own description, independently of the decoder's tables:
 * a letter is taken apart (NFD) into its base, its shape (circumflex, breve, horn) and its tone,
 * and each standard's rule for those parts gives the bytes.
 */

const TONES = ["", "\u0300", "\u0309", "\u0303", "\u0301", "\u0323"] as const;
const VOWELS = [..."aăâeêioôơuưy"];
export const VIETNAMESE_LETTERS = [
  ...VOWELS.flatMap((vowel) => TONES.map((tone) => `${vowel}${tone}`.normalize("NFC"))),
  "đ",
];

interface LetterParts {
  base: string;
  shape: "" | "circumflex" | "breve" | "horn";
  /** Index into TONES. */
  tone: number;
  capital: boolean;
}

function partsOf(letter: string): LetterParts {
  const capital = letter !== letter.toLowerCase();
  const [base = "", ...marks] = [...letter.toLowerCase().normalize("NFD")];
  let shape: LetterParts["shape"] = "";
  let tone = 0;
  for (const mark of marks) {
    if (mark === "\u0302") shape = "circumflex";
    else if (mark === "\u0306") shape = "breve";
    else if (mark === "\u031B") shape = "horn";
    else tone = TONES.indexOf(mark as (typeof TONES)[number]);
  }
  return { base, shape, tone, capital };
}

/**
 * TCVN 5712:1993 VN3: per vowel, the untoned letter and then its grave, hook, tilde, acute and
 * dot-below forms, each one byte; the seven capitals Ă Â Ê Ô Ơ Ư Đ at A1–A7; no toned capital.
 */
const TCVN3_ROWS: Record<string, number[]> = {
  a: [0x61, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9],
  ă: [0xa8, 0xbb, 0xbc, 0xbd, 0xbe, 0xc6],
  â: [0xa9, 0xc7, 0xc8, 0xc9, 0xca, 0xcb],
  e: [0x65, 0xcc, 0xce, 0xcf, 0xd0, 0xd1],
  ê: [0xaa, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6],
  i: [0x69, 0xd7, 0xd8, 0xdc, 0xdd, 0xde],
  o: [0x6f, 0xdf, 0xe1, 0xe2, 0xe3, 0xe4],
  ô: [0xab, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9],
  ơ: [0xac, 0xea, 0xeb, 0xec, 0xed, 0xee],
  u: [0x75, 0xef, 0xf1, 0xf2, 0xf3, 0xf4],
  ư: [0xad, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9],
  y: [0x79, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe],
};
const TCVN3_OWN_CODES: Record<string, number> = {
  Ă: 0xa1,
  Â: 0xa2,
  Ê: 0xa3,
  Ô: 0xa4,
  Ơ: 0xa5,
  Ư: 0xa6,
  Đ: 0xa7,
  đ: 0xae,
};

function tcvn3Letter(letter: string): number[] {
  const ownCode = TCVN3_OWN_CODES[letter];
  if (ownCode !== undefined) return [ownCode];
  const { base, shape, tone, capital } = partsOf(letter);
  if (capital && shape === "" && tone === 0) return [letter.charCodeAt(0)];
  const untoned = `${base}${{ "": "", circumflex: "\u0302", breve: "\u0306", horn: "\u031B" }[shape]}`;
  const byte = TCVN3_ROWS[untoned.normalize("NFC")]?.[tone];
  if (byte === undefined) return [...Buffer.from(letter, "latin1")];
  return [byte];
}

/**
 * VNI: the base letter, then one code for its shape and tone (capital codes 0x20 below the
 * small ones); ơ, ư, đ, the toned i and ỵ have codes of their own.
 */
const VNI_TONE_CODES = [null, 0xf8, 0xfb, 0xf5, 0xf9, 0xef];
const VNI_CIRCUMFLEX_CODES = [0xe2, 0xe0, 0xe5, 0xe3, 0xe1, 0xe4];
const VNI_BREVE_CODES = [0xea, 0xe8, 0xfa, 0xfc, 0xe9, 0xeb];
const VNI_TONED_I = [0x69, 0xec, 0xe6, 0xf3, 0xed, 0xf2];

function vniLetter(letter: string): number[] {
  const { base, shape, tone, capital } = partsOf(letter);
  const caseOf = (code: number) => (capital && code >= 0xe0 ? code - 0x20 : code);
  const baseCode = base.toUpperCase().charCodeAt(0) + (capital ? 0 : 0x20);
  if (base === "đ") return [caseOf(0xf1)];
  if (base === "i") return [tone === 0 ? baseCode : caseOf(VNI_TONED_I[tone] ?? 0)];
  if (base === "y" && tone === 5) return [caseOf(0xee)];
  if (shape === "circumflex") return [baseCode, caseOf(VNI_CIRCUMFLEX_CODES[tone] ?? 0)];
  if (shape === "breve") return [baseCode, caseOf(VNI_BREVE_CODES[tone] ?? 0)];
  const horn = shape === "horn" ? [caseOf(base === "o" ? 0xf4 : 0xf6)] : [baseCode];
  const toneCode = VNI_TONE_CODES[tone];
  return toneCode === null || toneCode === undefined ? horn : [...horn, caseOf(toneCode)];
}

/** Windows-1258: Ă ă Đ đ Ơ ơ Ư ư and Latin-1's â ê ô as letters, every tone a combining code. */
const CP1258_SHAPED: Record<string, number> = {
  ă: 0xe3,
  â: 0xe2,
  ê: 0xea,
  ô: 0xf4,
  ơ: 0xf5,
  ư: 0xfd,
  đ: 0xf0,
};
const CP1258_TONES = [null, 0xcc, 0xd2, 0xde, 0xec, 0xf2];

function cp1258Letter(letter: string): number[] {
  const { base, shape, tone, capital } = partsOf(letter);
  const shaped = `${base}${{ "": "", circumflex: "\u0302", breve: "\u0306", horn: "\u031B" }[shape]}`;
  const small = CP1258_SHAPED[shaped.normalize("NFC")] ?? base.charCodeAt(0);
  const code = capital ? small - 0x20 : small;
  const toneCode = CP1258_TONES[tone];
  return toneCode === null || toneCode === undefined ? [code] : [code, toneCode];
}

const ENCODERS: Record<LegacyEncoding, (letter: string) => number[]> = {
  "windows-1258": cp1258Letter,
  tcvn3: tcvn3Letter,
  vni: vniLetter,
};

export function encodeLegacy(text: string, encoding: LegacyEncoding): Uint8Array {
  const letters = [...text.normalize("NFC")];
  return Uint8Array.from(
    letters.flatMap((letter) =>
      letter.charCodeAt(0) < 0x80 && !/[aeiouy]/iu.test(letter)
        ? [letter.charCodeAt(0)]
        : ENCODERS[encoding](letter),
    ),
  );
}

/** A question bank to encode: every kind of letter, and capitals with tones. */
export const VIETNAMESE_BANK = [
  "Câu 1: Thủ đô của Việt Nam là thành phố nào?",
  "A. Hà Nội",
  "B. Thành phố Hồ Chí Minh",
  "C. Đà Nẵng",
  "D. Huế",
  "Đáp án: A",
  "Câu 2: Sông nào chảy qua nhiều tỉnh miền Bắc nhất?",
  "A. Sông Hồng",
  "B. Sông Đà",
  "C. Sông Cầu",
  "D. Sông Mã",
  "Đáp án: A",
  "Lời giải: Sông Hồng bắt nguồn từ Trung Quốc, chảy qua chín tỉnh thành của nước ta.",
  "",
].join("\n");

/** The same bank typed without toned capitals, as TCVN3 fonts other than .VnTimeH allow. */
export const VIETNAMESE_BANK_SMALL_TONED = VIETNAMESE_BANK.replace(
  /[ÀẢÃÁẠẰẲẴẮẶẦẨẪẤẬÈẺẼÉẸỀỂỄẾỆÌỈĨÍỊÒỎÕÓỌỒỔỖỐỘỜỞỠỚỢÙỦŨÚỤỪỬỮỨỰỲỶỸÝỴ]/gu,
  (c) => c.toLowerCase(),
);

/** Bytes as the Windows-1252 characters Word shows for a run in a legacy font. */
export function windows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252").decode(bytes);
}
