import { describe, expect, it } from "vitest";
import { titleFromFileName } from "./title-from-file.ts";

describe("titleFromFileName", () => {
  it("keeps a name written with spaces, hyphens included, and drops the extension", () => {
    expect(titleFromFileName("Đề ôn tập Tin học 10 - Chương 1.docx")).toBe(
      "Đề ôn tập Tin học 10 - Chương 1",
    );
  });

  it("reads hyphens, underscores and dots as spaces in a name without spaces", () => {
    expect(titleFromFileName("de-on-tap_tin.hoc.docx")).toBe("De on tap tin hoc");
    expect(titleFromFileName("kiem_tra 15 phut.txt")).toBe("Kiem tra 15 phut");
  });

  it("composes the letters of a name saved on a Mac, and capitalises the first one", () => {
    const decomposed = "đề thi thử.docx".normalize("NFD");
    expect(titleFromFileName(decomposed)).toBe("Đề thi thử");
  });

  it("gives nothing for a name of nothing but an extension, and stays within the title's limit", () => {
    expect(titleFromFileName(".docx")).toBe("");
    expect(titleFromFileName(`${"a".repeat(400)}.docx`)).toHaveLength(300);
  });
});
