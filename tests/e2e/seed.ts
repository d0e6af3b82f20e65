/** The little catalogue the browser tests run against (the real banks come with the catalogue work). */
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
  },
} as const;
