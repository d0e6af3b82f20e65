import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import type { BankQuestion } from "./types.ts";

const FILE = "co-so-du-lieu.csv";
const fixture = readFileSync(
  new URL(`../../tests/fixtures/banks/${FILE}`, import.meta.url),
  "utf8",
);
const HEADER = "question,answer_a,answer_b,answer_c,answer_d,keys";

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

describe("parseCsv", () => {
  it("reads a good file: quoted SQL with line breaks, several keys, six answers, chapters", () => {
    const { value, problems } = parseCsv(fixture, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([
      { title: "Truy vấn một bảng" },
      { title: "Ràng buộc toàn vẹn" },
      { title: "Truy vấn nhiều bảng" },
    ]);
    expect(value.questions).toEqual([
      {
        chapter: 0,
        text: [
          "Câu lệnh sau trả về bao nhiêu dòng nếu bảng `sinh_vien` có 120 dòng, trong đó 20 dòng có `ma_lop` là NULL?",
          "```sql",
          "SELECT COUNT(ma_lop)",
          "FROM sinh_vien;",
          "```",
        ].join("\n"),
        answers: answers(["1 dòng", "100 dòng", "120 dòng", "20 dòng"], [0]),
        explanation:
          "Hàm gộp không có GROUP BY trả về đúng một dòng; giá trị là 100 vì `COUNT(cot)` bỏ qua NULL.",
        reference: "https://www.postgresql.org/docs/current/functions-aggregate.html",
        line: 2,
      },
      {
        chapter: 0,
        text: "Những mệnh đề nào có thể dùng hàm gộp, ví dụ `COUNT(*)`?",
        answers: answers(["`SELECT`", "`WHERE`", "`HAVING`", "`GROUP BY`"], [0, 2]),
        line: 7,
      },
      {
        chapter: 1,
        text: "Khoá chính của một bảng phải thoả mãn những điều kiện nào?",
        answers: answers(
          [
            "Duy nhất và khác NULL",
            "Chỉ cần duy nhất",
            "Chỉ cần khác NULL",
            "Là số nguyên tự tăng",
            "Là cột đầu tiên của bảng",
            "Có chỉ mục UNIQUE riêng",
          ],
          [0],
        ),
        explanation: 'Khoá chính = UNIQUE + NOT NULL, "tự tăng" chỉ là một cách sinh giá trị.',
        line: 8,
      },
      {
        chapter: 2,
        text: "Phép kết nối nào giữ lại mọi dòng của bảng bên trái?",
        answers: answers(["`INNER JOIN`", "`LEFT JOIN`", "`RIGHT JOIN`", "`CROSS JOIN`"], [1]),
        line: 9,
      },
    ]);
  });

  it("reads Excel's semicolon CSV with a BOM and CRLF, columns in any order", () => {
    const text =
      "\uFEFFKeys;Question;Answer_A;Answer_B;Answer_C\r\n" +
      '"A;C";Số nào chia hết cho 3; 6 ;"7";9\r\n' +
      'A;"Câu lệnh ""SELECT 1;"" trả về?";1;2;3\r\n';
    const { value, problems } = parseCsv(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions).toEqual([
      { text: "Số nào chia hết cho 3", answers: answers(["6", "7", "9"], [0, 2]), line: 2 },
      { text: 'Câu lệnh "SELECT 1;" trả về?', answers: answers(["1", "2", "3"], [0]), line: 3 },
    ]);
  });

  it("reports broken rows at their lines", () => {
    const text = [
      HEADER,
      "Câu không có đáp án?,1,2,3,4,", // 2
      "Câu có đáp án lạ?,1,2,3,4,E", // 3
      "Câu trùng?,Hà Nội,Huế, hà nội ,Đà Nẵng,A", // 4
      ",1,2,3,4,A", // 5
      "Câu thiếu phương án?,1,,3,,C", // 6
      "Cho a, b là số nguyên. Tổng?,a+b,a-b,a*b,a/b,A", // 7
      "Câu đáp án khó đọc?,1,2,3,4,Một", // 8
    ].join("\n");
    expect(parseCsv(text, FILE).problems).toEqual([
      error(2, 1, "Chưa ghi đáp án: hãy ghi chữ cái của phương án đúng, ví dụ “B” hoặc “A, C”"),
      error(3, 2, "Đáp án “E” không có trong các phương án A–D"),
      error(4, 3, "Phương án C trùng với phương án A"),
      error(5, 4, "Câu hỏi không có nội dung"),
      error(6, 5, "Phương án B để trống"),
      error(
        7,
        6,
        "Dòng có 7 ô, nhiều hơn số cột của dòng tiêu đề; nội dung có dấu phân cách thì cần đặt trong ngoặc kép",
      ),
      error(
        8,
        7,
        "Không đọc được đáp án “Một”: hãy ghi chữ cái của phương án, ví dụ “B” hoặc “A, C”",
      ),
    ]);
  });

  it("counts lines across blank lines and multi-line cells", () => {
    const text = `question,answer_a,answer_b,keys\n\nHai?,a,b,E\n\n"Ba\nhai dòng",x,y,A\nBốn?,c,d,Z\n`;
    expect(parseCsv(text, FILE).problems.map((problem) => problem.line)).toEqual([3, 7]);
  });

  it("reports an unclosed quote where it opens", () => {
    const text = `${HEADER}\n"Câu hỏi chưa đóng ngoặc,1,2,3,4,A\nCâu sau,1,2,3,4,B\n`;
    expect(parseCsv(text, FILE).problems).toContainEqual(
      error(2, undefined, "Dấu ngoặc kép mở ở dòng 2 không được đóng"),
    );
  });

  it("requires the documented columns and warns about unknown ones", () => {
    expect(parseCsv("question,answer_a,keys,ghi_chu\nHỏi?,1,A,x\n", FILE).problems).toEqual([
      {
        file: FILE,
        line: 1,
        message: "Bỏ qua cột “ghi_chu” vì chưa được hỗ trợ",
        severity: "warning",
      },
      error(1, undefined, "Dòng tiêu đề thiếu cột “answer_b”"),
    ]);
  });

  it("reports an empty file", () => {
    expect(parseCsv("\n\n", FILE).problems).toEqual([
      error(1, undefined, "Tệp CSV trống: cần một dòng tiêu đề và ít nhất một câu hỏi"),
    ]);
  });
});
