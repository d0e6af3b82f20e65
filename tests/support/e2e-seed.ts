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
  /** Five questions whose keys the room tests know: single, two keys, six answers. */
  roomPractice: {
    code: "ktpm-phong-thu",
    title: "Phòng luyện thử",
  },
  /** Single choice with several accepted keys, and per-answer feedback. */
  anyKeyPractice: {
    code: "ktpm-mot-trong-nhieu",
    title: "Một trong nhiều đáp án",
  },
  /**
   * The 2025 exam's kinds (issue 27): multiple choice (key A), Đúng/Sai (statements a–d are
   * Đúng, Sai, Đúng, Sai) and a short answer ("0,75"), in that order.
   */
  kindsPractice: {
    code: "ktpm-de-kieu-moi",
    title: "Đề kiểu mới 2025",
  },
  /** Practised by one test only, so its "N đã làm" counter moves only when that test saves. */
  countedPractice: {
    code: "ktpm-dem-luot",
    title: "Đếm lượt làm",
  },
  /**
   * How others answered (issue 30): one question, one practice per browser project, so that one
   * project's attempts never change the shares the other reads.
   */
  sharePractices: {
    phone: { code: "ktpm-chia-se-dien-thoai", title: "Đáp án của mọi người (điện thoại)" },
    desktop: { code: "ktpm-chia-se-may-tinh", title: "Đáp án của mọi người (máy tính)" },
  },
} as const;

/** Per question of roomPractice: the letters of its keys, in order. */
export const ROOM_KEYS = [["A"], ["A", "C"], ["F"], ["B"], ["A"]] as const;

function roomQuestions() {
  return [
    {
      text: "Một ca kiểm thử tối thiểu gồm những gì?",
      answers: [
        { text: "Đầu vào và kết quả mong đợi", key: true },
        { text: "Chỉ mã nguồn", key: false },
        { text: "Chỉ tài liệu đặc tả", key: false },
      ],
      explanation: "Không có kết quả mong đợi thì không biết ca kiểm thử đạt hay không.",
    },
    {
      text: "Những kỹ thuật nào thuộc kiểm thử hộp đen?",
      answers: [
        { text: "Phân hoạch tương đương", key: true },
        { text: "Độ phủ nhánh", key: false },
        { text: "Phân tích giá trị biên", key: true },
        { text: "Độ phủ lệnh", key: false },
      ],
    },
    {
      text: "Mức kiểm thử nào do người dùng cuối thực hiện?",
      answers: [
        { text: "Kiểm thử đơn vị", key: false },
        { text: "Kiểm thử tích hợp", key: false },
        { text: "Kiểm thử hệ thống", key: false },
        { text: "Kiểm thử hồi quy", key: false },
        { text: "Kiểm thử hiệu năng", key: false },
        { text: "Kiểm thử chấp nhận", key: true },
      ],
    },
    {
      text: "Lỗi (defect) được phát hiện sớm thì chi phí sửa thường thế nào?",
      answers: [
        { text: "Cao hơn", key: false },
        { text: "Thấp hơn", key: true },
        { text: "Không đổi", key: false },
      ],
    },
    {
      text: "Kiểm thử hồi quy nhằm mục đích gì?",
      answers: [
        { text: "Bảo đảm thay đổi mới không làm hỏng chức năng cũ", key: true },
        { text: "Đo tốc độ phản hồi", key: false },
      ],
    },
  ];
}

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
      {
        code: SEED.roomPractice.code,
        title: SEED.roomPractice.title,
        description: "Năm câu có đáp án biết trước cho các bài kiểm thử phòng luyện tập.",
        questions: roomQuestions(),
      },
      {
        code: SEED.anyKeyPractice.code,
        title: SEED.anyKeyPractice.title,
        description: "Một câu chấp nhận bất kỳ đáp án đúng nào, và nhận xét theo từng phương án.",
        questions: [
          {
            text: "Kể tên một kỹ thuật kiểm thử hộp đen.",
            anyKey: true,
            answers: [
              { text: "Phân hoạch tương đương", key: true },
              {
                text: "Phân tích giá trị biên",
                key: true,
                feedback: "Đúng: giá trị biên là kỹ thuật hộp đen.",
              },
              {
                text: "Độ phủ nhánh",
                key: false,
                feedback: "Độ phủ nhánh là kỹ thuật hộp trắng.",
              },
            ],
          },
          {
            text: "Kiểm thử hộp trắng dựa vào đâu?",
            answers: [
              { text: "Mã nguồn", key: true },
              { text: "Đặc tả", key: false, feedback: "Đặc tả là cơ sở của kiểm thử hộp đen." },
            ],
          },
        ],
      },
      {
        code: SEED.kindsPractice.code,
        title: SEED.kindsPractice.title,
        description: "Trắc nghiệm, Đúng/Sai và trả lời ngắn như đề thi tốt nghiệp 2025.",
        questions: kindsQuestions(),
      },
      {
        code: SEED.countedPractice.code,
        title: SEED.countedPractice.title,
        description: "Chỉ một bài kiểm thử làm đề này.",
        questions: roomQuestions().slice(0, 2),
      },
      ...Object.values(SEED.sharePractices).map(({ code, title }) => ({
        code,
        title,
        description: "Chỉ bài kiểm thử “đáp án của mọi người” làm đề này.",
        questions: [
          {
            text: "Kiểm thử khói (smoke test) thường được chạy vào lúc nào?",
            answers: [
              { text: "Ngay khi có bản dựng mới, trước các đợt kiểm thử sâu hơn", key: true },
              { text: "Chỉ sau khi phần mềm đã phát hành", key: false },
              { text: "Khi khách hàng đã gửi báo lỗi", key: false },
            ],
          },
        ],
      })),
    ],
  };
}

/** The questions of kindsPractice: one of each kind, keys as SEED.kindsPractice says. */
function kindsQuestions() {
  return [
    {
      text: "Kiểm thử hộp trắng dựa vào đâu?",
      answers: [
        { text: "Mã nguồn", key: true },
        { text: "Đặc tả", key: false },
      ],
    },
    {
      kind: "true_false" as const,
      text: "Xét các phát biểu sau về kiểm thử phần mềm.",
      answers: [
        {
          text: "Kiểm thử đơn vị thường do lập trình viên thực hiện.",
          key: true,
          feedback: "Lập trình viên viết và chạy kiểm thử đơn vị cho mã của mình.",
        },
        {
          text: "Kiểm thử hộp đen cần đọc mã nguồn.",
          key: false,
          feedback: "Hộp đen chỉ dựa vào đặc tả, không cần mã nguồn.",
        },
        {
          text: "Kiểm thử hồi quy chạy lại các ca kiểm thử cũ sau khi sửa mã.",
          key: true,
          feedback: "Đó chính là mục đích của kiểm thử hồi quy.",
        },
        {
          text: "Độ phủ câu lệnh 100% bảo đảm chương trình không còn lỗi.",
          key: false,
          feedback: "Phủ hết câu lệnh vẫn có thể sót lỗi về dữ liệu hay tổ hợp điều kiện.",
        },
      ],
    },
    {
      kind: "short_answer" as const,
      text: "Một hàm có 4 nhánh, bộ kiểm thử chạy qua 3 nhánh. Độ phủ nhánh bằng bao nhiêu (viết dạng số thập phân)?",
      answers: [{ text: "0,75", key: true }],
      explanation: "Độ phủ nhánh = 3 / 4 = 0,75.",
    },
  ];
}
