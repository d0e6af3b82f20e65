/**
 * "Báo đáp án sai" (issue 30): the words of the report under a question's result and of a
 * replay after a key fix (a module of its own: see ../vi.ts; the handler's are in
 * question-fixes.ts).
 */
export const viQuestionReportsUi = {
  open: "Báo đáp án sai",
  /** "Thảo luận" (a question's comments): the button, with the count once there are some. */
  discussion: "Thảo luận",
  discussionCount: (n: number) => `${n} thảo luận`,
  loading: "Đang tải…",
  underReview: "Đang được xem lại",
  underReviewHint: "Câu này đang có báo cáo chờ người soạn đề xem lại.",
  sent: "Cảm ơn bạn! Người soạn đề sẽ xem lại câu này.",
  /** The student's own report on the question, as it stands. */
  mine: {
    open: "Bạn đã báo lỗi câu này. Người soạn đề sẽ xem lại.",
    fixed: "Câu này đã được sửa theo báo cáo của bạn.",
    answered: "Người soạn đề đã trả lời báo cáo của bạn.",
    dismissed: "Người soạn đề đã xem báo cáo của bạn và giữ nguyên câu này.",
  },
  reply: (text: string) => `Trả lời: “${text}”`,
  /** The replay of an attempt after a key fix. */
  fixedOn: (date: string) => `Đáp án câu này đã được sửa ngày ${date}.`,
  nowRight: "Theo đáp án mới, câu trả lời của bạn là Đúng.",
  nowWrong: "Theo đáp án mới, câu trả lời của bạn là Sai.",
  fixesHeading: "Đáp án đã được sửa",
  fixedCount: (n: number) => `Đáp án của ${n} câu trong bài này đã được sửa sau khi có báo cáo.`,
  scoreNow: (right: number, total: number) => `Chấm theo đáp án mới: ${right}/${total} câu đúng.`,
  rescore: "Chấm lại theo đáp án mới",
  rescored: (date: string, right: number, total: number, original: number) =>
    `Đã chấm lại ngày ${date}: ${right}/${total} câu đúng (điểm gốc: ${original}/${total}).`,
  rescoredDone: "Đã chấm lại bài làm theo đáp án mới.",
  examKeepsScore: "Bài thi thử giữ điểm đã chấm lúc nộp bài.",
} as const;
