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
} as const;
