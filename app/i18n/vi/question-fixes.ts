/**
 * "Báo đáp án sai" (issue 30) for whoever fixes questions: the queue of reported questions ("Đề
 * của tôi", /admin/reports) and a reported question's page (a module of its own: see ../vi.ts).
 */
export const viQuestionFixes = {
  queueHeading: "Báo lỗi câu hỏi",
  queueIntro: "Học sinh báo những câu này có thể sai. Hãy xem lại, sửa câu hỏi hoặc trả lời họ.",
  queueQuestion: (number: number, title: string) => `Câu ${number} — ${title}`,
  queueCount: (n: number) => `${n} báo cáo`,
  queueOpen: "Xem và xử lý",
  /** The page of a reported question. */
  pageTitle: (number: number) => `Báo lỗi câu ${number}`,
  pageHeading: (number: number, title: string) => `Câu ${number} — ${title}`,
  reportsHeading: "Các báo cáo",
  reporterOn: (name: string, date: string) => `${name} · ${date}`,
  anonymousReporter: "Một học sinh",
  noOpenReports: "Chưa có báo cáo nào đang chờ xử lý về câu này.",
  removed: "Câu hỏi này không còn trong đề.",
  fixHeading: "Sửa câu hỏi",
  fixIntro:
    "Sửa nội dung hoặc đáp án rồi lưu: câu hỏi có bản mới, bài làm cũ vẫn xem được như lúc làm, và học sinh có thể chấm lại theo đáp án mới.",
  questionText: "Câu hỏi",
  answerText: (letter: string) => `Đáp án ${letter}`,
  statementText: (letter: string) => `Ý ${letter}`,
  acceptedText: (n: number) => `Đáp án chấp nhận ${n}`,
  isKey: "Đáp án đúng",
  isTrue: "Ý này đúng",
  explanation: "Giải thích (không bắt buộc)",
  replyLabel: "Lời nhắn cho người báo (không bắt buộc)",
  replyRequiredLabel: "Lời trả lời cho người báo",
  saveFix: "Lưu bản sửa",
  fixedDone: "Đã sửa câu hỏi và đóng các báo cáo.",
  answerHeading: "Giữ nguyên câu hỏi",
  answerIntro: "Nếu câu hỏi không sai, hãy trả lời người báo hoặc bỏ qua báo cáo.",
  answer: "Trả lời và đóng báo cáo",
  dismiss: "Bỏ qua báo cáo",
  answeredDone: "Đã trả lời và đóng các báo cáo.",
  dismissedDone: "Đã bỏ qua các báo cáo.",
  back: "Quay lại danh sách",
} as const;
