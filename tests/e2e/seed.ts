import type { Bank } from "../../content/formats/types.ts";

/**
 * The bank the browser tests add to the sample banks: a 1,202-question practice (the largest
 * size the original app had), so the range tiles must reach the very last question, and a
 * practice with chapters whose first chapter is chapter index 0.
 */
export const SEED = {
  subject: {
    code: "kiem-thu-phan-mem",
    name: "Kiểm thử phần mềm",
    description: "Kiểm thử hộp đen, hộp trắng và tự động hoá.",
    keywords: "ktpm testing",
  },
  practice: {
    code: "ktpm-co-ban",
    title: "Kiểm thử cơ bản",
    description: "Các khái niệm nền tảng của kiểm thử.",
    questionCount: 1202,
  },
  chapterPractice: {
    code: "ktpm-theo-chuong",
    title: "Kiểm thử theo chương",
  },
} as const;

export function buildSeedBank(): Bank {
  return {
    subject: { ...SEED.subject, keywords: SEED.subject.keywords.split(" ") },
    practices: [
      {
        code: SEED.practice.code,
        title: SEED.practice.title,
        description: SEED.practice.description,
        source: "Biên soạn cho kiểm thử tự động",
        questions: Array.from({ length: SEED.practice.questionCount }, (_, i) => ({
          text: `Câu hỏi kiểm thử số ${i + 1}: chọn phương án đúng.`,
          answers: [
            { text: `Phương án đúng của câu ${i + 1}`, key: true },
            { text: "Phương án sai thứ nhất", key: false },
            { text: "Phương án sai thứ hai", key: false },
          ],
          explanation: i % 2 === 0 ? `Lời giải của câu ${i + 1}.` : undefined,
        })),
      },
      {
        code: SEED.chapterPractice.code,
        title: SEED.chapterPractice.title,
        description: "Hai chương, chương đầu có chỉ số 0.",
        chapters: [
          { title: "Kiểm thử hộp đen", description: "Phân hoạch tương đương, giá trị biên" },
          { title: "Kiểm thử hộp trắng", description: "Độ phủ lệnh, độ phủ nhánh" },
        ],
        questions: Array.from({ length: 12 }, (_, i) => ({
          chapter: i < 5 ? 0 : 1,
          text:
            i === 0
              ? "Truy vấn nào trả về đúng một dòng?\n```sql\nSELECT COUNT(*)\nFROM test_case;\n```"
              : `Câu theo chương số ${i + 1}`,
          answers: [
            { text: "Đúng", key: true },
            { text: "Sai", key: false },
          ],
        })),
      },
    ],
  };
}
