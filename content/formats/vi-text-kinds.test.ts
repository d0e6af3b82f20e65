import { describe, expect, it } from "vitest";
import { parseViText, writeViText } from "./vi-text.ts";

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

const EXAM = [
  "SỞ GIÁO DỤC VÀ ĐÀO TẠO",
  "ĐỀ THI THỬ TỐT NGHIỆP THPT NĂM 2025",
  "PHẦN I. Câu trắc nghiệm nhiều phương án lựa chọn.",
  "Câu 1: Nghiệm của phương trình 2x = 4 là",
  "A. 1\tB. 2\tC. 3\tD. 4",
  "Câu 2: Giá trị của sin 0 là",
  "A. 0",
  "B. 1",
  "C. -1",
  "D. 2",
  "PHẦN II. Câu trắc nghiệm đúng sai.",
  "Câu 1: Cho hàm số f(x) = x³ − 3x.",
  "a) f(0) = 0.",
  "b) f'(x) = 3x² − 3.",
  "c) Hàm số có ba cực trị.",
  "d) f(2) = 3.",
  "Câu 2: Một hộp có 3 bi đỏ và 2 bi xanh.",
  "a. Có 5 viên bi.",
  "b. Xác suất lấy được bi đỏ là 0,6.",
  "c. Số bi xanh nhiều hơn bi đỏ.",
  "d. Có 10 cách lấy 2 viên.",
  "PHẦN III. Câu trắc nghiệm trả lời ngắn.",
  "Câu 1: Tính 1 + 0,5.",
  "Câu 2: Nghiệm âm của x² = 4 là bao nhiêu?",
  "----- HẾT -----",
  "BẢNG ĐÁP ÁN",
  "PHẦN I",
  "1.B 2.A",
  "PHẦN II",
  "Câu 1 | a) Đ | b) Đ | c) S | d) S",
  "2. ĐSSĐ",
  "PHẦN III",
  "Câu 1 | 1,5",
  "Câu 2 | -2",
].join("\n");

describe("parseViText, the exam's three parts", () => {
  it("reads Phần I/II/III numbered from 1 again, with the key table split by parts", () => {
    const { value, problems } = parseViText(EXAM, FILE);
    expect(problems).toEqual([]);
    const shape = value.questions.map((question) => ({
      kind: question.kind ?? "choice",
      keys: question.answers.map((answer) => (answer.key ? answer.text : "-")),
    }));
    expect(shape).toEqual([
      { kind: "choice", keys: ["-", "2", "-", "-"] },
      { kind: "choice", keys: ["0", "-", "-", "-"] },
      { kind: "true_false", keys: ["f(0) = 0.", "f'(x) = 3x² − 3.", "-", "-"] },
      { kind: "true_false", keys: ["Có 5 viên bi.", "-", "-", "Có 10 cách lấy 2 viên."] },
      { kind: "short_answer", keys: ["1,5"] },
      { kind: "short_answer", keys: ["-2"] },
    ]);
    expect(value.chapters.map((chapter) => chapter.title)).toEqual([
      "Câu trắc nghiệm nhiều phương án lựa chọn.",
      "Câu trắc nghiệm đúng sai.",
      "Câu trắc nghiệm trả lời ngắn.",
    ]);
  });

  it("reads a key table without parts by the form of each row, and one with columns a b c d", () => {
    const text = [
      "Câu 1: Hỏi?",
      "A. x",
      "B. y",
      "Câu 2: Xét các mệnh đề.",
      "a) p",
      "b) q",
      "c) r",
      "d) s",
      "Câu 3: Tính 2 · 6.",
      "Câu 4: Xét các mệnh đề.",
      "a) p",
      "b) q",
      "c) r",
      "d) s",
      "HẾT",
      "1.B",
      "Câu 2 | Đ S Đ S",
      "Câu 3 | 12",
      "Câu | a | b | c | d",
      "4 | S | S | Đ | Đ",
    ].join("\n");
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions.map((question) => question.kind)).toEqual([
      undefined,
      "true_false",
      "short_answer",
      "true_false",
    ]);
    expect(value.questions[1]!.answers.map((answer) => answer.key)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(value.questions[2]!.answers).toEqual([{ text: "12", key: true }]);
    expect(value.questions[3]!.answers.map((answer) => answer.key)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it.each([
    ["a) Đ, b) S, c) Đ, d) S", [true, false, true, false]],
    ["ĐSĐS", [true, false, true, false]],
    ["Đ S S Đ", [true, false, false, true]],
    ["Đ-S-Đ-S", [true, false, true, false]],
    ["a) Sai, b) Sai, c) Đúng, d) Đúng", [false, false, true, true]],
    ["a. S b. Đ c. S d. Đ", [false, true, false, true]],
  ])("reads the statement key “%s”", (key, truths) => {
    const text = `Câu 1: Xét.\na) p\nb) q\nc) r\nd) s\nĐáp án: ${key}\n`;
    const { value, problems } = parseViText(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]!.answers.map((answer) => answer.key)).toEqual(truths);
  });

  it.each(["Đáp số: 0,25", "ĐS: 0,25", "Đáp án: 0,25"])("reads the short answer “%s”", (key) => {
    const { value, problems } = parseViText(`Câu 1: Tính 1 : 4.\n${key}\n`, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]).toMatchObject({
      kind: "short_answer",
      answers: [{ text: "0,25", key: true }],
    });
  });
});

function refusal(line: number, message: string) {
  return { file: FILE, line, question: 1, message, severity: "error" };
}

describe("parseViText refuses a key it cannot read as its kind, at its line", () => {
  const statements = "Câu 1: Xét.\na) p\nb) q\nc) r\nd) s\n";

  it("a statement key naming a statement that does not exist", () => {
    const { problems } = parseViText(`${statements}Đáp án: a) Đ, b) S, c) Đ, e) S\n`, FILE);
    expect(problems).toEqual([refusal(6, "Câu 1: đáp án ghi ý e) nhưng câu chỉ có các ý a)–d)")]);
  });

  it("a Đúng/Sai key with too few marks", () => {
    const { problems } = parseViText(`${statements}Đáp án: ĐSĐ\n`, FILE);
    expect(problems).toEqual([refusal(6, "Câu 1: đáp án ghi 3 dấu Đ/S nhưng câu có 4 ý a)–d)")]);
  });

  it("a Đúng/Sai key leaving a statement out", () => {
    const { problems } = parseViText(`${statements}Đáp án: a) Đ, b) S, c) Đ\n`, FILE);
    expect(problems).toEqual([
      refusal(6, "Câu 1: đáp án ghi 3 ý nhưng câu có 4 ý a)–d); thiếu ý d)"),
    ]);
  });

  it("a Đúng/Sai question under its part's heading keyed with a letter", () => {
    const text = `PHẦN II. Câu trắc nghiệm đúng sai\n${statements}Đáp án: a\n`;
    const { problems } = parseViText(text, FILE);
    expect(problems).toEqual([
      refusal(
        7,
        "Câu 1 là câu Đúng/Sai: đáp án “a” phải ghi Đ hoặc S cho từng ý, ví dụ “Đáp án: a) Đ, b) S, c) Đ, d) S”",
      ),
    ]);
  });

  it("a short answer longer than 32 characters", () => {
    const long = "một nghìn hai trăm ba mươi tư phẩy năm";
    const { problems } = parseViText(`Câu 1: Tính.\nĐáp án: ${long}\n`, FILE);
    expect(problems).toEqual([
      refusal(
        2,
        `Câu 1: đáp số “${long}” dài ${long.length} ký tự; câu trả lời ngắn chỉ nhận tối đa 32 ký tự`,
      ),
    ]);
  });

  it("a short answer without its answer, under its part's heading", () => {
    const { problems } = parseViText("PHẦN III. Trả lời ngắn\nCâu 1: Tính 2 + 2.\n", FILE);
    expect(problems).toEqual([
      refusal(
        2,
        "Câu 1 là câu trả lời ngắn nhưng chưa có đáp số: thêm dòng “Đáp án: 1,5” dưới câu hỏi",
      ),
    ]);
  });

  it("a key table's row naming a statement that does not exist, at the row's line", () => {
    const text = `${statements}HẾT\nCâu 1 | a) Đ | b) S | c) Đ | e) S\n`;
    const { problems } = parseViText(text, FILE);
    expect(problems).toEqual([refusal(7, "Câu 1: đáp án ghi ý e) nhưng câu chỉ có các ý a)–d)")]);
  });
});

describe("writeViText, the exam's kinds", () => {
  it("writes Đúng/Sai and short answers so that they read back alike", () => {
    const { value } = parseViText(EXAM, FILE);
    const again = parseViText(writeViText(value), FILE);
    expect(again.problems).toEqual([]);
    expect(again.value.questions.map(({ line: _, ...question }) => question)).toEqual(
      value.questions.map(({ line: _, ...question }) => question),
    );
  });
});
