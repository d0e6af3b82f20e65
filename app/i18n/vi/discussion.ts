/**
 * "Thảo luận" (issue 30): the discussion panel under a question's result, fetched with the panel
 * at the first tap (a module of its own: see ../vi.ts).
 */
export const viDiscussionPanel = {
  heading: "Thảo luận",
  empty: "Chưa có ai thảo luận câu này. Hãy là người đầu tiên!",
  failed: "Không tải được thảo luận. Hãy kiểm tra kết nối mạng rồi thử lại.",
  retry: "Thử lại",
  newLabel: "Viết bình luận",
  hint: (max: number) =>
    `Viết công thức trong $…$ (ví dụ $x^2$), mã trong dấu \`…\`. Tối đa ${max} ký tự.`,
  send: "Gửi",
  sending: "Đang gửi…",
  signIn: "Đăng nhập để tham gia thảo luận",
  reply: "Trả lời",
  replyLabel: (name: string) => `Trả lời ${name}`,
  edit: "Sửa",
  editLabel: "Sửa bình luận",
  save: "Lưu",
  cancel: "Hủy",
  remove: "Xóa",
  removeConfirm: "Xóa bình luận này?",
  report: "Báo cáo",
  reported: "Đã báo cáo bình luận này cho người quản trị.",
  hide: "Ẩn",
  edited: "đã sửa",
  deleted: "Bình luận đã bị xóa.",
  vote: (n: number) => `Hữu ích, ${n} lượt`,
  votes: (n: number) => `${n}`,
  offline: "Không gửi được. Hãy kiểm tra kết nối mạng rồi thử lại.",
} as const;
