import { formatDay } from "#base/dates.ts";

/**
 * "Ngày thi" (issue 30), a module of its own (see ../vi.ts): the form on a subject's page and
 * the countdown on home.
 */
export const viExamDate = {
  heading: "Ngày thi của bạn",
  intro:
    "Đặt ngày thi để phần Ôn lỗi sai của môn này được lên lịch sao cho mọi câu cần ôn đều quay lại trước ngày thi.",
  /** The same form on the set-up page of a student's own practice. */
  introPractice:
    "Đặt ngày thi để phần Ôn lỗi sai của đề này được lên lịch sao cho mọi câu cần ôn đều quay lại trước ngày thi.",
  current: (day: string, daysLeft: number) =>
    daysLeft === 0
      ? `Hôm nay là ngày thi (${formatDay(day)}). Chúc bạn làm bài tốt!`
      : `Ngày thi: ${formatDay(day)} — còn ${daysLeft} ngày.`,
  label: "Ngày thi",
  save: "Lưu ngày thi",
  clear: "Xóa ngày thi",
  reviewSubject: "Ôn lỗi sai môn này",
  reviewPractice: "Ôn lỗi sai đề này",
  saved: (day: string) => `Đã lưu ngày thi ${formatDay(day)}.`,
  cleared: "Đã xóa ngày thi của môn này.",
  clearedPractice: "Đã xóa ngày thi của đề này.",
  errors: {
    BAD_DAY: "Ngày thi không hợp lệ. Hãy chọn một ngày trong lịch (dd/mm/yyyy).",
    PAST_DAY: "Ngày thi đã qua. Hãy chọn hôm nay hoặc một ngày sau hôm nay.",
    TOO_FAR: "Ngày thi quá xa (hơn 2 năm nữa). Hãy kiểm tra lại năm.",
    NO_SUBJECT: "Không tìm thấy môn học này.",
    NO_PRACTICE: "Không tìm thấy đề này trong Đề của tôi.",
  },
  /** Home: the coming exams, soonest first. */
  countdownHeading: "Kỳ thi sắp tới",
  countdown: (subject: string, daysLeft: number, dueToday: number) => {
    const today = dueToday > 0 ? `hôm nay ôn ${dueToday} câu` : "hôm nay không còn câu nào cần ôn";
    if (daysLeft === 0) return `Hôm nay thi ${subject} — chúc bạn làm bài tốt!`;
    if (daysLeft === 1) return `Ngày mai thi ${subject} — ${today}`;
    return `Còn ${daysLeft} ngày đến kỳ thi ${subject} — ${today}`;
  },
  on: (day: string) => `Ngày thi ${formatDay(day)}`,
  reviewThis: "Ôn môn này",
  reviewThisOf: (subject: string) => `Ôn lỗi sai môn ${subject}`,
  reviewThisPractice: "Ôn đề này",
  reviewThisPracticeOf: (practice: string) => `Ôn lỗi sai đề ${practice}`,
} as const;
