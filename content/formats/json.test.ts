import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJsonBank } from "./json.ts";

const good = readFileSync(
  new URL("../../tests/fixtures/banks/mini-bank.json", import.meta.url),
  "utf8",
);
const messages = (text: string) => parseJsonBank(text, "bank.json").problems.map((p) => p.message);

function edit(change: (bank: ReturnType<typeof JSON.parse>) => void): string {
  const bank = JSON.parse(good);
  change(bank);
  return JSON.stringify(bank, null, 2);
}

describe("parseJsonBank", () => {
  it("reads a valid bank with no problem", () => {
    const { value, problems } = parseJsonBank(good, "bank.json");
    expect(problems).toEqual([]);
    expect(value?.practices[0]?.questions).toHaveLength(3);
  });

  it("locates a syntax error by line", () => {
    const broken = good.replace('"Đề có chương",', '"Đề có chương"');
    const [problem] = parseJsonBank(broken, "bank.json").problems;
    expect(problem).toMatchObject({ file: "bank.json", severity: "error" });
    expect(problem!.message).toMatch(/^JSON không hợp lệ/);
    expect(problem!.line).toBe(15);
  });

  it("refuses a question with no key", () => {
    const text = edit((bank) => {
      bank.practices[0].questions[2].answers[0].key = false;
    });
    expect(messages(text)).toEqual(["Đề “mon-thu-chuong”: Câu hỏi không có đáp án đúng"]);
    expect(parseJsonBank(text, "bank.json").problems[0]!.question).toBe(3);
  });

  it("refuses duplicate answers, an empty question and a single answer", () => {
    const text = edit((bank) => {
      bank.practices[0].questions[1].answers[3].text = "Bằng 6";
      bank.practices[0].questions[2].text = "  ";
      bank.practices[0].questions[0].answers.pop();
    });
    expect(messages(text)).toEqual([
      "Đề “mon-thu-chuong”: Câu hỏi chỉ có 1 phương án; cần từ 2 đến 8 phương án",
      "Đề “mon-thu-chuong”: Phương án D trùng với phương án A",
      "Đề “mon-thu-chuong”: Câu hỏi không có nội dung",
    ]);
  });

  it("refuses a chapter that does not exist, and a code that is not a slug", () => {
    const text = edit((bank) => {
      bank.practices[0].questions[0].chapter = 5;
    });
    expect(messages(text)).toEqual([
      "Đề “mon-thu-chuong”: Câu hỏi thuộc chương 6 nhưng tệp chỉ có 2 chương",
    ]);
    const badCode = edit((bank) => {
      bank.practices[0].code = "Môn Thử";
    });
    expect(messages(badCode)[0]).toMatch(/^đề 1, code: /);
  });

  it("refuses a key that is not true or false, and an unknown field", () => {
    const text = edit((bank) => {
      bank.practices[0].questions[0].answers[0].key = "yes";
      bank.practices[0].questions[0].answer = "A";
    });
    const found = messages(text);
    expect(found).toHaveLength(2);
    expect(found.some((m) => m.startsWith("đề 1, câu 1, đáp án 1, key:"))).toBe(true);
    expect(found.some((m) => m.startsWith("đề 1, câu 1:"))).toBe(true);
  });

  it("refuses the same practice code twice", () => {
    const text = edit((bank) => {
      bank.practices.push(bank.practices[0]);
    });
    expect(messages(text)).toContain("Mã đề “mon-thu-chuong” xuất hiện hai lần");
  });
});

describe("parseJsonBank on a JSON file that is not our bank", () => {
  const notOurs =
    "Tệp JSON này không phải ngân hàng câu hỏi của Ôn Tập: cần có “subject” và “practices” (xem content/banks/FORMAT.md)";

  it("says what the file is expected to be, and what it has, instead of only “Giá trị không đúng định dạng”", () => {
    expect(
      parseJsonBank('{"questions": [{"text": "a"}], "title": "Đề"}', "x.json").problems,
    ).toEqual([
      {
        file: "x.json",
        line: 1,
        message: `${notOurs}; tệp này có “questions”, “title”`,
        severity: "error",
      },
    ]);
    expect(messages("[1, 2]")).toEqual([`${notOurs}; tệp này là một danh sách`]);
    expect(messages('"Đề"')).toEqual([`${notOurs}; tệp này là một giá trị đơn`]);
    expect(messages("{}")).toEqual([`${notOurs}; tệp này trống`]);
  });

  it("keeps the located messages for a bank with a part missing", () => {
    expect(messages('{"subject": {"code": "x", "name": "X", "description": ""}}')).toEqual([
      "practices: Vui lòng nhập giá trị",
    ]);
  });
});

/** A bank of one practice with only `questions`, each in chapter 0. */
function kindsBank(questions: unknown[]): string {
  return edit((bank) => {
    bank.practices = [
      { ...bank.practices[0], questions: questions.map((q) => ({ chapter: 0, ...(q as object) })) },
    ];
  });
}

const statements = (keys: boolean[]) =>
  keys.map((key, i) => ({ text: `Mệnh đề ${i + 1}`, key, feedback: `Giải thích ${i + 1}` }));

describe("parseJsonBank, the 2025 exam's kinds (issue 27)", () => {
  it("reads a Đúng/Sai question and a short answer with a tolerance", () => {
    const { value, problems } = parseJsonBank(
      kindsBank([
        {
          text: "Xét hàm số",
          kind: "true_false",
          answers: statements([true, false, false, false]),
        },
        {
          text: "Tính $x$",
          kind: "short_answer",
          answers: [
            { text: "0,5", key: true, tolerance: 0.01 },
            { text: "1/2", key: true },
          ],
        },
        {
          text: "Thường",
          answers: [
            { text: "A", key: true },
            { text: "B", key: false },
          ],
        },
      ]),
      "bank.json",
    );
    expect(problems).toEqual([]);
    const [tf, short, choice] = value!.practices[0]!.questions;
    expect(tf).toMatchObject({ kind: "true_false" });
    expect(tf!.answers.map((a) => a.key)).toEqual([true, false, false, false]);
    expect(short).toMatchObject({
      kind: "short_answer",
      answers: [{ text: "0,5", tolerance: 0.01 }, { text: "1/2" }],
    });
    expect(choice!.kind).toBeUndefined();
  });

  it("accepts a Đúng/Sai question whose statements are all false", () => {
    const text = kindsBank([
      { text: "Cả bốn sai", kind: "true_false", answers: statements([false, false, false, false]) },
    ]);
    expect(messages(text)).toEqual([]);
  });

  it("refuses a Đúng/Sai question of fewer than 2 or more than 6 statements, at the question", () => {
    const text = kindsBank([
      { text: "Một mệnh đề", kind: "true_false", answers: statements([true]) },
      {
        text: "Bảy mệnh đề",
        kind: "true_false",
        answers: statements([true, false, true, false, true, false, true]),
      },
      {
        text: "Sáu mệnh đề",
        kind: "true_false",
        answers: statements([true, false, true, false, true, false]),
      },
    ]);
    const { problems } = parseJsonBank(text, "bank.json");
    expect(problems.map((p) => [p.question, p.message])).toEqual([
      [
        1,
        "Đề “mon-thu-chuong”: Câu Đúng/Sai chỉ có 1 ý; cần từ 2 đến 6 ý (đề thi có 4 ý a, b, c, d)",
      ],
      [2, "Đề “mon-thu-chuong”: Câu Đúng/Sai có 7 ý; tối đa là 6 ý (đề thi có 4 ý a, b, c, d)"],
    ]);
  });

  it("refuses anyKey on a Đúng/Sai question and on a short answer", () => {
    const text = kindsBank([
      {
        text: "Đúng/Sai",
        kind: "true_false",
        anyKey: true,
        answers: statements([true, false, true, false]),
      },
      { text: "Ngắn", kind: "short_answer", anyKey: true, answers: [{ text: "2", key: true }] },
    ]);
    const anyKey = /^Đề “mon-thu-chuong”: “anyKey” chỉ dùng cho câu trắc nghiệm nhiều phương án/;
    const { problems } = parseJsonBank(text, "bank.json");
    expect(problems.map((p) => p.question)).toEqual([1, 2]);
    for (const problem of problems) expect(problem.message).toMatch(anyKey);
  });

  it("refuses a short answer with no accepted answer, one longer than 32 characters, or a wrong one", () => {
    const text = kindsBank([
      { text: "Không đáp án", kind: "short_answer", answers: [] },
      { text: "Quá dài", kind: "short_answer", answers: [{ text: "x".repeat(33), key: true }] },
      { text: "Vừa đủ", kind: "short_answer", answers: [{ text: "y".repeat(32), key: true }] },
      {
        text: "Đáp án sai",
        kind: "short_answer",
        answers: [
          { text: "3", key: true },
          { text: "4", key: false },
        ],
      },
    ]);
    expect(parseJsonBank(text, "bank.json").problems.map((p) => [p.question, p.message])).toEqual([
      [
        1,
        "Đề “mon-thu-chuong”: Câu trả lời ngắn không có đáp số nào: hãy ghi ít nhất một đáp án được chấp nhận",
      ],
      [2, "Đề “mon-thu-chuong”: Đáp án 1 của câu trả lời ngắn dài 33 ký tự; tối đa là 32 ký tự"],
      [
        4,
        "Đề “mon-thu-chuong”: Đáp án 2 của câu trả lời ngắn ghi “key”: false; mọi đáp án của câu trả lời ngắn đều là đáp án được chấp nhận: hãy ghi “key”: true hoặc bỏ đáp án đó",
      ],
    ]);
  });

  it("refuses a tolerance anywhere but on a numeric short answer, and a negative one", () => {
    const misplaced = /sai số chỉ dùng cho đáp án là số của câu trả lời ngắn$/;
    const text = kindsBank([
      {
        text: "Trắc nghiệm",
        answers: [
          { text: "1", key: true, tolerance: 0.1 },
          { text: "2", key: false },
        ],
      },
      {
        text: "Đúng/Sai",
        kind: "true_false",
        answers: [
          { text: "a", key: true, tolerance: 1 },
          { text: "b", key: false },
        ],
      },
      { text: "Chữ", kind: "short_answer", answers: [{ text: "HCl", key: true, tolerance: 0.5 }] },
      { text: "Âm", kind: "short_answer", answers: [{ text: "2,5", key: true, tolerance: -0.1 }] },
      { text: "Không", kind: "short_answer", answers: [{ text: "-2,5", key: true, tolerance: 0 }] },
    ]);
    const { problems } = parseJsonBank(text, "bank.json");
    expect(problems.map((p) => p.question)).toEqual([1, 2, 3, 4]);
    for (const problem of problems.slice(0, 3)) expect(problem.message).toMatch(misplaced);
    expect(problems[3]!.message).toBe(
      "Đề “mon-thu-chuong”: Sai số (“tolerance”) của đáp án 1 không được âm",
    );
  });

  it("refuses a kind it does not know and a tolerance that is not a number, in words", () => {
    const text = kindsBank([
      { text: "Ghép", kind: "matching", answers: [{ text: "1", key: true, tolerance: "0,1" }] },
    ]);
    const { problems } = parseJsonBank(text, "bank.json");
    expect(problems.map((p) => [p.question, p.message])).toEqual([
      [1, "đề 1, câu 1, đáp án 1, tolerance: sai số phải là một số, ví dụ 0.01"],
      [
        1,
        "đề 1, câu 1, kind: chỉ nhận “true_false” (Đúng/Sai) hoặc “short_answer” (trả lời ngắn); câu trắc nghiệm thì bỏ “kind”",
      ],
    ]);
  });
});
