/**
 * The text of the mock exam (a module of its own: see ../vi.ts).
 * "Thi thử" (issue 27): the set-up choice, the exam sheet, its result.
 */
export const viMockExam = {
  mode: "Thi thử",
  modeHint: "Làm cả đề trong thời gian giới hạn, như thi thật: chỉ biết đúng sai sau khi nộp bài.",
  minutes: "Thời gian làm bài",
  minutesOption: (n: number) => `${n} phút`,
  noLimit: "Tắt",
  start: "Bắt đầu thi thử",
  starting: "Đang tạo bài thi…",
  startFailed: "Chưa tạo được bài thi. Vui lòng kiểm tra kết nối và thử lại.",
  title: "Thi thử",
  titleOf: (practice: string) => `${practice} — Thi thử`,
  notFoundHeading: "Không tìm thấy bài thi",
  notFoundText: "Bài thi này không tồn tại hoặc không thuộc tài khoản của bạn.",
  toHome: "Chọn đề khác",
  timeLeft: "Thời gian còn lại",
  timeLeftSpoken: (minutes: number, seconds: number) =>
    minutes > 0 ? `Còn ${minutes} phút ${seconds} giây` : `Còn ${seconds} giây`,
  noTimer: "Không giới hạn thời gian",
  warnFive: "Còn 5 phút nữa là hết giờ làm bài.",
  warnOne: "Còn 1 phút nữa là hết giờ. Bài sẽ được nộp tự động khi hết giờ.",
  timeUp: "Đã hết giờ. Bài làm đang được nộp tự động…",
  answeredCount: (k: number, n: number) => `Đã làm ${k}/${n}`,
  answeredWords: "Đã làm",
  panel: "Phiếu trả lời",
  panelToggle: "Phiếu trả lời",
  panelClose: "Đóng phiếu trả lời",
  stateBlank: "chưa làm",
  stateDone: "đã làm",
  stateFlagged: "đánh dấu",
  jumpTo: (n: number, done: boolean, flagged: boolean) =>
    `Câu ${n}, ${done ? "đã làm" : "chưa làm"}${flagged ? ", đánh dấu" : ""}`,
  flag: "Đánh dấu",
  flagOf: (n: number) => `Đánh dấu câu ${n} để xem lại`,
  trueLabel: "Đúng",
  falseLabel: "Sai",
  statement: (letter: string) => `Ý ${letter}`,
  statementsOf: (n: number) => `Các ý của câu ${n}: chọn Đúng hoặc Sai cho từng ý`,
  shortAnswer: "Câu trả lời",
  shortAnswerHint: "Ghi số hoặc câu trả lời ngắn, ví dụ -1,5",
  submit: "Nộp bài",
  submitting: "Đang nộp bài…",
  confirmTitle: "Nộp bài?",
  confirmText: (k: number) =>
    k === 0
      ? "Bạn đã làm tất cả các câu. Sau khi nộp sẽ không sửa được nữa."
      : `Bạn còn ${k} câu chưa làm. Sau khi nộp sẽ không sửa được nữa.`,
  keepGoing: "Làm tiếp",
  saved: "Đã lưu bài làm",
  savedLocally: "Mất kết nối: bài làm vẫn được giữ trên máy này và sẽ được gửi khi có mạng.",
  submitRetry: "Chưa nộp được bài (mất kết nối hoặc máy chủ bận). Đang thử lại…",
  submitRefused: "Không nộp được bài.",
  score: (score: string) => `Điểm: ${score}/10`,
  part: (roman: string, points: string, max: string) => `Phần ${roman}: ${points}/${max} điểm`,
  minutesUsed: (minutes: number | null) =>
    minutes === null || minutes === 0
      ? "Thi thử, không giới hạn thời gian"
      : `Thi thử ${minutes} phút`,
  takenOffline: "làm offline",
  onDeviceHeading: "Thi thử offline",
  onDeviceText: "Đang mở bài thi từ bản tải về trên máy này…",
  startOffline:
    "Không có mạng: bài thi thử được làm trên máy này từ bản đã tải về và chấm ngay trên máy.",
  needsDownload: "Không có mạng. Muốn thi thử khi không có mạng, hãy tải đề này về máy trước.",
  offlineLabel: "Thi thử offline, chấm trên máy này",
} as const;
