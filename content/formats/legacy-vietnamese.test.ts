import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import {
  convertLegacyText,
  decodeLegacy,
  detectLegacyEncoding,
  detectLegacyFontText,
  legacyFontEncoding,
} from "./legacy-vietnamese.ts";
import {
  VIETNAMESE_BANK as BANK,
  VIETNAMESE_BANK_SMALL_TONED as BANK_SMALL_TONED,
  VIETNAMESE_LETTERS as LETTERS,
  encodeLegacy as encode,
  windows1252,
} from "#tests/support/legacy-vietnamese-encoders.ts";

describe("decodeLegacy", () => {
  it("decodes every Vietnamese letter, small and capital, in Windows-1258 and VNI", () => {
    for (const encoding of ["windows-1258", "vni"] as const) {
      for (const letter of [...LETTERS, ...LETTERS.map((l) => l.toUpperCase())]) {
        expect(decodeLegacy(encode(letter, encoding), encoding), `${encoding} ${letter}`).toBe(
          letter,
        );
      }
    }
  });

  it("decodes every small TCVN3 letter and the seven capitals the standard has", () => {
    for (const letter of [...LETTERS, ..."ĂÂÊÔƠƯĐ"]) {
      expect(decodeLegacy(encode(letter, "tcvn3"), "tcvn3"), letter).toBe(letter);
    }
  });

  it("decodes Windows-1258's precomposed Latin-1 letters too", () => {
    // "Hà Nội" as Windows writes it: à = E0, ô + dot below = F4 F2.
    expect(
      decodeLegacy(Uint8Array.from([0x48, 0xe0, 0x20, 0x4e, 0xf4, 0xf2, 0x69]), "windows-1258"),
    ).toBe("Hà Nội");
  });

  it("round-trips a question bank in each encoding", () => {
    expect(decodeLegacy(encode(BANK, "windows-1258"), "windows-1258")).toBe(BANK);
    expect(decodeLegacy(encode(BANK, "vni"), "vni")).toBe(BANK);
    expect(decodeLegacy(encode(BANK_SMALL_TONED, "tcvn3"), "tcvn3")).toBe(BANK_SMALL_TONED);
  });
});

describe("convertLegacyText", () => {
  it("reads any bytes as decodeLegacy does, for a Word run and a file to agree", () => {
    const bytes = Uint8Array.from({ length: 20_000 }, (_, index) => (index * 2_654_435_761) % 256);
    for (const encoding of ["tcvn3", "vni"] as const) {
      expect(convertLegacyText(windows1252(bytes), encoding)).toBe(decodeLegacy(bytes, encoding));
    }
  });

  it("reads runs of .VnTime and VNI-Times as Word keeps them", () => {
    expect(convertLegacyText("C©u 1: Trong m¸y tÝnh, bé nhí nµo nhanh nhÊt?", "tcvn3")).toBe(
      "Câu 1: Trong máy tính, bộ nhớ nào nhanh nhất?",
    );
    expect(convertLegacyText("Tröôøng Ñaïi hoïc Quoác gia", "vni")).toBe("Trường Đại học Quốc gia");
  });

  it("reads every capital of a capital-only .VnTimeH run", () => {
    for (const letter of LETTERS) {
      const typed = windows1252(encode(letter, "tcvn3"));
      expect(convertLegacyText(typed, "tcvn3", { capitals: true }), letter).toBe(
        letter.toUpperCase(),
      );
    }
    expect(convertLegacyText("®¸p ¸n", "tcvn3", { capitals: true })).toBe("ĐÁP ÁN");
  });

  it("reads a legacy font kept as symbol-font characters (U+F000 + byte)", () => {
    const typed = [..."m¸y tÝnh"]
      .map((c) => String.fromCharCode(0xf000 + c.charCodeAt(0)))
      .join("");
    expect(convertLegacyText(typed, "tcvn3")).toBe("máy tính");
  });

  it("leaves characters no table maps as they are", () => {
    const marked = "\uE010\uE101B. Hµ Néi\uE011 “x” — 42";
    expect(convertLegacyText(marked, "tcvn3")).toBe("\uE010\uE101B. Hà Nội\uE011 “x” — 42");
  });
});

describe("legacyFontEncoding", () => {
  it("names the encoding of the legacy fonts Word documents use", () => {
    expect(legacyFontEncoding(".VnTime")).toEqual({ encoding: "tcvn3", capitals: false });
    expect(legacyFontEncoding(".VnArialH")).toEqual({ encoding: "tcvn3", capitals: true });
    expect(legacyFontEncoding("VNI-Times")).toEqual({ encoding: "vni", capitals: false });
    expect(legacyFontEncoding("Times New Roman")).toBeNull();
  });
});

describe("detectLegacyEncoding", () => {
  it("tells each encoding of a bank from the others", () => {
    expect(detectLegacyEncoding(encode(BANK, "windows-1258"))).toBe("windows-1258");
    expect(detectLegacyEncoding(encode(BANK_SMALL_TONED, "tcvn3"))).toBe("tcvn3");
    expect(detectLegacyEncoding(encode(BANK, "vni"))).toBe("vni");
  });

  it("finds the Vietnamese after a long English preamble", () => {
    const preamble = "Exported from the school's question bank, version 2.\n".repeat(500);
    const bytes = Uint8Array.from([...Buffer.from(preamble, "ascii"), ...encode(BANK, "vni")]);
    expect(detectLegacyEncoding(bytes)).toBe("vni");
  });

  it("does not take French or English in Latin-1 for Vietnamese", () => {
    const french = Buffer.from(
      "Question 1 : Quelle est la capitale de la France ? Réponse : Paris, où l'élève a été très " +
        "content de déjà voir la tour Eiffel. © 2024 Éditions Hachette, tous droits réservés.\n",
      "latin1",
    );
    expect(detectLegacyEncoding(french)).toBeNull();
    const english = Buffer.from("© Acme Corp. All rights reserved.\n".repeat(100), "latin1");
    expect(detectLegacyEncoding(english)).toBeNull();
  });

  it("finds nothing in random bytes", () => {
    const bytes = Uint8Array.from({ length: 50_000 }, (_, index) => ((index * 7919) % 254) + 1);
    expect(detectLegacyEncoding(bytes)).toBeNull();
  });

  it("judges 2 MB quickly", () => {
    const bank = encode(BANK, "vni");
    const big = new Uint8Array(2_000_000);
    for (let at = 0; at < big.length; at += bank.length)
      big.set(bank.subarray(0, big.length - at), at);
    const random = Uint8Array.from(
      { length: 2_000_000 },
      (_, index) => (index * 2_654_435_761) % 256,
    );
    const started = performance.now();
    expect(detectLegacyEncoding(big)).toBe("vni");
    expect(detectLegacyEncoding(random)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("detectLegacyFontText", () => {
  it("finds a bank typed in .VnTime or VNI-Times and pasted as Unicode", () => {
    expect(detectLegacyFontText(windows1252(encode(BANK_SMALL_TONED, "tcvn3")))).toBe("tcvn3");
    expect(detectLegacyFontText(windows1252(encode(BANK, "vni")))).toBe("vni");
  });

  it("leaves Unicode Vietnamese, French and English with © alone", () => {
    expect(detectLegacyFontText(BANK)).toBeNull();
    expect(
      detectLegacyFontText(
        "Café crème à Noël, élève très âgé, déjà vu ¸ « façade » © 2024 — São Paulo, Zürich.",
      ),
    ).toBeNull();
    expect(detectLegacyFontText("© Acme ¸ ® ™ µs ±5 °C ½ ¼ ¾ §2 ¶3 ·\n".repeat(20))).toBeNull();
  });

  it("does not convert a Unicode bank with one old line pasted in", () => {
    const mixed = `${BANK}${windows1252(encode(BANK_SMALL_TONED, "tcvn3"))}`;
    expect(detectLegacyFontText(mixed)).toBeNull();
  });
});
