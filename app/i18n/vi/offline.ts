/**
 * The text of what works offline: downloads, the outbox, the offline room and page (a module of
 * its own: see ../vi.ts).
 * Offline use (ADR 0013): downloads, the outbox and the offline room. What every page may show
 * (the offline banner, "Có phiên bản mới", the outbox's toast) is `vi.offlineStatus`.
 */
export const viOffline = {
  panelHeading: "Luyện khi không có mạng",
  download: "Tải về để luyện offline",
  downloadHint: (questions: number) =>
    `${questions.toLocaleString("vi-VN")} câu hỏi kèm công thức, hình vẽ và mã nguồn, mở được cả khi không có mạng.`,
  downloading: "Đang tải về…",
  downloaded: (size: string, date: string) => `Đã tải về ${size} lúc ${date}.`,
  refreshing: "Đề vừa được cập nhật trên máy chủ, đang tải bản mới…",
  removeDownload: "Xóa bản tải về",
  remove: "Xóa",
  removed: (title: string) => `Đã xóa bản tải về của “${title}” khỏi máy này.`,
  gone: (title: string) =>
    `Đề “${title}” không còn mở được (đã bị xóa hoặc ngừng chia sẻ) nên bản tải về đã được xóa khỏi máy này.`,
  downloadFailed: "Không tải về được. Hãy kiểm tra kết nối mạng rồi thử lại.",
  unsupported: "Trình duyệt này không hỗ trợ luyện offline.",
  signInToDownload: "Đăng nhập để tải về luyện offline",
  listHeading: "Đề đã tải về để luyện offline",
  listIntro: "Các đề này mở được trên máy này cả khi không có mạng.",
  listEmpty: "Bạn chưa tải đề nào. Mở một đề và chọn “Tải về để luyện offline”.",
  listItem: (questions: number, size: string, date: string) =>
    `${questions.toLocaleString("vi-VN")} câu · ${size} · tải ngày ${date}`,
  removeOf: (title: string) => `Xóa bản tải về của ${title}`,
  size: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toLocaleString("vi-VN", { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("vi-VN")} KB`,
  pageTitle: "Không có kết nối mạng — Ôn Tập",
  retry: "Thử lại",
  toHome: "Về trang chủ",
  queued:
    "Chưa có mạng: bài làm đã được lưu trên máy này và sẽ tự gửi lên khi có mạng trở lại, kể cả khi bạn đóng trình duyệt.",
  pendingHeading: "Bài làm chờ đồng bộ",
  pending: "Chờ đồng bộ",
  pendingHint: "Làm trên máy này khi không có mạng; sẽ được gửi lên khi có mạng.",
  pendingSignedOut: "Hãy đăng nhập lại để gửi bài làm này.",
  refused: (message: string) => `Không lưu được: ${message}`,
  dismiss: "Bỏ bài này",
  score: (right: number, total: number) => `đúng ${right}/${total} câu`,
  historyOffline: "Bạn đang ngoại tuyến: đây là lịch sử từ lần cuối trang này được mở khi có mạng.",
  roomNotDownloaded: "Đề này chưa được tải về máy nên không mở được khi không có mạng.",
} as const;
