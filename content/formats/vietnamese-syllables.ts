/**
 * How much a text reads as Vietnamese, to tell a right decoding from a wrong one. Every
 * Vietnamese word is one syllable (onset, rhyme, at most one tone), and most carry diacritics;
 * a legacy file decoded the wrong way, or French or English, gives words no syllable can be.
 */

interface VietnameseReading {
  /** Runs of letters. */
  words: number;
  /** Words that are Vietnamese syllables, with or without diacritics. */
  syllables: number;
  /** Syllables with a letter outside ASCII: the evidence an encoding was read right. */
  markedSyllables: number;
  /** Distinct marked syllables, so that one symbol repeated is no evidence. */
  distinctMarked: number;
  /** Words with a letter outside ASCII that are no syllable: the evidence against. */
  foreignMarked: number;
}

const ONSETS = [
  "ngh",
  "ng",
  "nh",
  "ch",
  "gh",
  "gi",
  "kh",
  "ph",
  "qu",
  "th",
  "tr",
  ..."bcdđghklmnprstvx",
  "",
];

/** Vowel groups, glides included, without tone. */
const NUCLEI: ReadonlySet<string> = new Set(
  [
    "a ă â e ê i o ô ơ u ư y",
    "ai ao au ay âu ây eo êu ia iu oa oă oe oi ôi ơi oo ua uâ uê ui uô uơ uy ưa ưi ưu ươ iê yê",
    "iêu yêu oai oao oay oeo uây uôi uya uyê uyu ươi ươu",
  ]
    .join(" ")
    .split(" "),
);

const CODAS = ["ch", "ng", "nh", "c", "m", "n", "p", "t", ""];
const STOP_CODAS: ReadonlySet<string> = new Set(["c", "ch", "p", "t"]);

const TONE_MARKS = ["\u0300", "\u0301", "\u0303", "\u0309", "\u0323"];
const ACUTE = "\u0301";
const DOT_BELOW = "\u0323";

/** Each toned lower-case letter as its untoned letter and its tone. */
const TONED: ReadonlyMap<string, { letter: string; tone: string }> = new Map(
  [..."aăâeêioôơuưy"].flatMap((letter) =>
    TONE_MARKS.map((tone) => [`${letter}${tone}`.normalize("NFC"), { letter, tone }] as const),
  ),
);

const LONGEST_SYLLABLE = 7;

export function readVietnamese(text: string): VietnameseReading {
  const reading = {
    words: 0,
    syllables: 0,
    markedSyllables: 0,
    distinctMarked: 0,
    foreignMarked: 0,
  };
  const known = new Map<string, boolean>();
  const marked = new Set<string>();
  for (const [word] of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    reading.words += 1;
    const lower = word.toLowerCase();
    const ascii = /^[a-z]*$/u.test(lower);
    let syllable = known.get(lower);
    if (syllable === undefined) {
      syllable = isSyllable(lower);
      known.set(lower, syllable);
    }
    if (syllable) reading.syllables += 1;
    if (ascii) continue;
    if (syllable) {
      reading.markedSyllables += 1;
      marked.add(lower);
    } else {
      reading.foreignMarked += 1;
    }
  }
  reading.distinctMarked = marked.size;
  return reading;
}

/** Whether a lower-case word is one Vietnamese syllable. */
function isSyllable(word: string): boolean {
  if (word.length > LONGEST_SYLLABLE) return false;
  let untoned = "";
  let tone = "";
  for (const character of word) {
    const toned = TONED.get(character);
    if (toned === undefined) {
      untoned += character;
      continue;
    }
    if (tone !== "") return false;
    untoned += toned.letter;
    tone = toned.tone;
  }
  return ONSETS.some(
    (onset) => untoned.startsWith(onset) && isRhyme(untoned.slice(onset.length), tone),
  );
}

function isRhyme(rhyme: string, tone: string): boolean {
  return CODAS.some((coda) => {
    if (!rhyme.endsWith(coda)) return false;
    // Syllables closed by c, ch, p or t take only the acute or the dot below.
    if (STOP_CODAS.has(coda) && tone !== "" && tone !== ACUTE && tone !== DOT_BELOW) return false;
    return NUCLEI.has(rhyme.slice(0, rhyme.length - coda.length));
  });
}

/**
 * Whether a decoded text reads as Vietnamese: most words are syllables, many carry diacritics,
 * in some variety, and few words with diacritics are no syllable.
 */
export function readsAsVietnamese(reading: VietnameseReading): boolean {
  return (
    reading.distinctMarked >= 3 &&
    reading.markedSyllables >= 0.2 * reading.words &&
    reading.syllables >= 0.6 * reading.words &&
    reading.foreignMarked <= 0.2 * reading.markedSyllables
  );
}
