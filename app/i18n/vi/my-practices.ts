import { vi } from "../vi.ts";

/**
 * The text of the list of a student's own practices (a module of its own: see ../vi.ts).
 * "Đề của tôi" (ADR 0012): a student's own practices, their sharing, reports.
 */
export const viMyPractices = {
  title: vi.nav.myPractices,
  create: "Tạo đề của tôi",
  intro: "Các đề bạn tự tạo. Đề chỉ mình bạn thấy cho đến khi bạn chia sẻ liên kết.",
  empty: "Bạn chưa có đề nào.",
  questions: (n: number) => `${n.toLocaleString("vi-VN")} câu hỏi`,
  attempts: (n: number) => `${n.toLocaleString("vi-VN")} lượt làm`,
  lastPractised: (date: string) => `Luyện lần cuối: ${date}`,
  neverPractised: "Chưa luyện lần nào",
  subject: (name: string) => `Môn: ${name}`,
  private: "Riêng tư",
  shared: "Đang chia sẻ",
  blocked: "Đã bị ẩn bởi quản trị viên",
  blockedText:
    "Đề này đã bị quản trị viên ẩn sau một báo cáo: chỉ bạn còn thấy đề, liên kết chia sẻ không mở được.",
  practise: "Luyện tập",
  edit: "Sửa",
  share: "Chia sẻ",
  unshare: "Ngừng chia sẻ",
  shareLink: "Liên kết chia sẻ",
  copy: "Sao chép liên kết",
  copied: "Đã sao chép liên kết.",
  delete: "Xóa đề",
  deleteConfirm: (title: string) =>
    `Xóa đề “${title}”? Lần làm bài của người khác trên đề này vẫn được giữ để xem lại.`,
  deleteYes: "Xóa đề",
  cancel: "Hủy",
  sharedDone: "Đã bật chia sẻ. Ai có liên kết đều mở được đề.",
  unsharedDone: "Đã ngừng chia sẻ: liên kết cũ không còn mở được đề.",
  deletedDone: "Đã xóa đề.",
  actionsOf: (title: string) => `Thao tác với đề ${title}`,
  deletedPractice: "Đề đã bị xóa: bạn vẫn xem lại được lần làm bài này.",
  ownSubject: "Đề của tôi",
  sharedSubject: "Đề được chia sẻ",
  report: "Báo cáo",
  reportHeading: "Báo cáo đề này",
  reportReason: "Lý do",
  reportHint: "Ví dụ: nội dung sai, xúc phạm, vi phạm bản quyền.",
  reportSend: "Gửi báo cáo",
  reportSent: "Cảm ơn bạn, báo cáo đã được gửi tới quản trị viên.",
  reportSignIn: "Đăng nhập để báo cáo đề này.",
} as const;
