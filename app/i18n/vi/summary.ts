/**
 * The text of the summary after an attempt (a module of its own: see ../vi.ts).
 */
export const viSummary = {
  heading: "Kết quả luyện tập",
  time: (seconds: number) =>
    `Thời gian hoàn thành: ${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
  score: (k: number, n: number) => `Số câu đúng: ${k}/${n}`,
  ring: (percent: number) => `Tỉ lệ đúng ${percent}%`,
  list: "Danh sách câu hỏi",
  onlyWrong: (n: number) => `Chỉ xem câu sai (${n})`,
  retryWrong: (n: number) => `Ôn lại câu sai (${n})`,
  again: "Làm lại",
  backToSetup: "Quay lại trang thiết lập",
  right: "Đúng",
  wrong: "Sai",
  noPick: "Bạn chưa chọn đáp án",
  saving: "Đang lưu…",
  saved: "Đã lưu kết quả vào lịch sử luyện tập.",
  retrying: (seconds: number) =>
    `Chưa lưu được kết quả (mất kết nối hoặc máy chủ bận). Tự động thử lại sau ${seconds} giây.`,
  gaveUp:
    "Chưa lưu được kết quả. Kết quả vẫn được giữ trên máy này và sẽ được gửi khi bạn mở lại trang; bạn cũng có thể bấm “Thử lại”.",
  retry: "Thử lại",
  signedOut: "Phiên đăng nhập đã hết hạn. Hãy đăng nhập lại để lưu kết quả này.",
  signIn: "Đăng nhập lại",
  /** A guest's room (issue 28): scored by the server, kept on this device until a sign-up. */
  guestSaved:
    "Kết quả đã được chấm và giữ trên máy này trong 7 ngày. Đăng ký hoặc đăng nhập để lưu vào lịch sử luyện tập.",
  guestRegister: "Đăng ký để lưu kết quả",
  guestSignIn: "Đăng nhập",
  /** "Độ chắc chắn" (issue 30): how the marks went, in the summary and the replay. */
  markedSure: "Bạn đã chọn: Chắc chắn",
  markedGuess: "Bạn đã chọn: Đoán",
  luckyGuesses: (n: number) => `Đoán đúng: ${n} câu (sẽ được ôn lại trong Ôn lỗi sai)`,
  confidentMistakes: (n: number) => `Chắc chắn nhưng sai: ${n} câu`,
} as const;
