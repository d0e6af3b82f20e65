import type { ReportReasonName } from "../../question-reports.ts";

/**
 * "Báo đáp án sai" (issue 30): the reasons a student picks, and the refusals the server sends
 * and the browser shows (a module of its own: see ../vi.ts).
 */
export const viQuestionReports = {
  reasons: {
    key: "Đáp án sai",
    unclear: "Câu hỏi không rõ ràng",
    typo: "Lỗi chính tả, lỗi đánh máy",
    other: "Lý do khác",
  } satisfies Record<ReportReasonName, string>,
  errors: {
    NOT_FOUND: "Không tìm thấy câu hỏi này, hoặc bạn không được mở nó.",
    SIGN_IN: "Vui lòng đăng nhập để báo lỗi câu hỏi.",
    OWN_PRACTICE: "Đây là đề của bạn: hãy sửa câu hỏi trong trang sửa đề.",
    BAD_REASON: "Vui lòng chọn lý do báo lỗi.",
    NOTE_TOO_LONG: (max: number) => `Ghi chú chỉ được có tối đa ${max} ký tự.`,
    ALREADY: "Bạn đã báo lỗi câu hỏi này rồi. Người soạn đề sẽ xem lại.",
    RATE_LIMITED: (minutes: number) =>
      `Bạn đã báo lỗi quá nhiều câu. Vui lòng thử lại sau ${minutes} phút.`,
    NOT_HANDLER: "Không tìm thấy báo cáo này.",
    STALE: "Câu hỏi vừa được sửa ở nơi khác. Hãy tải lại trang để sửa trên bản mới nhất.",
    NOTHING_CHANGED: "Bạn chưa thay đổi gì trong câu hỏi.",
    TEXT_REQUIRED: "Câu hỏi và các đáp án không được để trống.",
    TEXT_TOO_LONG: (max: number) => `Mỗi phần của câu hỏi chỉ được có tối đa ${max} ký tự.`,
    NO_KEY: "Hãy đánh dấu ít nhất một đáp án đúng.",
    ANSWER_COUNT: "Không được thêm hay bớt đáp án khi sửa từ báo cáo.",
    PICTURE: "Câu hỏi đã sửa chỉ được dùng những ảnh vốn có trong câu.",
    REPLY_TOO_LONG: (max: number) => `Lời trả lời chỉ được có tối đa ${max} ký tự.`,
    REPLY_REQUIRED: "Vui lòng viết lời trả lời cho người báo.",
    NO_OPEN_REPORT: "Câu hỏi này không còn báo cáo nào chưa xử lý.",
    INVALID_QUESTION: (detail: string) => `Câu hỏi đã sửa chưa hợp lệ: ${detail}`,
    NOTHING_TO_RESCORE: "Bài làm này không có câu nào được sửa đáp án để chấm lại.",
    ALREADY_RESCORED: "Bài làm này đã được chấm lại theo đáp án mới.",
    EXAM_NOT_RESCORED: "Bài thi thử giữ điểm đã chấm lúc nộp bài.",
    PARSER_BUSY: "Máy chủ đang bận. Vui lòng thử lại sau ít phút.",
  },
} as const;
