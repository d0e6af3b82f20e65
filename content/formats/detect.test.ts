import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect.ts";

function fixture(name: string): string {
  return readFileSync(new URL(`../../tests/fixtures/banks/${name}`, import.meta.url), "utf8");
}

describe("detectFormat", () => {
  it.each([
    ["lap-trinh-c.json", "json"],
    ["De Cuong.GIFT", "gift"],
    ["moodle-export.xml", "moodle-xml"],
    ["bang-tinh.csv", "csv"],
    ["cau-hoi.aiken", "aiken"],
  ])("knows %s by its extension", (name, format) => {
    expect(detectFormat(name, "")).toBe(format);
  });

  it("reads a .txt file's content", () => {
    expect(detectFormat("de-cuong.txt", fixture("de-cuong-csdl.txt"))).toBe("vi-text");
    expect(detectFormat("ltc.txt", fixture("lap-trinh-c.aiken"))).toBe("aiken");
    expect(detectFormat("ltc.txt", fixture("lap-trinh-c.gift"))).toBe("gift");
  });

  it("is not fooled by C braces in a vi-text question", () => {
    const text = "Câu 1: In ra gì?\nint main() { int x = 1; }\nA. 1\nB. 0\nĐáp án: A\n";
    expect(detectFormat("de.TXT", text)).toBe("vi-text");
  });

  it("is not fooled by C braces under any question start vi-text reads", () => {
    for (const start of ["Câu1:", "Câu hỏi 1:", "Câu 1 -", "Câu 2 [TH]:", "Câu 1 (0,5 điểm):"]) {
      const text = `${start} In ra gì?\nint main() { int x = 1; }\nA. 1\nB. 0\nĐáp án: A\n`;
      expect(detectFormat("de.txt", `${text}\nANSWER: A\n{=x}`), start).toBe("vi-text");
    }
  });

  it("tells GIFT from C code by what follows the brace", () => {
    expect(detectFormat("a.txt", "int main(void) {\n  int x = 1;\n}\n")).toBe("vi-text");
    expect(detectFormat("a.txt", "Thủ đô? {\n=Hà Nội\n~Huế\n}\n")).toBe("gift");
    expect(detectFormat("a.txt", "2 + 2 = 4 {T}\n")).toBe("gift");
  });

  it("reads anything else as the “Câu n” layout, whose messages teach it", () => {
    expect(detectFormat("a.txt", "Câu 1. Hỏi?\nA. x\nB. y\n")).toBe("vi-text");
    expect(detectFormat("a.txt", "Ghi chú buổi học\n")).toBe("vi-text");
    expect(detectFormat("de-thi.docx", "Ghi chú buổi học\n")).toBe("vi-text");
    expect(detectFormat(undefined, "")).toBe("vi-text");
  });

  it("knows a text without a telling extension by its first character or CSV header", () => {
    expect(detectFormat("ban-sao.txt", '  <?xml version="1.0"?><quiz/>')).toBe("moodle-xml");
    expect(detectFormat(undefined, '{"subject": {}}')).toBe("json");
    expect(detectFormat(undefined, "question,answer_a,answer_b,key\n")).toBe("csv");
  });
});
