import { describe, expect, it } from "vitest";
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

  it("refuses a file saved in Windows-1258, naming the first bad line", () => {
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

  it("refuses a file typed with VNI fonts", () => {
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
