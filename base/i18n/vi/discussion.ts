/**
 * "Thảo luận" (issue 30): the refusals the server sends and the browser shows (a module of its
 * own: see ../vi.ts).
 */
export const viDiscussion = {
  errors: {
    NOT_FOUND: "Không tìm thấy câu hỏi này, hoặc bạn không được mở nó.",
    COMMENT_NOT_FOUND: "Không tìm thấy bình luận này.",
    SIGN_IN: "Vui lòng đăng nhập để tham gia thảo luận.",
    EMPTY: "Bình luận không được để trống.",
    TOO_LONG: (max: number) => `Bình luận chỉ được có tối đa ${max} ký tự.`,
    REPLY_DEPTH: "Chỉ trả lời được bình luận gốc, không trả lời một câu trả lời.",
    NOT_YOURS: "Bạn chỉ sửa hoặc xóa được bình luận của mình.",
    RATE_LIMITED: (minutes: number) =>
      `Bạn gửi quá nhiều bình luận. Vui lòng thử lại sau ${minutes} phút.`,
    VOTE_LIMITED: (minutes: number) =>
      `Bạn bình chọn quá nhiều. Vui lòng thử lại sau ${minutes} phút.`,
    REPORT_LIMITED: (minutes: number) =>
      `Bạn báo cáo quá nhiều bình luận. Vui lòng thử lại sau ${minutes} phút.`,
    ALREADY_REPORTED: "Bạn đã báo cáo bình luận này rồi.",
    OWN_COMMENT: "Bạn không thể báo cáo bình luận của chính mình.",
    NOT_OPERATOR: "Chỉ người quản trị mới ẩn được bình luận.",
    TOO_COSTLY: "Bình luận quá phức tạp để hiển thị. Hãy viết ngắn gọn hơn.",
    BUSY: "Máy chủ đang bận. Vui lòng thử lại sau ít phút.",
  },
} as const;
