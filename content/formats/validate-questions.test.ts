import { describe, expect, it } from "vitest";
import type { BankQuestion } from "./types.ts";
import { describeLetters, readKeyLetters, validateQuestions } from "./validate-questions.ts";

function question(overrides: Partial<BankQuestion> = {}): BankQuestion {
  return {
    text: "Mệnh đề nào lọc nhóm sau `GROUP BY`?",
    answers: [
      { text: "`WHERE`", key: false },
      { text: "`HAVING`", key: true },
    ],
    line: 3,
    ...overrides,
  };
}

function messages(questions: BankQuestion[], chapters = [{ title: "SQL" }]): string[] {
  return validateQuestions(questions, chapters, "csdl.json").map((problem) => problem.message);
}

describe("validateQuestions", () => {
  it("accepts a well-formed question", () => {
    expect(validateQuestions([question()], [], "csdl.json")).toEqual([]);
  });

  it("locates each problem by file, line and question number", () => {
    const problems = validateQuestions(
      [question(), question({ text: "  ", line: 9 })],
      [],
      "csdl.json",
    );
    expect(problems).toEqual([
      {
        file: "csdl.json",
        line: 9,
        question: 2,
        message: "Câu hỏi không có nội dung",
        severity: "error",
      },
    ]);
  });

  it("requires 2 to 8 answers", () => {
    const nine = Array.from({ length: 9 }, (_, index) => ({ text: `${index}`, key: index === 0 }));
    expect(messages([question({ answers: [] })], [])).toEqual([
      "Câu hỏi không có phương án nào; cần từ 2 đến 8 phương án",
      "Câu hỏi không có đáp án đúng",
    ]);
    expect(messages([question({ answers: [{ text: "Có", key: true }] })], [])).toEqual([
      "Câu hỏi chỉ có 1 phương án; cần từ 2 đến 8 phương án",
    ]);
    expect(messages([question({ answers: nine })], [])).toEqual([
      "Câu hỏi có 9 phương án; tối đa là 8 phương án",
    ]);
  });

  it("finds empty and duplicate answers, comparing them as a student would", () => {
    const answers = [
      { text: "Hà Nội", key: true },
      { text: "", key: false },
      { text: "  hà   nội ", key: false },
      { text: "Ha\u0300 Nô\u0323i", key: false },
    ];
    expect(messages([question({ answers })], [])).toEqual([
      "Phương án B để trống",
      "Phương án C trùng với phương án A",
      "Phương án D trùng với phương án A",
    ]);
  });

  it("requires at least one key", () => {
    const answers = [
      { text: "1", key: false },
      { text: "2", key: false },
    ];
    expect(messages([question({ answers })], [])).toEqual(["Câu hỏi không có đáp án đúng"]);
  });

  it("checks chapters when the file has them", () => {
    expect(messages([question({ chapter: 0 })])).toEqual([]);
    expect(messages([question({ chapter: 3 })])).toEqual([
      "Câu hỏi thuộc chương 4 nhưng tệp chỉ có 1 chương",
    ]);
    expect(messages([question()])).toEqual([
      "Câu hỏi không thuộc chương nào trong khi tệp có chia chương",
    ]);
    expect(messages([question({ chapter: 0 })], [])).toEqual([
      "Câu hỏi thuộc chương 1 nhưng tệp không có chương nào",
    ]);
  });
});

describe("readKeyLetters", () => {
  it.each([
    ["B", ["B"]],
    ["A, C", ["A", "C"]],
    ["a;c", ["A", "C"]],
    ["A và D", ["A", "D"]],
    ["AC", ["A", "C"]],
    ["“B”", ["B"]],
    ["**B**", ["B"]],
    ["B. 3,5", ["B"]],
  ])("reads %j", (raw, letters) => {
    expect(readKeyLetters(raw)).toEqual(letters);
  });

  it.each(["Hà Nội", "Cả hai", "1", "", "I"])("refuses %j", (raw) => {
    expect(readKeyLetters(raw)).toBeUndefined();
  });
});

describe("describeLetters", () => {
  it("names the range of answer letters", () => {
    expect(describeLetters(4)).toBe("A–D");
    expect(describeLetters(6)).toBe("A–F");
    expect(describeLetters(1)).toBe("A");
  });
});
