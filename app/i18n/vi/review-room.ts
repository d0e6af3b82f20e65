import { vi } from "../vi.ts";

/**
 * The text of the review of mistakes (a module of its own: see ../vi.ts).
 * "Ôn lỗi sai": the review room (the banner on home and the history is `vi.reviewBanner`).
 */
export const viReviewRoom = {
  start: vi.reviewBanner.start,
  title: "Ôn lỗi sai",
  summaryHeading: "Kết quả ôn tập",
  label: (n: number) => `${n} câu đến hạn ôn`,
  /** "Ôn lại câu sai": a run over the mistakes of the run just finished or replayed. */
  retryTitle: "Ôn lại câu sai",
  retryLabel: (n: number) => `${n} câu làm sai ở lượt trước`,
  fromPractice: (title: string) => `Đề: ${title}`,
  noneHeading: "Hôm nay không có câu nào cần ôn",
  noneText:
    "Bạn đã ôn hết các câu làm sai đến hạn. Câu nào bạn làm sai trong các lần luyện tập sau sẽ quay lại đây đúng lúc cần ôn.",
  changedHeading: "Lượt ôn này không còn dùng được",
  changedText:
    "Danh sách câu cần ôn đã thay đổi (có thể một đề vừa được cập nhật). Hãy bắt đầu một lượt ôn mới.",
  startNew: "Bắt đầu lượt ôn mới",
  toHome: "Về trang chủ",
  newReview: "Ôn lượt mới",
  setupIntro: (n: number) => `Hôm nay có ${n} câu bạn từng làm sai cần ôn lại.`,
  questionTime: "Thời gian mỗi câu",
  slowHint: (seconds: number) =>
    `Câu trả lời đúng nhưng mất hơn ${seconds} giây được xem là chưa nhớ chắc, nên câu đó sẽ quay lại sớm hơn.`,
  badTimeHeading: "Thời gian mỗi câu không hợp lệ",
  badTimeText:
    "Địa chỉ này có thời gian mỗi câu không nằm trong các lựa chọn. Hãy chọn lại trước khi bắt đầu ôn.",
  chooseAgain: "Chọn lại",
  /** "Ôn môn này" (issue 30): the review of one subject's mistakes. */
  subjectTitle: (subject: string) => `Ôn lỗi sai môn ${subject}`,
  subjectIntro: (n: number, subject: string) =>
    `Hôm nay có ${n} câu môn ${subject} bạn từng làm sai cần ôn lại.`,
  /** "Ôn đề này" (issue 30): the review of one own practice's mistakes, before its exam day. */
  practiceTitle: (practice: string) => `Ôn lỗi sai đề ${practice}`,
  practiceIntro: (n: number, practice: string) =>
    `Hôm nay có ${n} câu của đề ${practice} bạn từng làm sai cần ôn lại.`,
  noSubjectHeading: "Không tìm thấy môn học",
  noSubjectText:
    "Địa chỉ này nhắc đến một môn không có trong Ôn Tập. Bạn có thể ôn lỗi sai của mọi môn.",
  noPracticeHeading: "Không tìm thấy đề",
  noPracticeText:
    "Địa chỉ này nhắc đến một đề không có trong Đề của tôi của bạn. Bạn có thể ôn lỗi sai của mọi môn.",
  reviewAll: "Ôn trộn tất cả môn",
} as const;
