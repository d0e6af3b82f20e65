import { makeDocxOfBody, paragraphXml, textTableXml } from "#tests/support/make-docx.ts";
import { describe, expect, it } from "vitest";
import { parseOwnText } from "../parse-own-text.ts";
import { readFileText } from "../read-file-text.ts";

/* The 2025 exam as a Word file (issue 27): OLM underlines a true statement's text, not its letter. */

const plain = (text: string) => paragraphXml([{ text }]);
const underlined = (letter: string, text: string) =>
  paragraphXml([{ text: `${letter} ` }, { text, underline: "single" }]);

async function importWord(body: string) {
  const { text, notes } = await readFileText(await makeDocxOfBody(body), "de-2025.docx");
  expect(notes).toEqual([]);
  return { text: text!, ...parseOwnText({ text: text!, fileName: "de-2025.docx" }) };
}

describe("a Word file in the 2025 exam's layout", () => {
  it("reads Phần I/II/III, the underlined true statements and a key table, every truth and short answer kept", async () => {
    const body = [
      plain("PHẦN I. Câu trắc nghiệm nhiều phương án lựa chọn"),
      plain("Câu 1: Thủ đô của Việt Nam là"),
      paragraphXml([{ text: "A. Huế" }]),
      paragraphXml([{ text: "B. Hà Nội", underline: "single" }]),
      plain("C. Đà Nẵng"),
      plain("D. Cần Thơ"),
      plain("PHẦN II. Câu trắc nghiệm đúng sai"),
      plain("Câu 1: Cho hàm số y = 2x + 1."),
      underlined("a)", "Đồ thị đi qua điểm (0; 1)."),
      plain("b) Hàm số nghịch biến trên ℝ."),
      underlined("c)", "Hệ số góc bằng 2."),
      plain("d) Đồ thị song song với y = x."),
      plain("Câu 2: Một lớp có 40 học sinh."),
      plain("a) Lớp có 40 học sinh."),
      plain("b) Lớp có 50 học sinh."),
      plain("c) Lớp có 20 học sinh."),
      plain("d) Lớp có hơn 30 học sinh."),
      plain("PHẦN III. Câu trắc nghiệm trả lời ngắn"),
      plain("Câu 1: Tính 3 : 4."),
      plain("Câu 2: Tính 10 − 12."),
      plain("------ HẾT ------"),
      plain("BẢNG ĐÁP ÁN"),
      textTableXml([
        ["Câu", "a", "b", "c", "d"],
        ["2", "Đ", "S", "S", "Đ"],
      ]),
      textTableXml([
        ["Câu 1", "0,75"],
        ["Câu 2", "-2"],
      ]),
    ].join("");
    const { text, parsed, problems } = await importWord(body);
    expect(problems).toEqual([]);
    const shape = parsed!.questions.map((question) => ({
      kind: question.kind ?? "choice",
      keys: question.answers.map((answer) => answer.key),
      texts: question.kind === "short_answer" ? question.answers.map((a) => a.text) : undefined,
    }));
    expect(shape).toEqual([
      { kind: "choice", keys: [false, true, false, false], texts: undefined },
      { kind: "true_false", keys: [true, false, true, false], texts: undefined },
      { kind: "true_false", keys: [true, false, false, true], texts: undefined },
      { kind: "short_answer", keys: [true], texts: ["0,75"] },
      { kind: "short_answer", keys: [true], texts: ["-2"] },
    ]);
    // The text the student edits carries the underlined truths as a key line.
    expect(text).toContain("Đáp án: a) Đ, b) S, c) Đ, d) S");
  });
});
