/** Saving an attempt: its refusals, shown by the room and by the server. */
export const viAttempts = {
  errors: {
    UNAUTHENTICATED: "Vui lòng đăng nhập để lưu kết quả luyện tập.",
    BAD_REQUEST: "Dữ liệu bài làm không hợp lệ nên kết quả không được lưu.",
    PRACTICE_NOT_FOUND: "Không tìm thấy đề luyện tập này. Có thể đề đã bị ẩn.",
    BAD_ATTEMPT_ID: "Mã bài làm không hợp lệ nên kết quả không được lưu.",
    QUESTIONS_MISMATCH:
      "Các câu hỏi của bài làm không khớp với đề luyện tập (đề có thể vừa được cập nhật) nên kết quả không được lưu.",
    BAD_PICKS: "Bài làm có lựa chọn không phải đáp án của câu hỏi nên kết quả không được lưu.",
    BAD_ANSWER_ORDER: "Thứ tự đáp án của bài làm không hợp lệ nên kết quả không được lưu.",
    BAD_TOTAL_TIME: "Thời gian làm bài không hợp lệ nên kết quả không được lưu.",
    BAD_ANSWER_TIMES: "Thời gian làm từng câu không hợp lệ nên kết quả không được lưu.",
    NOT_YOUR_REVIEW:
      "Bài ôn có câu hỏi không nằm trong danh sách lỗi sai của bạn nên kết quả không được lưu.",
  },
} as const;
