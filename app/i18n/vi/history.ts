import { vi } from "../vi.ts";

/**
 * The text of the practice history (a module of its own: see ../vi.ts).
 */
export const viHistory = {
  title: vi.nav.history,
  heading: "Lịch sử luyện tập",
  intro: "Các bài bạn đã làm, mới nhất trước. Chọn một bài để xem lại từng câu.",
  empty: "Bạn chưa làm bài luyện tập nào. Hãy chọn một đề trên trang chủ để bắt đầu.",
  toHome: "Chọn đề luyện tập",
  attemptTitle: "Xem lại bài làm",
  doneAt: (when: string) => `Làm lúc ${when}`,
  score: (k: number, n: number) => `${k}/${n} câu đúng`,
  time: (seconds: number) => `${Math.floor(seconds / 60)} phút ${seconds % 60} giây`,
  notFoundHeading: "Không tìm thấy bài làm",
  notFoundText: "Bài làm này không tồn tại hoặc không thuộc tài khoản của bạn.",
  allAttempts: "Xem tất cả bài đã làm",
  onPractice: "Lịch sử luyện tập",
  onPracticeEmpty: "Bạn chưa làm đề này lần nào.",
  loadMore: "Tải thêm",
  filters: "Lọc lịch sử",
  subject: "Môn học",
  practice: "Đề",
  anySubject: "Tất cả môn",
  anyPractice: "Tất cả đề",
  applyFilters: "Lọc",
  noMatch: "Không có bài làm nào khớp với bộ lọc.",
  clearFilters: "Bỏ lọc",
  newest: "Về bài mới nhất",
  retry: "Làm lại đề này",
} as const;
