/**
 * The text of the statistics of the history (a module of its own: see ../vi.ts).
 * The history's "Thống kê" tab.
 */
export const viStatistics = {
  tabs: "Chế độ xem",
  attemptsTab: "Bài đã làm",
  statisticsTab: "Thống kê",
  title: "Thống kê luyện tập",
  overview: "Tổng quan",
  questions: "Câu đã trả lời",
  accuracy: "Tỉ lệ đúng",
  time: "Thời gian luyện tập",
  daysInARow: "Ngày học liên tiếp",
  days: (n: number) => `${n.toLocaleString("vi-VN")} ngày`,
  keepStreak: "Hôm nay bạn chưa luyện tập: làm một bài để giữ chuỗi.",
  attempts: (n: number) => `${n.toLocaleString("vi-VN")} lần làm bài`,
  rightOf: (k: number, n: number) =>
    `${k.toLocaleString("vi-VN")}/${n.toLocaleString("vi-VN")} câu đúng`,
  percent: (p: number) => `${p}%`,
  duration: (seconds: number) => {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    if (hours > 0) return `${hours.toLocaleString("vi-VN")} giờ ${minutes} phút`;
    return minutes > 0 ? `${minutes} phút` : `${seconds} giây`;
  },
  bySubject: "Tỉ lệ đúng theo tuần",
  bySubjectIntro: (weeks: number) =>
    `Mỗi cột là một tuần (từ thứ Hai), trong ${weeks} tuần gần nhất; cột chạm vạch trên cùng là 100%, vạch giữa là 50%. Tuần không làm bài để trống.`,
  noRecentWeeks: (weeks: number) => `Bạn chưa làm bài nào trong ${weeks} tuần gần nhất.`,
  chartCaption: (subject: string) => `Tỉ lệ đúng theo tuần, môn ${subject}`,
  weekColumn: "Tuần bắt đầu",
  firstWeek: (day: string) => `Tuần ${day}`,
  thisWeek: "Tuần này",
  questionsColumn: "Số câu",
  accuracyColumn: "Tỉ lệ đúng",
  lastWeek: (percent: number) => `Tuần gần nhất: ${percent}% đúng`,
  byPractice: "Theo từng đề",
  practiceFigures: (attempts: string, percent: number) => `${attempts} · ${percent}% đúng`,
  weakest: "Cần ôn thêm",
  weakScore: (percent: number, right: string, attempts: number) =>
    `${percent}% đúng (${right}, ${attempts} lần)`,
  noWeakChapter: "Chưa có chương nào dưới 100% đúng.",
  noWeakRange: "Chưa có bộ câu nào dưới 100% đúng.",
  wholePracticeOnly: "Làm theo chương hoặc theo bộ câu để biết phần nào cần ôn thêm.",
  unnamedChapter: (n: number) => `Chương ${n}`,
  practiseAgain: "Luyện lại",
  practiseAgainLabel: (what: string, practice: string) => `Luyện lại ${what}, đề ${practice}`,
  hiddenPractice: "Đề này đã được gỡ khỏi danh sách.",
  /** "Độ chắc chắn" (issue 30): per subject, over the attempts that asked for it. */
  confidence: "Độ chắc chắn",
  confidenceIntro:
    "Từ các lần luyện tập có bật “Hỏi độ chắc chắn”. Đoán đúng là biết chưa chắc; chắc chắn nhưng sai là hiểu nhầm cần xem lại.",
  confidenceSubject: "Môn",
  confidenceMarked: "Câu đã đánh dấu",
  luckyGuesses: "Đoán đúng",
  confidentMistakes: "Chắc chắn nhưng sai",
} as const;
