import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text.ts";

describe("plainText", () => {
  it("drops the marks a spreadsheet cannot render and keeps what they hold", () => {
    expect(plainText("Lệnh `SELECT *` trả về gì khi $x^2 > 4$?")).toBe(
      "Lệnh SELECT * trả về gì khi x^2 > 4?",
    );
    expect(plainText("Đoạn mã:\n```c\nint *p = &x;\n```\nIn ra gì?")).toBe(
      "Đoạn mã:\nint *p = &x;\nIn ra gì?",
    );
    expect(
      plainText("Xem ![Sơ đồ mạch](picture:0123456789abcdef0123456789abcdef) và ![](picture:abc)"),
    ).toBe("Xem [Hình: Sơ đồ mạch] và [Hình]");
  });

  it("leaves text that only looks like a mark as it is", () => {
    for (const text of ["Giá $5 và $10", "Dấu ` lẻ", "![không phải ảnh](http://x)", "a\n\nb"]) {
      expect(plainText(text)).toBe(text);
    }
  });
});
