import { questionLabel } from "../vi.ts";
import { OWN_PRACTICE_FILE_TYPES } from "#base/limits.ts";

/** The own-practice editor names Word by name, then the other file types it reads. */
const [docx, ...otherFileTypes] = OWN_PRACTICE_FILE_TYPES;

/**
 * The text of the own-practice editor (a module of its own: see ../vi.ts).
 * "Tạo đề của tôi" and its edit page (ADR 0014).
 */
export const viOwnPracticeEditor = {
  newTitle: "Tạo đề của tôi",
  editTitle: "Sửa đề",
  intro:
    "Dán câu hỏi của bạn vào ô bên dưới hoặc chọn một tệp. Phần xem trước cho thấy từng câu như khi luyện tập, cùng các lỗi cần sửa.",
  titleLabel: "Tên đề",
  titleHint: "Ví dụ: Tin học đại cương – ôn cuối kỳ",
  subjectLabel: "Tên môn (không bắt buộc)",
  textLabel: "Câu hỏi",
  textHint:
    "Mỗi câu gồm dòng “Câu 1: …”, các phương án “A. …”, “B. …” và dòng “Đáp án: …”. Cũng nhận định dạng Aiken, GIFT, Moodle XML, CSV và JSON.",
  fileLabel: "Chọn tệp",
  dropHint: `Hoặc kéo tệp thả vào đây: Word (${docx}), ${otherFileTypes.join(", ")}.`,
  converting: "Đang đọc tệp…",
  fileLoaded: (name: string) => `Đã đọc tệp “${name}”: nội dung đã được đưa vào ô câu hỏi.`,
  /** Pictures in the text (issue 26): pasted, dropped on the text area, or chosen. */
  insertPicture: "Chèn ảnh",
  pictureHint:
    "Ảnh được chèn vào chỗ con trỏ trong ô câu hỏi. Trên máy tính cũng có thể dán ảnh (Ctrl+V) hoặc kéo tệp ảnh thả vào ô.",
  pictureAlt: "Hình",
  /** Stands in the text, where the picture will go, while it is sent. */
  picturePlaceholder: (n: number) => `Đang tải ảnh ${n}…`,
  uploadingPicture: (count: number) => (count > 1 ? `Đang tải ${count} ảnh…` : "Đang tải ảnh…"),
  pictureInserted: "Đã chèn ảnh vào ô câu hỏi.",
  pictureFailed: "Chưa tải được ảnh lên. Hãy kiểm tra mạng rồi chèn lại.",
  pictureTooLarge: (megabytes: number) =>
    `Ảnh nặng quá ${megabytes} MB: hãy thu nhỏ hoặc nén ảnh rồi chèn lại`,
  helpHeading: "Cách viết câu hỏi",
  helpIntro:
    "Mỗi câu bắt đầu bằng “Câu” và số thứ tự (cũng nhận “Câu hỏi 1:”, “Bài 1:”, “Câu 1 (NB):”), tiếp theo là các phương án A, B, C, D… (một hay nhiều phương án trên một dòng), rồi dòng “Đáp án” (hoặc “ĐA: B”, “Chọn B”). Cũng nhận “*B.” hay “B. … (đúng)” trước hoặc sau phương án đúng, và bảng đáp án “1.A 2.C 3.B” sau chữ “HẾT”; với tệp Word, đáp án được gạch chân, tô màu hay in đậm cũng được nhận. Có thể thêm “Lời giải:” và chia chương bằng dòng “Chương 1: …” hoặc “PHẦN I. …”. Câu nhiều đáp án đúng ghi “Đáp án: A, C”; câu chọn một trong hai đáp án đúng ghi “Đáp án: B hoặc C”.",
  helpExample: [
    "Chương 1: Phần cứng",
    "Câu 1: 1 byte gồm bao nhiêu bit?",
    "A. 4 bit",
    "B. 8 bit",
    "C. 16 bit",
    "D. 32 bit",
    "Đáp án: B",
    "Lời giải: 1 byte = 8 bit.",
  ].join("\n"),
  helpKinds:
    "Đề theo cấu trúc 2025: câu Đúng/Sai có các ý a), b), c), d) và dòng “Đáp án: a) Đ, b) S, c) Đ, d) S” (hoặc “Đáp án: ĐSĐS”); câu trả lời ngắn không có phương án, chỉ có dòng “Đáp án: 1,5” (hoặc “Đáp số: 1,5”). Các dòng “PHẦN I”, “PHẦN II”, “PHẦN III” với tên phần (“Câu trắc nghiệm đúng sai”, “Câu trắc nghiệm trả lời ngắn”) cho biết dạng của các câu bên dưới; số câu có thể đánh lại từ 1 ở mỗi phần. Với tệp Word, ý đúng được gạch chân cũng được nhận.",
  helpKindsExample: [
    "PHẦN II. Câu trắc nghiệm đúng sai",
    "Câu 1: Cho hàm số y = 2x + 1.",
    "a) Đồ thị đi qua điểm (0; 1).",
    "b) Hàm số nghịch biến trên ℝ.",
    "c) Hệ số góc bằng 2.",
    "d) Đồ thị song song với đường thẳng y = x.",
    "Đáp án: a) Đ, b) S, c) Đ, d) S",
    "",
    "PHẦN III. Câu trắc nghiệm trả lời ngắn",
    "Câu 1: Tính 3 : 4.",
    "Đáp án: 0,75",
  ].join("\n"),
  statementTrue: "Đúng",
  statementFalse: "Sai",
  acceptedAnswers: "Đáp án được chấp nhận",
  tolerance: (value: string) => `sai số cho phép ±${value}`,
  helpMath: "Công thức viết giữa hai dấu $, ví dụ $x^2 + 1$; mã lệnh viết giữa hai dấu `.",
  previewHeading: "Xem trước",
  previewQuestions: "Các câu hỏi xem trước",
  previewEmpty: "Phần xem trước sẽ hiện ở đây khi bạn dán câu hỏi.",
  previewUpdating: "Đang cập nhật…",
  previewFailed: "Chưa cập nhật được phần xem trước. Hãy kiểm tra mạng rồi gõ tiếp.",
  summary: (questions: number, chapters: number) =>
    chapters > 0 ? `${questions} câu hỏi, ${chapters} chương` : `${questions} câu hỏi`,
  problemsHeading: (errors: number, warnings: number) =>
    [errors > 0 ? `${errors} lỗi` : "", warnings > 0 ? `${warnings} cảnh báo` : ""]
      .filter(Boolean)
      .join(", "),
  noProblems: "Không có lỗi nào: đề đã sẵn sàng để lưu.",
  savedElsewhereSummary: (title: string) => `Xem bản đang lưu: “${title}”`,
  savedElsewhereLabel:
    "Bản này được lưu sau khi bạn mở trang sửa. Hãy chép những gì cần giữ từ đây sang ô câu hỏi của bạn.",
  notesHeading: "Khi đọc tệp",
  line: (line: number) => `Dòng ${line}`,
  goToLine: (line: number) => `Đến dòng ${line} trong ô câu hỏi`,
  error: "Lỗi",
  warning: "Cảnh báo",
  emptyLine: "(dòng trống)",
  questionLabel,
  chooseKeys: (n: number) => `Chọn ${n} đáp án`,
  keyBadge: "đáp án đúng",
  explanation: "Lời giải",
  save: "Lưu đề",
  saving: "Đang lưu…",
  saveBlocked: "Hãy đặt tên đề và sửa hết lỗi để lưu.",
  notFound: "Không tìm thấy đề này trong các đề của bạn.",
  cancel: "Hủy",
} as const;
