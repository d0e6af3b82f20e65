import { describe, expect, it } from "vitest";
import { previewOwnText } from "./own-preview.ts";

describe("previewOwnText, the 2025 exam's kinds", () => {
  it("shows a Đúng/Sai question's statements with their truths and a short answer's accepted answers", () => {
    const text = [
      "Câu 1: Cho hàm số y = 2x + 1.",
      "a) Đồ thị đi qua điểm (0; 1).",
      "b) Hàm số nghịch biến.",
      "Đáp án: a) Đ, b) S",
      "Câu 2: Tính 3 : 4.",
      "Đáp án: 0,75",
    ].join("\n");
    const preview = previewOwnText({ text, fileName: "de.txt" });
    expect(preview.problems).toEqual([]);
    expect(
      preview.questions.map((q) => ({
        kind: q.kind,
        keyCount: q.keyCount,
        keys: q.answers.map((a) => a.isKey),
      })),
    ).toEqual([
      { kind: "true_false", keyCount: 0, keys: [true, false] },
      { kind: "short_answer", keyCount: 0, keys: [true] },
    ]);
    expect(preview.questions[1]!.answers[0]!.html).toContain("0,75");
  });
});
