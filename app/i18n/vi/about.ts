/**
 * The text of the "Giới thiệu" page (a module of its own: see ../vi.ts).
 */
export const viAbout = {
  title: "Giới thiệu",
  heading: "Giới thiệu Ôn Tập",
  intro:
    "Ôn Tập là ứng dụng web giúp sinh viên Việt Nam ôn thi trắc nghiệm theo từng môn học. Bạn chọn một đề, chọn chương hoặc bộ câu hỏi, làm bài theo từng câu có đếm giờ hoặc trên một tờ đề đầy đủ, rồi xem lại kết quả bất cứ lúc nào.",
  audienceHeading: "Dành cho ai?",
  audience:
    "Dành cho sinh viên đại học, cao đẳng đang ôn thi cuối kỳ, và cho giảng viên muốn đưa ngân hàng câu hỏi của mình đến với sinh viên. Ứng dụng chạy nhanh cả trên điện thoại cấu hình thấp với mạng 4G chậm.",
  featuresHeading: "Tính năng",
  features: [
    "Ngân hàng câu hỏi theo môn học, tìm kiếm không cần gõ dấu.",
    "Luyện tập theo chương, theo bộ câu hỏi hoặc toàn bộ đề.",
    "Hai kiểu làm bài: trả lời tuần tự từng câu có đếm ngược, hoặc hiển thị toàn bộ câu hỏi như một đề thi.",
    "Xáo trộn câu hỏi và đáp án, hiển thị đáp án và lời giải sau mỗi câu.",
    "Mọi lần luyện tập đều được lưu lại, kể cả khi mất mạng hay tải lại trang.",
    "Xem lại lịch sử luyện tập và từng câu đã làm đúng, làm sai.",
    "“Ôn lỗi sai”: những câu bạn từng làm sai quay lại đúng lúc cần ôn, để nhớ lâu hơn.",
    "“Đề của tôi”: tự tạo đề từ tệp Word, Moodle XML, GIFT, Aiken hoặc văn bản dán vào, giữ nguyên hình ảnh và công thức, rồi chia sẻ cho bạn bè bằng một liên kết.",
    "Đề theo cấu trúc thi tốt nghiệp THPT 2025: câu Đúng/Sai nhiều ý, câu trả lời ngắn và thi thử có tính giờ, chấm trên thang điểm 10.",
    "Luyện khi không có mạng: tải đề về máy, làm bài offline, kết quả được gửi khi có mạng trở lại.",
    "Năm màu giao diện và hiệu ứng tuyết rơi mùa Giáng sinh.",
  ],
  privacyHeading: "Dữ liệu của bạn",
  privacy:
    "Kết quả luyện tập do máy chủ chấm và chỉ bạn mới xem được. Bạn có thể xóa tài khoản cùng toàn bộ dữ liệu bất cứ lúc nào.",
} as const;
