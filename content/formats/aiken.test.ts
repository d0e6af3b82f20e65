import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseAiken, writeAiken } from "./aiken.ts";
import type { BankQuestion } from "./types.ts";

const FILE = "lap-trinh-c.aiken";
const fixture = readFileSync(
  new URL(`../../tests/fixtures/banks/${FILE}`, import.meta.url),
  "utf8",
);

function withoutLines(questions: BankQuestion[]): BankQuestion[] {
  return questions.map(({ line: _line, ...question }) => question);
}

function answers(texts: string[], keys: number[]): BankQuestion["answers"] {
  return texts.map((text, index) => ({ text, key: keys.includes(index) }));
}

describe("parseAiken", () => {
  it("reads a good file: multi-line code, “A)” answers, six answers, several keys", () => {
    const { value, problems } = parseAiken(fixture, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([]);
    expect(value.questions).toEqual([
      {
        text: "Sau câu lệnh int x = 2 + 3 * 4 - 6 / 4; biến x có giá trị bao nhiêu?",
        answers: answers(["13", "14", "3", "15"], [0]),
        line: 1,
      },
      {
        text: [
          "Chương trình sau in ra gì?",
          "#include <stdio.h>",
          "",
          "int main(void) {",
          '    printf("%d %d\\n", -7 / 2, -7 % 2);',
          "    return 0;",
          "}",
        ].join("\n"),
        answers: answers(["-3 -1", "-4 1", "-3 1", "-4 -1"], [0]),
        line: 8,
      },
      {
        text: "Theo chuẩn C, kiểu nào sau đây luôn có kích thước đúng bằng 1 byte?",
        answers: answers(["short", "int", "char", "long", "float", "double"], [2]),
        line: 21,
      },
      {
        text: "Những khai báo nào sau đây tạo ra biến có kiểu con trỏ tới int?",
        answers: answers(["int *p;", "int p[10];", "int* q;", "int p;"], [0, 2]),
        line: 30,
      },
      {
        text: 'Vòng lặp sau chạy bao nhiêu lần?\nfor (int i = 0; i < 10; i += 3)\n    printf("%d ", i);',
        answers: answers(["3", "4", "10", "Vô hạn"], [1]),
        line: 37,
      },
    ]);
  });

  it("accepts a BOM and CRLF line ends", () => {
    const { value, problems } = parseAiken(`\uFEFF${fixture.replaceAll("\n", "\r\n")}`, FILE);
    expect(problems).toEqual([]);
    expect(value.questions).toEqual(parseAiken(fixture, FILE).value.questions);
  });

  it("accepts “A)Incorrect” with no space after the letter, as Moodle does", () => {
    const { value, problems } = parseAiken("Chọn đúng?\nA)Incorrect\nB.Correct\nANSWER: B\n", FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]?.answers).toEqual([
      { text: "Incorrect", key: false },
      { text: "Correct", key: true },
    ]);
  });

  it("lets an answer continue on the next line", () => {
    const text =
      "Đoạn nào khai báo hằng?\nA. const int N = 10;\n   // hằng số\nB. int N = 10;\nANSWER: A\n";
    expect(parseAiken(text, FILE).value.questions[0]?.answers[0]?.text).toBe(
      "const int N = 10;\n   // hằng số",
    );
  });

  it("reports broken questions at their lines", () => {
    const text = [
      "Thủ đô của Việt Nam là?", // 1: no ANSWER line
      "A. Hà Nội",
      "B. Huế",
      "",
      "Câu lệnh nào xoá bảng?", // 5: key not among the answers
      "A. DROP TABLE",
      "B. DELETE TABLE",
      "C. REMOVE TABLE",
      "D. TRUNCATE",
      "ANSWER: E",
      "",
      "Số nào là số nguyên tố?", // 12: duplicate answers
      "A. 4",
      "B. 7",
      "C.  7",
      "ANSWER: B",
      "",
      "A. Có", // 18: no question text
      "B. Không",
      "ANSWER: A",
      "",
      "Ký hiệu nào kết thúc câu lệnh C?", // 22: answers out of order, unreadable key
      "A. ;",
      "C. .",
      "ANSWER: dấu chấm phẩy",
      "ANSWER: A", // 26: no question
    ].join("\n");
    const problem = (line: number, question: number | undefined, message: string) => ({
      file: FILE,
      line,
      ...(question === undefined ? {} : { question }),
      message,
      severity: "error",
    });
    expect(parseAiken(text, FILE).problems).toEqual([
      problem(1, 1, "Câu hỏi thiếu dòng “ANSWER: …”"),
      problem(10, 2, "Đáp án “E” không có trong các phương án A–D"),
      problem(12, 3, "Phương án C trùng với phương án B"),
      problem(18, 4, "Câu hỏi không có nội dung"),
      problem(24, 5, "Phương án “C” không đúng thứ tự: sau “A” phải là “B”"),
      problem(
        25,
        5,
        "Không đọc được đáp án “dấu chấm phẩy”: hãy ghi chữ cái của phương án, ví dụ “B” hoặc “A, C”",
      ),
      problem(26, undefined, "Dòng “ANSWER: …” không thuộc câu hỏi nào"),
    ]);
  });
});

describe("writeAiken", () => {
  it("skips a Đúng/Sai question and a short answer, which would read back as multiple choice", () => {
    const questions: BankQuestion[] = [
      {
        text: "Một",
        answers: [
          { text: "x", key: true },
          { text: "y", key: false },
        ],
      },
      {
        kind: "true_false",
        text: "Hai",
        answers: [
          { text: "x", key: true },
          { text: "y", key: false },
        ],
      },
      { kind: "short_answer", text: "Ba", answers: [{ text: "4", key: true }] },
    ];
    expect(writeAiken(questions)).toEqual({
      text: "Một\nA. x\nB. y\nANSWER: A\n",
      skipped: [2, 3],
    });
  });

  it("round-trips single-key questions and lists the ones Aiken cannot hold", () => {
    const parsed = parseAiken(fixture, FILE).value.questions;
    const written = writeAiken(parsed);
    expect(written.skipped).toEqual([4]);
    const reread = parseAiken(written.text, FILE);
    expect(reread.problems).toEqual([]);
    expect(withoutLines(reread.value.questions)).toEqual(
      withoutLines(parsed.filter((_, index) => index !== 3)),
    );
  });

  it("writes the layout Moodle reads", () => {
    const question: BankQuestion = {
      text: "Mệnh đề nào lọc nhóm?",
      answers: answers(["WHERE", "HAVING"], [1]),
      explanation: "Aiken không có lời giải.",
    };
    expect(writeAiken([question]).text).toBe(
      "Mệnh đề nào lọc nhóm?\nA. WHERE\nB. HAVING\nANSWER: B\n",
    );
  });

  it("skips questions that would read back differently", () => {
    const base: BankQuestion = { text: "Câu hỏi?", answers: answers(["1", "2"], [0]) };
    const questions: BankQuestion[] = [
      base,
      { ...base, answers: answers(["1", "2"], []) },
      { ...base, text: "Chọn:\nA. là chữ cái đầu" },
      { ...base, answers: answers(["1\n\n2", "3"], [0]) },
      { ...base, answers: answers(["1\nB. 2", "3"], [0]) },
      { ...base, answers: answers(["", "3"], [1]) },
    ];
    expect(writeAiken(questions).skipped).toEqual([2, 3, 4, 5, 6]);
  });
});
