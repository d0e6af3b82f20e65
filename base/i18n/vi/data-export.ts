/** "Tải dữ liệu của tôi": the profile's export of attempts (CSV or JSON) and its file's words. */
export const viDataExport = {
  heading: "Tải dữ liệu của tôi",
  intro:
    "Tải về mọi bài bạn đã làm, kèm từng câu hỏi, đáp án đã chọn và đáp án đúng. Tệp CSV mở được bằng Excel hoặc Google Trang tính; tệp JSON dành cho các chương trình khác.",
  csv: "Tải tệp CSV (Excel)",
  json: "Tải tệp JSON",
  badFormat: "Định dạng tệp không hợp lệ. Hãy chọn CSV hoặc JSON.",
  csvHeader: [
    "Mã bài làm",
    "Thời gian (giờ Việt Nam)",
    "Môn học",
    "Đề",
    "Phạm vi",
    "Câu số",
    "Nội dung câu hỏi",
    "Đáp án đã chọn",
    "Đáp án đúng",
    "Kết quả",
    "Điểm của bài",
  ],
  right: "Đúng",
  wrong: "Sai",
  noPick: "(không chọn)",
  /** A Đúng/Sai statement left without a mark. */
  noMark: "(chưa chọn)",
  score: (right: number, total: number) => `${right}/${total} câu đúng`,
} as const;
