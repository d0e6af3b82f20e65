import { describe, expect, it } from "vitest";
import { readVietnamese, readsAsVietnamese } from "./vietnamese-syllables.ts";

describe("readVietnamese", () => {
  it("counts every kind of Vietnamese syllable, with and without diacritics", () => {
    const text = "nghiêng khuya quyết giữa người Trường oan xoong thích Việt Nam cho";
    expect(readVietnamese(text)).toEqual({
      words: 12,
      syllables: 12,
      markedSyllables: 7,
      distinctMarked: 7,
      foreignMarked: 0,
    });
  });

  it("counts words no syllable can be as foreign", () => {
    // Two tones, a grave on a syllable closed by "t", letters Vietnamese lacks, too long.
    const reading = readVietnamese("hoàá tồt café élève façade nghiêngg");
    expect(reading).toMatchObject({ syllables: 0, markedSyllables: 0, foreignMarked: 6 });
  });
});

describe("readsAsVietnamese", () => {
  it("takes a Vietnamese sentence and refuses French, or one syllable repeated", () => {
    expect(readsAsVietnamese(readVietnamese("Thủ đô của Việt Nam là thành phố nào?"))).toBe(true);
    expect(readsAsVietnamese(readVietnamese("Où est l'élève ? À l'école, déjà."))).toBe(false);
    expect(readsAsVietnamese(readVietnamese("â Acme â Acme â Acme â Acme"))).toBe(false);
  });
});
