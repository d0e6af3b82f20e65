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
