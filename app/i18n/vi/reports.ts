/**
 * The text of the reports page of the administrators (a module of its own: see ../vi.ts).
 * /admin/reports: reports on shared practices, for operators.
 */
export const viReports = {
  title: "Báo cáo về đề",
  empty: "Không có báo cáo nào chưa xử lý.",
  practice: "Đề",
  reporter: "Người báo cáo",
  reason: "Lý do",
  date: "Ngày",
  actions: "Thao tác",
  hide: "Ẩn đề",
  unhide: "Bỏ ẩn",
  resolve: "Đã xử lý",
  hidden: "Đã ẩn",
  hiddenDone: "Đã ẩn đề.",
  unhiddenDone: "Đã bỏ ẩn đề.",
  resolvedDone: "Đã đánh dấu báo cáo là đã xử lý.",
  /** "Đáp án đáng ngờ" (issue 30): keys most strong attempts miss; on this page and "Đề của tôi". */
  suspectHeading: "Đáp án đáng ngờ",
  suspectIntro:
    "Những câu mà phần lớn bài làm tốt (đúng từ 80% trở lên) vẫn trả lời sai. Đáp án của các câu này có thể bị nhầm: hãy kiểm tra lại.",
  suspectQuestion: (number: number, title: string) => `Câu ${number} — ${title}`,
  suspectCount: (right: number, answered: number) =>
    `Chỉ ${right}/${answered} bài làm tốt trả lời đúng câu này`,
  suspectOpen: "Mở đề",
  suspectFix: "Xem và sửa câu hỏi",
  /** Reported comments ("Thảo luận", issue 30). */
  commentsHeading: "Bình luận bị báo cáo",
  commentOn: (number: number, title: string) => `Bình luận ở câu ${number} — ${title}`,
  commentBy: (name: string, reports: number) => `Của ${name} · ${reports} lượt báo cáo`,
  commentHide: "Ẩn bình luận",
  commentKeep: "Giữ lại",
  commentHidden: "Đã ẩn bình luận.",
  notOperator: "Chỉ người quản trị mới làm được việc này.",
  commentKept: "Đã giữ lại bình luận.",
} as const;
