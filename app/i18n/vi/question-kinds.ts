/**
 * The text of the question kinds (true/false groups, short answers) in the room and its review (a
 * module of its own: see ../vi.ts).
 * The 2025 exam's question kinds in the rooms (issue 27): Đúng/Sai and trả lời ngắn.
 */
export const viQuestionKinds = {
  true: "Đúng",
  false: "Sai",
  statementLetter: (letter: string) => `${letter})`,
  trueFalseHint: "Chọn Đúng hoặc Sai cho từng ý.",
  yourMark: (mark: boolean | null) =>
    mark === null ? "Bạn chưa chọn" : `Bạn trả lời: ${mark ? "Đúng" : "Sai"}`,
  truth: (value: boolean) => `Đáp án đúng: ${value ? "Đúng" : "Sai"}`,
  markRight: "trả lời đúng",
  markWrong: "trả lời sai",
  statementExplanation: "Giải thích:",
  statementsRight: (right: number, n: number) => `Đúng ${right}/${n} ý`,
  points: (points: number) => `${points.toLocaleString("vi-VN")} điểm`,
  boxesLabel: "Điền đáp án, mỗi ô một kí tự: chữ số từ 0 đến 9, dấu trừ “-” hoặc dấu phẩy “,”",
  box: (i: number, n: number) => `Ô ${i} trên ${n}`,
  plainLabel: "Điền đáp án",
  toPlain: "Nhập bằng ô thường",
  toBoxes: "Nhập bằng ô số",
  answer: "Trả lời",
  yourAnswer: (text: string) => `Bạn trả lời: ${text}`,
  noAnswer: "Bạn chưa trả lời",
  accepted: (values: readonly string[]) => `Đáp án đúng: ${values.join(" hoặc ")}`,
  tolerance: (value: number) => `(chấp nhận sai lệch ±${value.toLocaleString("vi-VN")})`,
  unanswered: "Bạn chưa trả lời",
  trueFalseKeys: "Phím tắt: Tab để sang ý tiếp theo, ← → để chọn Đúng hoặc Sai, Space để tạm dừng.",
  shortAnswerKeys:
    "Phím tắt: gõ đáp án rồi bấm Enter để trả lời, Enter hoặc → để sang câu tiếp theo.",
} as const;
