import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import {
  VIETNAMESE_BANK,
  VIETNAMESE_BANK_SMALL_TONED,
  encodeLegacy,
  windows1252,
} from "#tests/support/legacy-vietnamese-encoders.ts";
import { decodeBankFile, joinLines, prepareText } from "./text-encoding.ts";

const TEXT = "Câu 1: Mệnh đề nào lọc nhóm?\nA. WHERE\nB. HAVING\nĐáp án: B\n";

function utf16be(text: string): Uint8Array {
  const little = Buffer.from(text, "utf16le");
  return Uint8Array.from(little, (_, index) => little[index ^ 1] ?? 0);
}

describe("decodeBankFile", () => {
  it("reads plain UTF-8", () => {
    expect(decodeBankFile(Buffer.from(TEXT, "utf8"), "de.txt")).toEqual({
      value: TEXT,
      problems: [],
    });
  });

  it("strips a UTF-8 BOM and turns CRLF into LF", () => {
    const bytes = Buffer.from(`\uFEFF${TEXT.replaceAll("\n", "\r\n")}`, "utf8");
    expect(decodeBankFile(bytes, "de.txt")).toEqual({ value: TEXT, problems: [] });
  });

  it("normalises to NFC, so decomposed Vietnamese from macOS compares equal", () => {
    const bytes = Buffer.from(TEXT.normalize("NFD"), "utf8");
    expect(decodeBankFile(bytes, "de.txt").value).toBe(TEXT);
  });

  it("decodes UTF-16 LE with a BOM (Notepad's “Unicode”)", () => {
    const bytes = Buffer.from(`\uFEFF${TEXT.replaceAll("\n", "\r\n")}`, "utf16le");
    expect(decodeBankFile(bytes, "de.txt")).toEqual({ value: TEXT, problems: [] });
  });

  it("decodes UTF-16 LE and BE without a BOM, told apart by their zero bytes", () => {
    expect(decodeBankFile(Buffer.from(TEXT, "utf16le"), "de.txt")).toEqual({
      value: TEXT,
      problems: [],
    });
    expect(decodeBankFile(utf16be(TEXT), "de.txt")).toEqual({ value: TEXT, problems: [] });
  });

  it("decodes UTF-16 BE with a BOM", () => {
    expect(decodeBankFile(utf16be(`\uFEFF${TEXT}`), "de.txt")).toEqual({
      value: TEXT,
      problems: [],
    });
  });

  it("refuses a file in Windows-1258 too short to tell its encoding, naming the first bad line", () => {
    // "Câu 1: Th\u00F4ng tin" in Windows-1258: â = E2, ô = F4.
    const bytes = Uint8Array.from([
      ...Buffer.from("ON TAP CSDL\n", "ascii"),
      0x43,
      0xe2,
      0x75,
      0x20,
      0x31,
      0x3a,
      0x20,
      0x54,
      0x68,
      0xf4,
      0x6e,
      0x67,
      0x0a,
    ]);
    expect(decodeBankFile(bytes, "de-1258.txt")).toEqual({
      value: "",
      problems: [
        {
          file: "de-1258.txt",
          line: 2,
          message: "Tệp không phải UTF-8: hãy lưu lại với mã hoá UTF-8",
          severity: "error",
        },
      ],
    });
  });

  it("refuses a few bytes of VNI, too short to tell their encoding", () => {
    // VNI writes "Câu" as "Ca" + C2 + "u".
    const bytes = Uint8Array.from([0x43, 0x61, 0xc2, 0x75, 0x20, 0x31]);
    expect(decodeBankFile(bytes, "de-vni.txt").problems).toEqual([
      {
        file: "de-vni.txt",
        line: 1,
        message: "Tệp không phải UTF-8: hãy lưu lại với mã hoá UTF-8",
        severity: "error",
      },
    ]);
  });

  it("refuses a truncated UTF-16 file", () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x43, 0x00, 0xe2]);
    expect(decodeBankFile(bytes, "de.txt").problems).toEqual([
      {
        file: "de.txt",
        line: 1,
        message: "Tệp UTF-16 bị hỏng: hãy lưu lại với mã hoá UTF-8",
        severity: "error",
      },
    ]);
  });
});

describe("prepareText", () => {
  it("removes a BOM, converts CR and CRLF, and composes", () => {
    expect(prepareText("\uFEFFa\r\nb\rc\nđa\u0300")).toBe("a\nb\nc\nđà");
  });
});

describe("joinLines", () => {
  it("keeps indentation but drops trailing spaces and surrounding blank lines", () => {
    expect(joinLines(["", "SELECT *  ", "  FROM t;", "", ""])).toBe("SELECT *\n  FROM t;");
    expect(joinLines(["", " "])).toBe("");
  });
});

describe("decodeBankFile: files that are no text", () => {
  it("refuses NUL bytes once, at their line", () => {
    expect(decodeBankFile(new Uint8Array(3000), "de.gift").problems).toEqual([
      {
        file: "de.gift",
        line: 1,
        message: "Tệp có byte 0 (NUL) nên không phải tệp văn bản: hãy lưu lại dạng văn bản UTF-8",
        severity: "error",
      },
    ]);
  });
});

const NOT_UTF8 = {
  line: 1,
  message: "Tệp không phải UTF-8: hãy lưu lại với mã hoá UTF-8",
  severity: "error",
};

describe("decodeBankFile: legacy Vietnamese encodings", () => {
  it("converts a bank saved in Windows-1258, TCVN3 or VNI, saying which it converted", () => {
    const cases = [
      ["windows-1258", VIETNAMESE_BANK, "Windows-1258"],
      ["tcvn3", VIETNAMESE_BANK_SMALL_TONED, "TCVN3 (ABC)"],
      ["vni", VIETNAMESE_BANK, "VNI"],
    ] as const;
    for (const [encoding, bank, name] of cases) {
      const bytes = encodeLegacy(bank.replaceAll("\n", "\r\n"), encoding);
      expect(decodeBankFile(bytes, "de.txt")).toEqual({
        value: bank,
        problems: [
          {
            file: "de.txt",
            line: 1,
            message: `Tệp được lưu bằng mã ${name}: đã chuyển sang Unicode. Hãy kiểm tra lại chữ có dấu.`,
            severity: "warning",
          },
        ],
      });
    }
  });

  it("converts UTF-8 text typed in .VnTime or VNI-Times fonts, saying which", () => {
    const tcvn3 = Buffer.from(windows1252(encodeLegacy(VIETNAMESE_BANK_SMALL_TONED, "tcvn3")));
    expect(decodeBankFile(tcvn3, "de.txt")).toEqual({
      value: VIETNAMESE_BANK_SMALL_TONED,
      problems: [
        {
          file: "de.txt",
          line: 1,
          message:
            "Chữ trong tệp được gõ bằng phông TCVN3 (ABC), như .VnTime: đã chuyển sang Unicode. Hãy kiểm tra lại chữ có dấu.",
          severity: "warning",
        },
      ],
    });
    const vni = Buffer.from(windows1252(encodeLegacy(VIETNAMESE_BANK, "vni")));
    expect(decodeBankFile(vni, "de.txt").value).toBe(VIETNAMESE_BANK);
    expect(decodeBankFile(vni, "de.txt").problems[0]?.message).toMatch(/phông VNI, như VNI-Times/u);
  });

  it("leaves ordinary UTF-8 alone: Vietnamese, French, English with © and ¸", () => {
    const texts = [
      VIETNAMESE_BANK,
      "Question 1 : Où est l'élève ? Réponse : à l'école, déjà très en retard. Ça va. ¸\n",
      "© 2024 Acme. “Café” menu: crème brûlée, jalapeño, façade, naïve ®, 5 µm ±2 °C ½ ¼.\n".repeat(
        30,
      ),
    ];
    for (const text of texts) {
      expect(decodeBankFile(Buffer.from(text, "utf8"), "de.txt")).toEqual({
        value: text,
        problems: [],
      });
    }
  });

  it("still refuses Latin-1 French or English, and random bytes", () => {
    const latin1 = Buffer.from(
      "Question 1 : Où est l'élève ? Réponse : à l'école, déjà très en retard. © 2024 Acme.\n",
      "latin1",
    );
    expect(decodeBankFile(latin1, "de.txt").problems).toEqual([{ file: "de.txt", ...NOT_UTF8 }]);
    const random = Uint8Array.from({ length: 100_000 }, (_, index) => ((index * 7919) % 255) + 1);
    expect(decodeBankFile(random, "de.bin").problems).toEqual([{ file: "de.bin", ...NOT_UTF8 }]);
  });

  it("refuses a legacy file holding NUL as it refuses any other", () => {
    const bytes = Uint8Array.from([...encodeLegacy(VIETNAMESE_BANK, "vni"), 0]);
    expect(decodeBankFile(bytes, "de.txt").problems).toEqual([
      {
        file: "de.txt",
        line: 14,
        message: "Tệp có byte 0 (NUL) nên không phải tệp văn bản: hãy lưu lại dạng văn bản UTF-8",
        severity: "error",
      },
    ]);
  });
});

describe("decodeBankFile: 2 MB", () => {
  it("converts a 2 MB legacy file and refuses 2 MB of random bytes within two seconds", () => {
    const copies = Math.ceil(2_000_000 / VIETNAMESE_BANK.length);
    const bank = VIETNAMESE_BANK.repeat(copies);
    const one = encodeLegacy(VIETNAMESE_BANK, "vni");
    const big = new Uint8Array(one.length * copies);
    for (let copy = 0; copy < copies; copy += 1) big.set(one, copy * one.length);
    const random = Uint8Array.from(
      { length: 2_000_000 },
      (_, index) => (index * 2_654_435_761) % 256,
    );
    const started = performance.now();
    expect(decodeBankFile(big, "de.txt").value).toBe(bank);
    expect(decodeBankFile(random, "de.bin").problems[0]?.severity).toBe("error");
    // A few hundred milliseconds on a busy machine; the bound leaves room for a slower one.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
