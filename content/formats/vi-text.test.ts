import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import type { BankQuestion } from "./types.ts";
import { MARK, markRun } from "./key-marks.ts";
import { parseViText, writeKeysIntoText } from "./vi-text.ts";

const FILE = "de-cuong-csdl.txt";
const fixture = readFileSync(
  new URL(`../../tests/fixtures/banks/${FILE}`, import.meta.url),
  "utf8",
);

function answers(texts: string[], keys: number[]): BankQuestion["answers"] {
  return texts.map((text, index) => ({ text, key: keys.includes(index) }));
}

function error(line: number, question: number | undefined, message: string) {
  return {
    file: FILE,
    line,
    ...(question === undefined ? {} : { question }),
    message,
    severity: "error",
  };
}

function warning(line: number, question: number | undefined, message: string) {
  return { ...error(line, question, message), severity: "warning" };
}

describe("parseViText", () => {
  it("reads a teacher's outline: chapters, SQL, answers side by side, several keys", () => {
    const { value, problems } = parseViText(fixture, FILE);
    expect(problems).toEqual([
      warning(
        6,
        1,
        "Câu 1: dòng “Đáp án: A” khác với phương án C có dấu “*” trước chữ cái; dùng “Đáp án: A”",
      ),
    ]);
    expect(value.chapters).toEqual([
      { title: "Truy vấn SQL" },
      { title: "Thiết kế cơ sở dữ liệu" },
    ]);
    expect(value.questions).toEqual([
      {
        chapter: 0,
        text: "Câu lệnh sau trả về gì?\nSELECT ho_ten\nFROM sinh_vien\nWHERE diem_tb >= 8.0\nORDER BY ho_ten;",
        answers: answers(
          [
            "Họ tên các sinh viên có điểm trung bình từ 8.0 trở lên, sắp xếp theo họ tên",
            "Họ tên mọi sinh viên, sắp xếp theo điểm",
            "Số sinh viên có điểm trung bình từ 8.0 trở lên",
            "Lỗi cú pháp vì thiếu GROUP BY",
          ],
          [0],
        ),
        explanation:
          "WHERE lọc các dòng có diem_tb >= 8.0,\nsau đó ORDER BY sắp xếp kết quả theo ho_ten.",
        line: 6,
      },
      {
        chapter: 0,
        text: "Mệnh đề nào dùng để lọc nhóm sau GROUP BY?",
        answers: answers(["WHERE", "HAVING", "ORDER BY", "LIMIT"], [1]),
        line: 19,
      },
      {
        chapter: 0,
        text: "Những hàm nào sau đây là hàm gộp?",
        answers: answers(["COUNT", "UPPER", "AVG", "COALESCE"], [0, 2]),
        line: 23,
      },
      {
        chapter: 1,
        text: "Một quan hệ ở dạng chuẩn 2 (2NF) thì chắc chắn ở dạng chuẩn nào sau đây?",
        answers: answers(["1NF", "3NF", "BCNF", "4NF", "5NF", "Không dạng chuẩn nào"], [0]),
        explanation: "Mỗi dạng chuẩn cao hơn đòi hỏi dạng chuẩn thấp hơn trước nó.",
        line: 32,
      },
      {
        chapter: 1,
        text: "Ràng buộc nào bảo đảm giá trị của cột ma_lop trong bảng sinh_vien phải có trong bảng lop?",
        answers: answers(["PRIMARY KEY", "FOREIGN KEY", "UNIQUE", "CHECK (ma_lop <> '')"], [1]),
        line: 42,
      },
    ]);
  });

  it("tolerates what Word leaves behind", () => {
    const text = [
      "\uFEFF**Câu 1:** Kết quả của truy vấn sau là gì?\u00A0",
      "SELECT ten FROM lop WHERE ten = \u2018CNTT\u2019;",
      "**A. Các lớp tên \u201CCNTT\u201D**",
      "*B.\tKhông có dòng nào",
      "C)\u00A0Lỗi cú pháp",
      "D. Mọi lớp",
      "Đáp án:\u00A0A",
      "",
      "CÂU 2. Số nào là số nguyên tố?",
      "a. 4\t\tb. 7\t\tc. 9\t\td. 15",
      "**Đáp án:** b",
    ].join("\r\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      warning(
        1,
        1,
        "Câu 1: dòng “Đáp án: A” khác với phương án B có dấu “*” trước chữ cái; dùng “Đáp án: A”",
      ),
    ]);
    expect(value.questions).toEqual([
      {
        text: "Kết quả của truy vấn sau là gì?\nSELECT ten FROM lop WHERE ten = 'CNTT';",
        answers: answers(
          ['Các lớp tên "CNTT"', "Không có dòng nào", "Lỗi cú pháp", "Mọi lớp"],
          [0],
        ),
        line: 1,
      },
      { text: "Số nào là số nguyên tố?", answers: answers(["4", "7", "9", "15"], [1]), line: 9 },
    ]);
  });

  it("accepts a score after the question number", () => {
    const text = "Câu 1 (0,5 điểm): Hỏi?\nA. x\nB. y\nĐáp án: B\n";
    expect(parseViText(text, FILE)).toMatchObject({
      value: { questions: [{ text: "Hỏi?" }] },
      problems: [],
    });
  });

  it("takes the key from “Đáp án” over a marked answer, and warns that they disagree", () => {
    const text = "Câu 1: 1 + 1 = ?\nA. 1\n*B. 2\nC. 3\nĐáp án: C\n";
    const { value, problems } = parseViText(text, FILE);
    expect(value.questions[0]?.answers).toEqual(answers(["1", "2", "3"], [2]));
    expect(problems).toEqual([
      warning(
        1,
        1,
        "Câu 1: dòng “Đáp án: C” khác với phương án B có dấu “*” trước chữ cái; dùng “Đáp án: C”",
      ),
    ]);
  });

  it("keeps a multi-line explanation until the next question, and text before the first question out", () => {
    const text = [
      "ĐỀ ÔN TẬP",
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Lời giải: Dòng một.",
      "",
      "Dòng hai, sau một dòng trống.",
      "Đáp án đúng là: A",
      "Câu 2: Hỏi tiếp?",
      "A. x",
      "B. y",
      "Đáp án: B",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]).toMatchObject({
      explanation: "Dòng một.\n\nDòng hai, sau một dòng trống.",
      answers: answers(["x", "y"], [0]),
    });
  });

  it("does not mistake “Chương trình …” in a question for a chapter heading", () => {
    const text = "Câu 1: Xét đoạn mã:\nChương trình sau in ra gì?\nA. 1\nB. 2\nĐáp án: A\n";
    const { value } = parseViText(text, FILE);
    expect(value.chapters).toEqual([]);
    expect(value.questions[0]?.text).toBe("Xét đoạn mã:\nChương trình sau in ra gì?");
  });

  it("reports broken questions at their lines", () => {
    const text = [
      "A. Phương án lạc", // 1: before any question
      "Đáp án: A", // 2: before any question
      "Câu 1: Câu không có đáp án?", // 3
      "A. 1",
      "B. 2",
      "Câu 2: Thủ đô của Việt Nam?", // 6
      "A. Hà Nội",
      "B. Huế",
      "C. hà  nội",
      "D. Đà Nẵng",
      "Đáp án: E", // 11
      "Câu 3:", // 12: empty question
      "A. Có",
      "B. Không",
      "Đáp án: A",
      "Câu 4: Thứ tự sai?", // 16
      "A. 1",
      "C. 2", // 18
      "Đáp án: A",
      "Ghi chú lạc sau đáp án", // 20
      "Đáp án: C", // 21: a second key line
      "Câu 5: Đáp án khó đọc?", // 22
      "A. 1",
      "B. 2",
      "Đáp án: cả hai", // 25
    ].join("\n");
    expect(parseViText(text, FILE).problems).toEqual([
      error(1, undefined, "Phương án “A” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên"),
      error(2, undefined, "Dòng “Đáp án” không thuộc câu hỏi nào: thiếu dòng “Câu …:” phía trên"),
      error(
        3,
        1,
        "Câu 1 chưa có đáp án: các câu khác có dòng “Đáp án: …”, câu này không có. Hãy thêm dòng “Đáp án: B” ngay dưới phương án B.",
      ),
      error(6, 2, "Phương án C trùng với phương án A"),
      error(11, 2, "Đáp án “E” không có trong các phương án A–D"),
      error(12, 3, "Câu hỏi không có nội dung"),
      error(18, 4, "Phương án “C” không đúng thứ tự: sau “A” phải là “B”"),
      error(
        20,
        4,
        "Không rõ dòng này thuộc phần nào: sau “Đáp án” chỉ có thể là “Lời giải:” hoặc câu tiếp theo",
      ),
      error(21, 4, "Câu hỏi có hai dòng “Đáp án” (dòng 19 và dòng 21)"),
      error(
        25,
        5,
        "Không đọc được đáp án “cả hai”: hãy ghi chữ cái của phương án, ví dụ “B” hoặc “A, C”",
      ),
    ]);
  });

  it("files questions before the first chapter in a chapter “Chung”, as Moodle does", () => {
    const text =
      "Câu 1: Trước chương?\nA. x\nB. y\nĐáp án: A\nChương I: Mở đầu\nCâu 2: Trong chương?\nA. x\nB. y\nĐáp án: B\n";
    const { value, problems } = parseViText(text, FILE);
    expect(value.chapters).toEqual([{ title: "Chung" }, { title: "Mở đầu" }]);
    expect(value.questions.map((q) => q.chapter)).toEqual([0, 1]);
    expect(problems).toEqual([]);
  });
});

/* ------------------------------------------------ the conventions of real banks (issue 25) */

/** Four known questions, as the issue's corpus has them; keys B, C, D, A. */
const KNOWN = [
  { stem: "Thủ đô của Việt Nam là", answers: ["Huế", "Hà Nội", "Đà Nẵng", "Cần Thơ"], key: 1 },
  { stem: "3 + 3 bằng bao nhiêu?", answers: ["4", "5", "6", "7"], key: 2 },
  { stem: "Nguyên tố có kí hiệu O là", answers: ["Vàng", "Sắt", "Bạc", "Oxi"], key: 3 },
  {
    stem: "Sông nào chảy qua sáu nước?",
    answers: ["Sông Mê Kông", "Sông Hồng", "Sông Đà", "Sông Mã"],
    key: 0,
  },
];
const LETTERS = ["A", "B", "C", "D"];

interface Layout {
  head?: (number: number) => string;
  answers?: (texts: string[], key: number) => string[];
  keyLine?: (letter: string) => string | null;
  after?: string[];
}

/** The four questions written in one layout. */
function written(layout: Layout): string {
  const head = layout.head ?? ((number) => `Câu ${number}:`);
  const answerLines =
    layout.answers ?? ((texts) => texts.map((text, index) => `${LETTERS[index]}. ${text}`));
  const keyLine = layout.keyLine ?? ((letter) => `Đáp án: ${letter}`);
  const lines = KNOWN.flatMap((question, index) => {
    const key = keyLine(LETTERS[question.key]!);
    return [
      `${head(index + 1)} ${question.stem}`,
      ...answerLines(question.answers, question.key),
      ...(key === null ? [] : [key]),
      "",
    ];
  });
  return [...lines, ...(layout.after ?? [])].join("\n");
}

const CLEAN = /[*\uE000-\uF8FF]|\(đúng\)/u;

/** Four questions, four answers each, the right keys, no mark left in any text. */
function expectKnown(text: string, problems: unknown[] = []) {
  const result = parseViText(text, FILE);
  expect(result.problems).toEqual(problems);
  expect(result.value.questions).toHaveLength(4);
  result.value.questions.forEach((question, index) => {
    const known = KNOWN[index]!;
    expect(question.text).toBe(known.stem);
    expect(question.answers.map((answer) => answer.text)).toEqual(known.answers);
    expect(question.answers.map((answer) => answer.key)).toEqual(
      known.answers.map((_, at) => at === known.key),
    );
    for (const value of [question.text, ...question.answers.map((a) => a.text)]) {
      expect(value).not.toMatch(CLEAN);
    }
  });
  return result;
}

describe("question starts", () => {
  const heads: [string, (n: number) => string][] = [
    ["Câu 1.", (n) => `Câu ${n}.`],
    ["Câu 1)", (n) => `Câu ${n})`],
    ["Câu 1 -", (n) => `Câu ${n} -`],
    ["Câu1:", (n) => `Câu${n}:`],
    ["Câu hỏi 1:", (n) => `Câu hỏi ${n}:`],
    ["Bài 1:", (n) => `Bài ${n}:`],
    ["Question 1:", (n) => `Question ${n}:`],
    ["1.", (n) => `${n}.`],
    ["1)", (n) => `${n})`],
    ["Câu 1 (NB):", (n) => `Câu ${n} (NB):`],
    ["Câu 2 [TH]:", (n) => `Câu ${n} [TH]:`],
    ["Câu 1 (VDC):", (n) => `Câu ${n} (VDC):`],
    ["Câu 1 (0,5 điểm):", (n) => `Câu ${n} (0,5 điểm):`],
    ["Câu 1: (VD)", (n) => `Câu ${n}: (VD)`],
    ["**Câu 1:**", (n) => `**Câu ${n}:**`],
  ];
  for (const [name, head] of heads) {
    it(`reads “${name}”`, () => {
      expectKnown(written({ head }));
    });
  }

  it("keeps “1.” inside a stem of a “Câu” document as text", () => {
    const text =
      "Câu 1: Cho các bước:\n1. Mở tệp\n2. Ghi\nBước đầu là gì?\nA. 1\nB. 2\nĐáp án: A\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions).toHaveLength(1);
    expect(value.questions[0]?.text).toBe("Cho các bước:\n1. Mở tệp\n2. Ghi\nBước đầu là gì?");
  });

  it("reads “Bài 1: Mở đầu” in a document of “Câu n” questions as a lesson (a chapter)", () => {
    const text =
      "Bài 1: Mở đầu\nCâu 1: Hỏi?\nA. x\nB. y\nĐáp án: A\nBài 2. Tiếp\nCâu 2: Hỏi?\nA. x\nB. y\nĐáp án: B\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([{ title: "Mở đầu" }, { title: "Tiếp" }]);
    expect(value.questions.map((q) => q.chapter)).toEqual([0, 1]);
  });

  it("keeps a stem's statements “1) 2)” of a document numbered “1.” as text", () => {
    const text = [
      "1. Cho các ý sau:",
      "1) Nước sôi ở 100 °C",
      "2) Băng tan ở 0 °C",
      "Có bao nhiêu ý đúng?",
      "A. 1",
      "B. 2",
      "Đáp án: B",
      "2. Câu sau?",
      "A. x",
      "B. y",
      "Đáp án: A",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions.map((q) => q.text)).toEqual([
      "Cho các ý sau:\n1) Nước sôi ở 100 °C\n2) Băng tan ở 0 °C\nCó bao nhiêu ý đúng?",
      "Câu sau?",
    ]);
  });
});

describe("answer layouts", () => {
  const layouts: [string, Layout["answers"]][] = [
    ["A)", (texts) => texts.map((t, i) => `${LETTERS[i]}) ${t}`)],
    ["A:", (texts) => texts.map((t, i) => `${LETTERS[i]}: ${t}`)],
    ["a.", (texts) => texts.map((t, i) => `${LETTERS[i]!.toLowerCase()}. ${t}`)],
    ["a)", (texts) => texts.map((t, i) => `${LETTERS[i]!.toLowerCase()}) ${t}`)],
    [
      "four on a line with tabs",
      (texts) => [texts.map((t, i) => `${LETTERS[i]}. ${t}`).join("\t")],
    ],
    [
      "two on a line with spaces",
      (texts) => [`A. ${texts[0]}    B. ${texts[1]}`, `C. ${texts[2]}    D. ${texts[3]}`],
    ],
    [
      "four on a line with single spaces",
      (texts) => [texts.map((t, i) => `${LETTERS[i]}. ${t}`).join(" ")],
    ],
    [
      "“D.7” with no space after the letter",
      (texts) => [`A. ${texts[0]}`, `B. ${texts[1]}`, `C. ${texts[2]}`, `D.${texts[3]}`],
    ],
    [
      "“A. 4 B. 5 C. 6 D.7” on one line",
      (texts) => [`A. ${texts[0]} B. ${texts[1]} C. ${texts[2]} D.${texts[3]}`],
    ],
  ];
  for (const [name, answers] of layouts) {
    it(`reads ${name}`, () => {
      expectKnown(written({ answers }));
    });
  }

  it("does not split an answer at a letter inside a formula or a word", () => {
    const text =
      "Câu 1: Chọn?\nA. $(A \\cup B) \\setminus C$\tB. vitamin B.12 và C\nC. $R_2(B, C)$\nD. x\nĐáp án: A\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]?.answers.map((a) => a.text)).toEqual([
      "$(A \\cup B) \\setminus C$",
      "vitamin B.12 và C",
      "$R_2(B, C)$",
      "x",
    ]);
  });

  it("reads a dialogue “A: … B: …” above the answers as the stem", () => {
    const text =
      "Câu 1: Chọn câu đáp lại:\nA: How are you?\nB: ...\nA. Fine, thanks\nB. Yes\nĐáp án: A\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]?.text).toBe("Chọn câu đáp lại:\nA: How are you?\nB: ...");
    expect(value.questions[0]?.answers.map((a) => a.text)).toEqual(["Fine, thanks", "Yes"]);
  });
});

describe("stems with statements a) b) c) above the answers A–D", () => {
  it("reads the statements as text, not answers", () => {
    const text = [
      "Câu 1: Cho các phát biểu:",
      "a) Nước sôi ở 100 °C.",
      "b) Băng tan ở 0 °C.",
      "c) Sắt nhẹ hơn nước.",
      "Số phát biểu đúng là",
      "A. 1",
      "B. 2",
      "C. 3",
      "D. 0",
      "Đáp án: B",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]?.text).toBe(
      "Cho các phát biểu:\na) Nước sôi ở 100 °C.\nb) Băng tan ở 0 °C.\nc) Sắt nhẹ hơn nước.\nSố phát biểu đúng là",
    );
    expect(value.questions[0]?.answers).toEqual(answers(["1", "2", "3", "0"], [1]));
  });
});

describe("key lines", () => {
  const lines: [string, (letter: string) => string][] = [
    ["Đáp án: B", (l) => `Đáp án: ${l}`],
    ["Đáp án đúng là: B", (l) => `Đáp án đúng là: ${l}`],
    ["ĐA: B", (l) => `ĐA: ${l}`],
    ["Đáp án B", (l) => `Đáp án ${l}`],
    ["Chọn B", (l) => `Chọn ${l}`],
    ["Chọn đáp án B", (l) => `Chọn đáp án ${l}`],
    ["Chọn B.", (l) => `Chọn ${l}.`],
  ];
  for (const [name, keyLine] of lines) {
    it(`reads “${name}”`, () => {
      expectKnown(written({ keyLine }));
    });
  }

  it("reads “Đáp án: B hoặc C” as either one being right", () => {
    const text = "Câu 1: Số chẵn nhỏ?\nA. 1\nB. 2\nC. 4\nD. 5\nĐáp án: B hoặc C\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]).toMatchObject({
      anyKey: true,
      answers: answers(["1", "2", "4", "5"], [1, 2]),
    });
  });

  it("keeps “Chọn B vì …” inside an explanation as its text", () => {
    const text = "Câu 1: Hỏi?\nA. x\nB. y\nĐáp án: B\nLời giải: Xét từng ý.\nChọn B.\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]?.explanation).toBe("Xét từng ý.\nChọn B.");
  });
});

/** Answers with the key's letter (or whole answer) carrying Word's marks, others `others`. */
function marked(flags: number, whole = false, others = 0): Layout["answers"] {
  return (texts, key) =>
    texts.map((text, index) => {
      const mark = index === key ? flags : others;
      return whole
        ? markRun(`${LETTERS[index]}. ${text}`, mark)
        : `${markRun(`${LETTERS[index]}.`, mark)} ${text}`;
    });
}

describe("keys marked on the answers", () => {
  const noKeyLine = { keyLine: () => null };
  it("reads “*B. …”", () => {
    expectKnown(
      written({
        ...noKeyLine,
        answers: (texts, key) => texts.map((t, i) => `${i === key ? "*" : ""}${LETTERS[i]}. ${t}`),
      }),
    );
  });

  it("reads “B. … (đúng)”", () => {
    expectKnown(
      written({
        ...noKeyLine,
        answers: (texts, key) =>
          texts.map((t, i) => `${LETTERS[i]}. ${t}${i === key ? " (đúng)" : ""}`),
      }),
    );
  });

  const words: [string, number][] = [
    ["underlined", MARK.underline],
    ["in colour", MARK.colour],
    ["bold", MARK.bold],
    ["highlighted", MARK.highlight],
    ["underlined and red", MARK.underline | MARK.colour],
  ];
  for (const [name, flags] of words) {
    it(`reads a key whose letter is ${name} in Word`, () => {
      expectKnown(written({ ...noKeyLine, answers: marked(flags) }));
    });
    it(`reads a key ${name} whole in Word`, () => {
      expectKnown(written({ ...noKeyLine, answers: marked(flags, true) }));
    });
  }

  it("does not take bold for a key when every letter is bold: the underline is the key", () => {
    const answers: Layout["answers"] = (texts, key) =>
      texts.map((text, index) =>
        markRun(`${LETTERS[index]}.`, MARK.bold | (index === key ? MARK.underline : 0)).concat(
          ` ${text}`,
        ),
      );
    expectKnown(written({ ...noKeyLine, answers }));
  });

  it("reads a bold key inside a 2×2 answer table (cells as tabs)", () => {
    const answers: Layout["answers"] = (texts, key) => {
      const cell = (index: number) =>
        markRun(`${LETTERS[index]}. ${texts[index]}`, index === key ? MARK.bold : 0);
      return [`${cell(0)}\t${cell(1)}`, `${cell(2)}\t${cell(3)}`];
    };
    expectKnown(written({ ...noKeyLine, answers }));
  });

  it("warns where a mark and the key line disagree, naming both, and keeps the line", () => {
    const text = written({
      answers: (texts, key) =>
        texts.map(
          (t, i) => `${markRun(`${LETTERS[i]}.`, i === (key + 1) % 4 ? MARK.underline : 0)} ${t}`,
        ),
      keyLine: (letter) => (letter === "B" ? "Đáp án: B" : `Đáp án: ${letter}`),
    });
    // Every question's underline is on the answer after its key.
    const { problems } = parseViText(text, FILE);
    expect(problems.map((p) => p.message)).toEqual([
      "Câu 1: dòng “Đáp án: B” khác với phương án C được gạch chân; dùng “Đáp án: B”",
      "Câu 2: dòng “Đáp án: C” khác với phương án D được gạch chân; dùng “Đáp án: C”",
      "Câu 3: dòng “Đáp án: D” khác với phương án A được gạch chân; dùng “Đáp án: D”",
      "Câu 4: dòng “Đáp án: A” khác với phương án B được gạch chân; dùng “Đáp án: A”",
    ]);
    expect(problems.every((p) => p.severity === "warning")).toBe(true);
    expectKnown(text, problems);
  });

  it("reads marks on the questions that have no key line, when the others have one", () => {
    const text = written({
      keyLine: (letter) => (letter === "B" || letter === "C" ? `Đáp án: ${letter}` : null),
      answers: (texts, key) =>
        texts.map((t, i) => {
          const mark = key === i && key !== 1 && key !== 2 ? MARK.underline : 0;
          return `${markRun(`${LETTERS[i]}.`, mark)} ${t}`;
        }),
    });
    expectKnown(text);
  });

  it("says which mark the other questions use when one question has none", () => {
    const text = written({ keyLine: () => null, answers: marked(MARK.underline) }).replace(
      `${markRun("C.", MARK.underline)} 6`,
      "C. 6",
    );
    const { problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      error(
        7,
        2,
        "Câu 2 chưa có đáp án: các câu khác đánh dấu đáp án bằng cách gạch chân, câu này không có phương án nào được gạch chân. Hãy gạch chân phương án đúng, hoặc thêm dòng “Đáp án: B” ngay dưới phương án D.",
      ),
    ]);
  });

  it("teaches a missing key line in the document's own words", () => {
    const text = written({ keyLine: (letter) => (letter === "D" ? null : `ĐA: ${letter}`) });
    expect(parseViText(text, FILE).problems).toEqual([
      error(
        15,
        3,
        "Câu 3 chưa có đáp án: các câu khác có dòng “ĐA: …”, câu này không có. Hãy thêm dòng “ĐA: B” ngay dưới phương án D.",
      ),
    ]);
  });

  it("advises uploading the Word file once when a pasted text has no key at all", () => {
    const text = written({ keyLine: () => null });
    const { problems } = parseViText(text, FILE);
    expect(problems[0]).toEqual(
      warning(
        1,
        undefined,
        "Nếu trong Word đáp án được gạch chân, tô màu hay in đậm, hãy tải lên chính tệp .docx: khi sao chép chữ, định dạng bị mất.",
      ),
    );
    expect(problems.slice(1).map((p) => p.message)).toEqual(
      [1, 2, 3, 4].map(
        (n) =>
          `Câu ${n} chưa có đáp án: không thấy dòng “Đáp án: …”, bảng đáp án hay phương án được đánh dấu. Hãy thêm dòng “Đáp án: B” ngay dưới phương án D.`,
      ),
    );
  });
});

describe("writeKeysIntoText: the Word file's text as the student edits it", () => {
  it("removes stars and “(đúng)” too, and leaves questions keyed by a line or a table as they are", () => {
    const colourB = markRun("B. y", MARK.colour);
    const text = [
      "Câu 1: Hỏi?",
      "*A. x",
      "B. y (đúng)",
      "Đáp án: A",
      "Câu 2: Hỏi 2?",
      `A. x\t${colourB}`,
      "Câu 3: Hỏi 3?",
      `A. x\t${colourB}`,
      "HẾT",
      "Câu\t1\t3",
      "ĐA\tA\tB",
    ].join("\n");
    const result = writeKeysIntoText(text, FILE);
    expect(result.text.split("\n")).toEqual([
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Đáp án: A",
      "Câu 2: Hỏi 2?",
      "A. x\tB. y",
      "Đáp án: B",
      "Câu 3: Hỏi 3?",
      "A. x\tB. y",
      "HẾT",
      "Câu\t1\t3",
      "ĐA\tA\tB",
    ]);
    expect(result.problems).toEqual([
      warning(
        1,
        1,
        "Câu 1: dòng “Đáp án: A” khác với phương án B có ghi “(đúng)”; dùng “Đáp án: A”",
      ),
    ]);
    const back = parseViText(result.text, FILE);
    expect(back.value.questions.map((q) => q.answers.map((a) => a.key))).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
  });

  it("removes every mark and writes the keys marks gave as “Đáp án” lines, problems at the new lines", () => {
    const marks = written({ keyLine: () => null, answers: marked(MARK.underline) });
    const withProblem = marks.replace("3 + 3 bằng bao nhiêu?", "3 + 3 bằng bao nhiêu?\n*A. 4");
    const { text, problems } = writeKeysIntoText(marks, FILE);
    expect(text).not.toMatch(/[\uE000-\uF8FF]/u);
    expect(text.split("\n").slice(0, 7)).toEqual([
      "Câu 1: Thủ đô của Việt Nam là",
      "A. Huế",
      "B. Hà Nội",
      "C. Đà Nẵng",
      "D. Cần Thơ",
      "Đáp án: B",
      "",
    ]);
    expect(problems).toEqual([]);
    expectKnown(text);
    const second = writeKeysIntoText(withProblem, FILE);
    // A stray "*A. 4" opens question 2's answers early: the "A. 4" after it is out of order, one
    // line further down in the returned text than in the marked one (question 1's key line).
    const order = second.problems.find((p) => p.message.includes("không đúng thứ tự"));
    expect(order?.line).toBe(10);
    expect(second.text.split("\n")[9]).toBe("A. 4");
  });
});

describe("key tables and solutions after the questions", () => {
  it("a heading over the key table's own heading is not glued to the last answer (“ĐÁP ÁN VÀ HƯỚNG DẪN GIẢI” above “BẢNG ĐÁP ÁN”)", () => {
    const text = [
      "Câu 1: Thủ đô của Việt Nam?",
      "A. Huế",
      "B. Hà Nội",
      "Câu 2: Hai cộng hai bằng mấy?",
      "A. 4",
      "B. 5",
      "ĐÁP ÁN VÀ HƯỚNG DẪN GIẢI",
      "BẢNG ĐÁP ÁN",
      "1.B 2.A",
      "LỜI GIẢI",
      "Câu 1: Hà Nội là thủ đô.",
      "Câu 2: Vì 2 + 2 = 4.",
    ].join("\n");
    const { value, problems } = parseViText(text, "");
    expect(problems).toEqual([]);
    expect(value.questions.map((q) => q.answers.map((a) => [a.text, a.key]))).toEqual([
      [
        ["Huế", false],
        ["Hà Nội", true],
      ],
      [
        ["4", true],
        ["5", false],
      ],
    ]);
    expect(value.questions.map((q) => q.explanation)).toEqual([
      "Hà Nội là thủ đô.",
      "Vì 2 + 2 = 4.",
    ]);
  });

  const noKeyLine = { keyLine: () => null };
  const tables: [string, string[]][] = [
    ["“1.A 2.C” after HẾT", ["--- HẾT ---", "", "1.B 2.C 3.D 4.A"]],
    ["“1-A, 2-C” under ĐÁP ÁN", ["ĐÁP ÁN", "1-B, 2-C, 3-D, 4-A"]],
    ["compact “1A 2C” under BẢNG ĐÁP ÁN", ["BẢNG ĐÁP ÁN", "1B 2C 3D 4A"]],
    ["“1. B” rows under Đáp án tham khảo", ["Đáp án tham khảo", "1. B", "2. C", "3. D", "4. A"]],
    ["rows of a Word table (cells as tabs)", ["HẾT", "1\tB\t2\tC", "3\tD\t4\tA"]],
    ["a Word table of numbers above letters", ["HẾT", "Câu\t1\t2\t3\t4", "Đáp án\tB\tC\tD\tA"]],
    ["one “Câu 1: B” line per question", ["HẾT", "Câu 1: B", "Câu 2: C", "Câu 3: D", "Câu 4: A"]],
    ["“Câu 1: B” lines with no heading", ["Câu 1: B", "Câu 2: C", "Câu 3: D", "Câu 4: A"]],
    ["a table with no heading", ["1.B 2.C 3.D 4.A"]],
  ];
  for (const [name, after] of tables) {
    it(`reads ${name}`, () => {
      expectKnown(written({ ...noKeyLine, after }));
    });
  }

  it("takes the solutions “Câu 1: Chọn A. …” as explanations, and their keys", () => {
    const after = [
      "----- HẾT -----",
      "HƯỚNG DẪN GIẢI",
      "Câu 1: Chọn B. Hà Nội là thủ đô.",
      "Câu 2. Chọn C.",
      "3 + 3 = 6.",
      "Câu 3: Chọn đáp án D. Oxi có kí hiệu O.",
      "Câu 4: Chọn A.",
      "1. Mê Kông chảy qua Trung Quốc, Myanmar, Lào, Thái Lan, Campuchia và Việt Nam.",
    ];
    const { value } = expectKnown(written({ ...noKeyLine, after }));
    expect(value.questions.map((q) => q.explanation)).toEqual([
      "Chọn B. Hà Nội là thủ đô.",
      "Chọn C.\n3 + 3 = 6.",
      "Chọn đáp án D. Oxi có kí hiệu O.",
      "Chọn A.\n1. Mê Kông chảy qua Trung Quốc, Myanmar, Lào, Thái Lan, Campuchia và Việt Nam.",
    ]);
  });

  it("reads a table, then the solutions under LỜI GIẢI", () => {
    const after = ["BẢNG ĐÁP ÁN", "1.B 2.C 3.D 4.A", "", "LỜI GIẢI", "Câu 1: Vì Hà Nội là thủ đô."];
    const { value } = expectKnown(written({ ...noKeyLine, after }));
    expect(value.questions[0]?.explanation).toBe("Vì Hà Nội là thủ đô.");
  });

  it("warns where the table and a key line or a solution disagree", () => {
    const text = written({
      keyLine: (letter) => (letter === "B" ? "Đáp án: B" : null),
      after: ["HẾT", "1.A 2.C 3.D 4.A", "LỜI GIẢI", "Câu 2: Chọn D."],
    });
    const { problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      warning(
        1,
        1,
        "Câu 1: dòng “Đáp án: B” khác với bảng đáp án ghi “A” (dòng 27); dùng “Đáp án: B”",
      ),
      warning(
        8,
        2,
        "Câu 2: bảng đáp án ghi “C” (dòng 27) khác với lời giải “Chọn D” (dòng 29); dùng “C” của bảng đáp án",
      ),
    ]);
  });

  it("reports a number the table has and the document does not, and a question it misses", () => {
    const text = written({ ...noKeyLine, after: ["HẾT", "1.B 2.C 3.D 5.A"] });
    const { problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      error(
        19,
        4,
        "Câu 4 chưa có đáp án: bảng đáp án (dòng 26) không ghi câu 4. Hãy thêm “4.B” vào bảng, hoặc thêm dòng “Đáp án: B” ngay dưới phương án D.",
      ),
      error(26, undefined, "Bảng đáp án ghi câu 5 nhưng đề không có câu 5"),
    ]);
  });

  it("does not take a stem's matching pairs “1-a, 2-b” for a key table", () => {
    const text = [
      "Câu 1: Nối cột:",
      "1-A, 2-B",
      "Cách nối nào đúng?",
      "A. Có",
      "B. Không",
      "Đáp án: A",
      "Câu 2: Hỏi?",
      "A. x",
      "B. y",
      "Đáp án: B",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions.map((q) => q.text)).toEqual([
      "Nối cột:\n1-A, 2-B\nCách nối nào đúng?",
      "Hỏi?",
    ]);
  });
});

describe("section headings", () => {
  it("never appends “PHẦN II. ĐỊA LÍ” to an explanation: it is a chapter", () => {
    const text = [
      "PHẦN I. LỊCH SỬ",
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Đáp án: A",
      "Giải thích: Vì thế.",
      "PHẦN II. ĐỊA LÍ",
      "Câu 2: Hỏi tiếp?",
      "A. x",
      "B. y",
      "Đáp án: B",
      "Phần 3:",
      "Câu 3: Hỏi nữa?",
      "A. x",
      "B. y",
      "Phần mềm nào?",
      "Đáp án: B",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([
      { title: "LỊCH SỬ" },
      { title: "ĐỊA LÍ" },
      { title: "Phần 3" },
    ]);
    expect(value.questions.map((q) => [q.chapter, q.explanation])).toEqual([
      [0, "Vì thế."],
      [1, undefined],
      [2, undefined],
    ]);
    expect(value.questions[2]?.answers[1]?.text).toBe("y\nPhần mềm nào?");
  });
});

describe("long hostile lines are read in linear time", () => {
  const n = 200_000;
  const spaces = " ".repeat(n);
  const digits = "1".repeat(n);
  const cases: [string, string][] = [
    ["a key row of spaces", `Câu 1: x\nA. y\nB. z\nHẾT\n1${spaces}A${spaces}x`],
    ["digits then spaces", `Câu 1: x\nA. y\nHẾT\n${digits}${spaces}x`],
    ["pairs without end", `Câu 1: x\nA. y\nHẾT\n${"1A ".repeat(n / 3)}x`],
    ["an answer with many “B.” that are not boundaries", `Câu 1: x\nA. ${"xB.y ".repeat(n / 5)}`],
    ["an answer with many single-spaced letters", `Câu 1: x\nA. ${" B)".repeat(n / 3)}x`],
    ["dollars and letters", `Câu 1: x\nA. ${"$ B. ".repeat(n / 5)}`],
    ["“Câu hỏi” and spaces", `Câu hỏi${spaces}1${spaces}x\n`],
    ["“Câu 1” and many tags", `Câu 1 ${"(NB)".repeat(n / 4)}x\n`],
    ["“Đáp án” without colon and spaces", `Câu 1: x\nA. y\nĐáp án ${"B".repeat(1)}${spaces}x\n`],
    ["“Chọn” and letters and spaces", `Câu 1: x\nA. y\nChọn ${"A , ".repeat(n / 4)}x\n`],
    ["a decorated HẾT", `Câu 1: x\nA. y\n${"-".repeat(n)}HẾT${"-".repeat(n)}x\n`],
    ["10,000 numbered lines", `${"1. x\n".repeat(n / 20)}`],
    ["a star and spaces", `Câu 1: x\n*${spaces}A.${spaces}x\n`],
    ["“(đúng” unclosed", `Câu 1: x\nA. ${"(đúng ".repeat(n / 6)}\n`],
    ["a heading and spaces", `Câu 1: x\nA. y\nĐÁP ÁN${spaces}x\nLỜI GIẢI${spaces}:x\n`],
    ["PHẦN and spaces", `PHẦN${spaces}I${spaces}x\n`],
    ["an answer with many single-spaced dashes", `Câu 1: x\nA - ${" B -".repeat(n / 3)}x`],
    ["a Roman part and spaces", `II.${spaces}PHẦN${spaces}x${spaces}(1 điểm\n`],
  ];
  for (const [name, text] of cases) {
    it(name, () => {
      const started = performance.now();
      parseViText(text, FILE);
      writeKeysIntoText(text, FILE);
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  }
});

describe("round 2 of the tester's files (issue 25)", () => {
  it("writes a marked key line under the last answer, not under the heading after it", () => {
    const red = (text: string) => markRun(text, MARK.colour);
    const text = [
      "I. PHẦN TRẮC NGHIỆM (3,0 điểm)",
      "Câu 1: Hỏi?",
      `A. x\n${red("B.")} y`,
      "Câu 2: Hỏi tiếp?",
      `${red("A.")} x\nB. y`,
      "II. PHẦN TỰ LUẬN (7,0 điểm)",
      "Bài 1 (2,0 điểm). Nêu ba biện pháp tiết kiệm nước.",
    ].join("\n");
    const result = writeKeysIntoText(text, FILE);
    expect(result.text.split("\n").slice(5)).toEqual([
      "Câu 2: Hỏi tiếp?",
      "A. x",
      "B. y",
      "Đáp án: A",
      "II. PHẦN TỰ LUẬN (7,0 điểm)",
      "Bài 1 (2,0 điểm). Nêu ba biện pháp tiết kiệm nước.",
    ]);
    const back = parseViText(result.text, FILE);
    expect(back.value.questions.map((q) => q.answers.map((a) => a.text))).toEqual([
      ["x", "y"],
      ["x", "y"],
    ]);
  });

  it("reads “I. PHẦN TRẮC NGHIỆM” as a part heading, its score left out of the title", () => {
    const text = "I. PHẦN TRẮC NGHIỆM (4,0 điểm)\nCâu 1: Hỏi?\nA. x\nB. y\nĐáp án: A\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([{ title: "PHẦN TRẮC NGHIỆM" }]);
    expect(value.questions[0]?.chapter).toBe(0);
  });

  it("keeps “I. Phần lớn …”, a stem's statement, as text", () => {
    const text =
      "Câu 1: Có bao nhiêu ý đúng?\nI. Phần lớn là nước.\nII. Ít muối.\nA. 1\nB. 2\nĐáp án: B\n";
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([]);
    expect(value.questions[0]?.text).toBe(
      "Có bao nhiêu ý đúng?\nI. Phần lớn là nước.\nII. Ít muối.",
    );
  });

  it("files the questions before the first part heading in a chapter “Chung” instead of refusing them", () => {
    const text = [
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Đáp án: A",
      "PHẦN II. Câu trắc nghiệm đúng sai",
      "Câu 1: Ý nào đúng?",
      "a) x",
      "b) y",
      "Đáp án: a) Đ, b) S",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([{ title: "Chung" }, { title: "Câu trắc nghiệm đúng sai" }]);
    expect(value.questions.map((q) => q.chapter)).toEqual([0, 1]);
  });

  it("skips the questions of an essay part with a warning, and leaves out its empty chapter", () => {
    const text = [
      "PHẦN I. TRẮC NGHIỆM",
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Đáp án: A",
      "PHẦN II. TỰ LUẬN",
      "Câu 1: Nêu ba biện pháp tiết kiệm nước.",
      "Bài 2 (4,0 điểm): Giải phương trình.",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      warning(7, undefined, "Câu 1 ở phần tự luận không có phương án nên không được nhập"),
      warning(8, undefined, "Bài 2 ở phần tự luận không có phương án nên không được nhập"),
    ]);
    expect(value.chapters).toEqual([{ title: "TRẮC NGHIỆM" }]);
    expect(value.questions).toHaveLength(1);
  });

  it("still refuses a question without answers outside an essay part", () => {
    const { problems } = parseViText(
      "Câu 1: Nêu ba biện pháp.\nCâu 2: Hỏi?\nA. x\nB. y\nĐáp án: A\n",
      FILE,
    );
    expect(problems.map((p) => [p.line, p.severity])).toEqual([[1, "error"]]);
  });

  const separators: [string, string][] = [
    ["A/", "/"],
    ["A-", "-"],
    ["A -", " -"],
  ];
  for (const [name, separator] of separators) {
    it(`reads answers written “${name} …”, and “${name.toLowerCase()} …”`, () => {
      expectKnown(
        written({ answers: (texts) => texts.map((t, i) => `${LETTERS[i]}${separator} ${t}`) }),
      );
      const lower = written({
        answers: (texts) => texts.map((t, i) => `${LETTERS[i]!.toLowerCase()}${separator} ${t}`),
      });
      expect(parseViText(lower, FILE).value.questions.map((q) => q.answers.length)).toEqual([
        4, 4, 4, 4,
      ]);
    });
  }

  it("reads “A/ 4  B/ 5” side by side, but keeps “A - B” in a stem and a minus in an answer", () => {
    const text = [
      "Câu 1: Cho hai tập hợp.",
      "A - B là tập hợp nào?",
      "A. x - y",
      "B. A - B",
      "Đáp án: B",
      "Câu 2: Hỏi?",
      "A/ 4  B/ 5",
      "C/ -6\tD/ 7",
      "Đáp án: C",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions.map((q) => [q.text, q.answers.map((a) => a.text)])).toEqual([
      ["Cho hai tập hợp.\nA - B là tập hợp nào?", ["x - y", "A - B"]],
      ["Hỏi?", ["4", "5", "-6", "7"]],
    ]);
  });

  it("keeps the letter order for “A/” answers", () => {
    const { problems } = parseViText("Câu 1: Hỏi?\nA/ x\nC/ y\nĐáp án: A\n", FILE);
    expect(problems.map((p) => p.message)).toEqual([
      "Phương án “C” không đúng thứ tự: sau “A” phải là “B”",
    ]);
  });

  const solutions: [string, string[], string | undefined][] = [
    ["“Lời giải” then “Chọn B” on its own line", ["Lời giải", "Chọn B", "Vì thế."], "Vì thế."],
    ["“Hướng dẫn giải” ending “Chọn B.”", ["Hướng dẫn giải", "Vì thế.", "Chọn B."], "Vì thế."],
    ["“Lời giải:” then “Đáp án B vì …”", ["Lời giải:", "Đáp án B vì thế."], "Đáp án B vì thế."],
    ["“Lời giải” then “Chọn đáp án B” alone", ["Lời giải", "Chọn đáp án B"], undefined],
  ];
  for (const [name, lines, explanation] of solutions) {
    it(`takes the key from a solution over several lines: ${name}`, () => {
      const text = [
        "Câu 1: Hỏi?",
        "A. x",
        "B. y",
        "C. z",
        ...lines,
        "",
        "Câu 2: Hỏi?",
        "A. x",
        "B. y",
        "Đáp án: A",
      ];
      const { value, problems } = parseViText(text.join("\n"), FILE);
      expect(problems).toEqual([]);
      expect(value.questions[0]?.answers.map((a) => a.key)).toEqual([false, true, false]);
      expect(value.questions[0]?.explanation).toBe(explanation);
    });
  }

  it("does not take “Chọn A làm gốc” at the end of a solution for a key", () => {
    const text = "Câu 1: Hỏi?\nA. x\nB. y\nHướng dẫn giải\nVì thế.\nChọn A làm gốc.\n";
    const { problems } = parseViText(text, FILE);
    expect(problems.some((p) => p.message.startsWith("Câu 1 chưa có đáp án"))).toBe(true);
  });

  it("reads a full-width colon “：” as “:”", () => {
    expectKnown(written({ head: (n) => `Câu ${n}：`, keyLine: (letter) => `Đáp án：${letter}` }));
  });
});
