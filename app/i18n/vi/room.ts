import { questionLabel } from "../vi.ts";

/**
 * The text of the practice room (a module of its own: see ../vi.ts).
 */
export const viRoom = {
  title: "Phòng luyện tập",
  heading: "Phòng luyện tập",
  titleOf: (practice: string) => `${practice} — Phòng luyện tập`,
  invalidHeading: "Chưa chọn đề luyện tập",
  invalidText:
    "Địa chỉ phòng luyện tập không đầy đủ hoặc không hợp lệ. Hãy chọn một đề, thiết lập phòng luyện tập rồi bấm “Bắt đầu”.",
  toHome: "Chọn đề luyện tập",
  notFoundHeading: "Không tìm thấy đề luyện tập",
  notFoundText: "Đề luyện tập này không tồn tại hoặc đã bị ẩn.",
  emptyText: "Phần bạn chọn hiện không có câu hỏi nào. Hãy chọn chương hoặc bộ câu hỏi khác.",
  backToSetup: "Quay lại trang thiết lập",
  progress: (i: number, n: number) => `${i}/${n}`,
  progressLabel: (i: number, n: number) => `Câu ${i} trên ${n}`,
  pause: "Tạm dừng",
  resume: "Tiếp tục",
  pausedHeading: "Đang tạm dừng",
  pausedText: "Đồng hồ đã dừng và câu hỏi được ẩn đi. Bấm “Tiếp tục” khi bạn sẵn sàng.",
  timeLeft: (n: number) => `Còn ${n} giây`,
  elapsed: "Thời gian làm bài",
  noTimer: "Không giới hạn thời gian",
  chooseKeys: (n: number) => `Chọn ${n} đáp án`,
  noKey: "Câu này không có đáp án đúng: không chọn đáp án nào là trả lời đúng.",
  right: "Câu trả lời chính xác",
  wrong: "Câu trả lời chưa chính xác",
  unanswered: "Bạn chưa chọn đáp án",
  autoNext: (n: number) => `Tự động chuyển câu hỏi sau ${n}s`,
  showAnswer: "Xem đáp án",
  next: "Câu tiếp theo",
  finish: "Kết thúc",
  keyMark: "đáp án đúng",
  wrongMark: "bạn chọn sai",
  pickedMark: "bạn đã chọn",
  answerFeedback: "Nhận xét:",
  /** How others answered (issue 30): the share of attempts that picked this answer. */
  answerShare: (percent: number) => `${percent}% chọn`,
  answerShareOf: (percent: number, answered: number) =>
    `${percent}% trong ${answered} lượt làm đã chọn đáp án này`,
  explanation: "Lời giải",
  reference: "Tham khảo",
  questionCount: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
  questionLabel,
  questionLabelInPractice: (n: number, inPractice: number) =>
    `Câu ${n} (câu ${inPractice} của đề):`,
  answers: (n: number) => `Các đáp án của câu ${n}`,
  jumpList: "Đi tới câu hỏi",
  jumpTo: (n: number, answered: boolean) => `Câu ${n}, ${answered ? "đã trả lời" : "chưa trả lời"}`,
  answeredWords: "Đã trả lời",
  confirmTitle: "Kết thúc bài làm?",
  confirmText: (k: number) => `Bạn còn ${k} câu chưa trả lời. Những câu này sẽ được tính là sai.`,
  keepGoing: "Làm tiếp",
  keyboardHint:
    "Phím tắt: 1–8 hoặc A–H để chọn đáp án, Enter hoặc → để sang câu tiếp theo, Space để tạm dừng.",
  resumed: "Đã mở lại bài bạn đang làm dở.",
  /** "Độ chắc chắn" (issue 30): the mark asked before an answer is submitted. */
  confidenceQuestion: "Bạn có chắc với câu trả lời này không?",
  confidenceAnswerFirst: "Chọn đáp án rồi cho biết bạn chắc chắn hay đoán.",
  sure: "Chắc chắn",
  guess: "Đoán",
  contentChanged:
    "Đề luyện tập vừa được cập nhật nên bài làm dở trên máy này đã được bắt đầu lại từ đầu.",
} as const;
