import { describe, expect, it } from "vitest";
import { parseViText } from "./vi-text.ts";

const FILE = "de-2025.txt";

describe("parseViText, the 2025 exam's kinds", () => {
  it("defect: a Đúng/Sai question keyed “a) Đúng, b) Sai…” was imported as multiple choice keyed a), a short answer refused", () => {
    const text = [
      "Câu 1: Cho hàm số y = x². Xét tính đúng sai của các mệnh đề sau.",
      "a) Hàm số đồng biến trên (0; +∞).",
      "b) Hàm số có hai cực trị.",
      "c) Đồ thị đi qua gốc toạ độ.",
      "d) Hàm số là hàm lẻ.",
      "Đáp án: a) Đúng, b) Sai, c) Đúng, d) Sai",
      "",
      "Câu 2: Tính 3 : 2.",
      "Đáp án: 1,5",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]).toMatchObject({
      kind: "true_false",
      answers: [
        { text: "Hàm số đồng biến trên (0; +∞).", key: true },
        { text: "Hàm số có hai cực trị.", key: false },
        { text: "Đồ thị đi qua gốc toạ độ.", key: true },
        { text: "Hàm số là hàm lẻ.", key: false },
      ],
    });
    expect(value.questions[1]).toMatchObject({
      kind: "short_answer",
      text: "Tính 3 : 2.",
      answers: [{ text: "1,5", key: true }],
    });
  });
});
