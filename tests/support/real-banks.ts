import { MathFraction, MathRadical, MathRun, type MathComponent } from "docx";
import {
  buildDocx,
  type DocxBlockSpec,
  type DocxParagraphSpec,
  type DocxRunSpec,
  type RunMarks,
} from "./bank-docx.ts";
import { asLegacyFontText, encodeTcvn3, encodeVni, encodeWindows1258 } from "./legacy-encodings.ts";

/**
 * Four questions of our own, written the ways Vietnamese banks are written (issue 25,
 * /work/shared/spec/vietnamese-banks.md): one file per convention, each with what reading it
 * must give. `npx tsx scripts/make-real-bank-fixtures.ts` writes them to
 * tests/fixtures/real-banks/ with expected.json; content/real-banks.test.ts reads them back.
 */
interface BankQuestionSpec {
  stem: string;
  answers: [string, string, string, string];
  /** 0-based index of the key. */
  key: number;
  explanation: string;
}

const QUESTIONS: BankQuestionSpec[] = [
  {
    stem: "Dãy núi nào cao nhất Việt Nam?",
    answers: ["Trường Sơn Bắc", "Hoàng Liên Sơn", "Con Voi", "Bạch Mã"],
    key: 1,
    explanation: "Dãy Hoàng Liên Sơn có đỉnh Phan Xi Păng, đỉnh núi cao nhất Việt Nam.",
  },
  {
    stem: "Trong hệ đơn vị SI, cường độ dòng điện được đo bằng đơn vị nào?",
    answers: ["vôn", "oát", "ôm", "ampe"],
    key: 3,
    explanation: "Cường độ dòng điện đo bằng ampe kế, đơn vị là ampe.",
  },
  {
    stem: "Tính giá trị của biểu thức 6/3 + √9.",
    answers: ["5", "1", "11", "3/2"],
    key: 0,
    explanation: "Ta có 6/3 = 2 và √9 = 3 nên giá trị của biểu thức là 2 + 3 = 5.",
  },
  {
    stem: "Tác giả của Truyện Kiều là ai?",
    answers: ["Hồ Xuân Hương", "Nguyễn Trãi", "Nguyễn Du", "Nguyễn Đình Chiểu"],
    key: 2,
    explanation: "Truyện Kiều (Đoạn trường tân thanh) là kiệt tác của đại thi hào Nguyễn Du.",
  },
];

const LETTERS = ["A", "B", "C", "D"] as const;
const KEYS = QUESTIONS.map((question) => LETTERS[question.key]!);

/** What reading a fixture must give, by both the editor's preview and the CLI. */
export interface RealBankExpectation {
  /** Each question's keys in order: "B", or "CD" when several are right. */
  keys?: string[];
  /** 1-based numbers of the questions where any one of their keys is right ("B hoặc C"). */
  anyKey?: number[];
  answersPerQuestion?: number;
  /** A piece of each question's text. */
  stems?: string[];
  /** Each question's answers exactly, or null where they are equations. */
  answers?: (string[] | null)[];
  /** A piece of each question's explanation. */
  explanations?: string[];
  /** Where an equation must have become "$…$": "3:text", "3:A", "3:explanation". */
  math?: string[];
  /** A piece of a warning that must be there. */
  warnings?: string[];
  /** A file that must be refused: an error at the line (of the text it became) starting so. */
  errorAt?: string[];
}

interface RealBankFixture {
  file: string;
  expected: RealBankExpectation;
  make: () => Uint8Array | Promise<Uint8Array>;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

const HEADER = [
  "SỞ GD&ĐT NAM ĐỊNH",
  "TRƯỜNG THPT TRẦN HƯNG ĐẠO",
  "",
  "ĐỀ KIỂM TRA 15 PHÚT",
  "Môn: Kiến thức chung – Lớp 10",
  "Thời gian làm bài: 15 phút (không kể thời gian phát đề)",
  "Họ và tên: .................................... Lớp: ........",
  "Mã đề 101",
  "",
];

/** The header of a legacy file: TCVN3 has no capital with a tone. */
const LEGACY_HEADER = [
  "Sở GD&ĐT Nam Định",
  "Trường THPT Trần Hưng Đạo",
  "Đề kiểm tra 15 phút - Môn: Kiến thức chung",
  "Họ và tên: ............................ Lớp: ........",
  "",
];

/** Q3 as a legacy file writes it: none of these encodings has "√". */
const LEGACY_QUESTIONS = QUESTIONS.map((question, index) =>
  index === 2 ? { ...question, stem: "Tính giá trị của biểu thức 6 : 3 + 3." } : question,
);

const STANDARD: Omit<RealBankExpectation, "warnings"> = {
  keys: KEYS,
  answersPerQuestion: 4,
  stems: QUESTIONS.map((question) => question.stem),
  answers: QUESTIONS.map((question) => question.answers),
};

// ---------------------------------------------------------------------------------------------
// Text files

interface TextLayout {
  header?: string[];
  questions?: BankQuestionSpec[];
  label?: (number: number) => string;
  /** The answer lines of a question. */
  answerLines?: (question: BankQuestionSpec, index: number) => string[];
  /** The key line after the answers, or null for none. */
  keyLine?: ((letter: string, index: number) => string | null) | null;
  explanationLine?: (question: BankQuestionSpec) => string;
  /** Lines after each question (before the blank line between questions). */
  between?: (index: number) => string[];
  trailer?: string[];
}

function textBank(layout: TextLayout): string {
  const questions = layout.questions ?? QUESTIONS;
  const makeKey =
    layout.keyLine === undefined ? (letter: string) => `Đáp án: ${letter}` : layout.keyLine;
  const lines = [...(layout.header ?? HEADER)];
  questions.forEach((question, index) => {
    lines.push(...(layout.between?.(index) ?? []));
    lines.push(`${(layout.label ?? ((n) => `Câu ${n}:`))(index + 1)} ${question.stem}`);
    lines.push(
      ...(layout.answerLines?.(question, index) ??
        question.answers.map((answer, at) => `${LETTERS[at]}. ${answer}`)),
    );
    const key = makeKey?.(LETTERS[question.key]!, index);
    if (key) lines.push(key);
    if (layout.explanationLine) lines.push(layout.explanationLine(question));
    lines.push("");
  });
  lines.push(...(layout.trailer ?? []));
  return `${lines.join("\n").trimEnd()}\n`;
}

const END = ["------------- HẾT -------------", ""];
const keyTable = (title: string, format: (n: number, letter: string) => string, joiner: string) => [
  ...END,
  title,
  KEYS.map((letter, index) => format(index + 1, letter)).join(joiner),
];

function markedAnswers(mark: (letter: string, answer: string) => string) {
  return (question: BankQuestionSpec) =>
    question.answers.map((answer, at) =>
      at === question.key ? mark(LETTERS[at]!, answer) : `${LETTERS[at]}. ${answer}`,
    );
}

/** Q2 as a stem of statements a)–c) and a count of the true ones (two: a and c). */
const STATEMENTS: BankQuestionSpec = {
  stem: [
    "Cho các phát biểu sau:",
    "a) Cường độ dòng điện được đo bằng ampe.",
    "b) Điện trở được đo bằng vôn.",
    "c) Công suất được đo bằng oát.",
    "Số phát biểu đúng là",
  ].join("\n"),
  answers: ["0", "1", "3", "2"],
  key: 3,
  explanation: "Phát biểu a và c đúng; điện trở đo bằng ôm.",
};

/** Q4 with Nguyễn Du's pen name as a second right answer. */
const PEN_NAME: BankQuestionSpec = {
  ...QUESTIONS[3]!,
  answers: ["Hồ Xuân Hương", "Nguyễn Trãi", "Nguyễn Du", "Tố Như"],
};

const TEXT_FIXTURES: RealBankFixture[] = [
  text("sao-truoc-chu-cai.txt", {
    answerLines: markedAnswers((letter, answer) => `*${letter}. ${answer}`),
    keyLine: null,
  }),
  text("ghi-dung.txt", {
    answerLines: markedAnswers((letter, answer) => `${letter}. ${answer} (đúng)`),
    keyLine: null,
  }),
  text("da-viet-tat.txt", { keyLine: (letter) => `ĐA: ${letter}` }),
  text("dap-an-khong-hai-cham.txt", { keyLine: (letter) => `Đáp án ${letter}` }),
  text("chon-chu-cai.txt", { keyLine: (letter) => `Chọn ${letter}` }),
  text("chon-dap-an.txt", { keyLine: (letter) => `Chọn đáp án ${letter}` }),
  text("danh-so-1-cham.txt", { label: (n) => `${n}.` }),
  text("cau-hoi-1.txt", { label: (n) => `Câu hỏi ${n}:` }),
  text("cau-1-gach-ngang.txt", { label: (n) => `Câu ${n} -` }),
  text("cau-lien-so.txt", { label: (n) => `Câu${n}:` }),
  text("muc-do.txt", {
    label: (n) => `Câu ${n} ${["(NB)", "[TH]", "(0,5 điểm)", "(VD)"][n - 1]}:`,
  }),
  text("phuong-an-hai-cham.txt", {
    answerLines: (question) => question.answers.map((answer, at) => `${LETTERS[at]}: ${answer}`),
  }),
  text("bon-phuong-an-mot-dong.txt", {
    answerLines: (question) => [
      question.answers.map((answer, at) => `${LETTERS[at]}. ${answer}`).join(" "),
    ],
  }),
  text("d-khong-cach.txt", {
    answerLines: (question) =>
      question.answers.map((answer, at) => `${LETTERS[at]}.${at === 3 ? "" : " "}${answer}`),
  }),
  text("bang-dap-an-cham.txt", {
    keyLine: null,
    trailer: keyTable("ĐÁP ÁN", (n, letter) => `${n}.${letter}`, " "),
  }),
  text("bang-dap-an-gach.txt", {
    keyLine: null,
    trailer: keyTable("BẢNG ĐÁP ÁN", (n, letter) => `${n}-${letter}`, ", "),
  }),
  text("bang-dap-an-lien.txt", {
    keyLine: null,
    trailer: keyTable("ĐÁP ÁN", (n, letter) => `${n}${letter}`, " "),
  }),
  text("dap-an-tung-dong.txt", {
    keyLine: null,
    trailer: keyTable("ĐÁP ÁN", (n, letter) => `Câu ${n}: ${letter}`, "\n"),
  }),
  text(
    "loi-giai.txt",
    {
      keyLine: null,
      trailer: [
        ...keyTable("BẢNG ĐÁP ÁN", (n, letter) => `${n}.${letter}`, " "),
        "",
        "LỜI GIẢI",
        ...QUESTIONS.map((q, i) => `Câu ${i + 1}: Chọn ${LETTERS[q.key]}. ${q.explanation}`),
      ],
    },
    { explanations: QUESTIONS.map((question) => question.explanation) },
  ),
  text(
    "dap-an-hoac.txt",
    {
      questions: [QUESTIONS[0]!, QUESTIONS[1]!, QUESTIONS[2]!, PEN_NAME],
      keyLine: (letter, index) => (index === 3 ? "Đáp án: C hoặc D" : `Đáp án: ${letter}`),
    },
    {
      keys: [...KEYS.slice(0, 3), "CD"],
      anyKey: [4],
      answers: [...QUESTIONS.slice(0, 3).map((q) => q.answers), PEN_NAME.answers],
    },
  ),
  text(
    "menh-de-abc.txt",
    { questions: [QUESTIONS[0]!, STATEMENTS, QUESTIONS[2]!, QUESTIONS[3]!] },
    {
      stems: [QUESTIONS[0]!.stem, "b) Điện trở được đo bằng vôn", QUESTIONS[2]!.stem, "Truyện"],
      answers: [QUESTIONS[0]!.answers, STATEMENTS.answers, QUESTIONS[2]!.answers, null],
    },
  ),
  text(
    "sao-va-dap-an-khac.txt",
    {
      // Every key starred, and Q2's star on “ôm” while its line says D: the line wins.
      answerLines: (question, index) =>
        question.answers.map((answer, at) =>
          at === (index === 1 ? 2 : question.key)
            ? `*${LETTERS[at]}. ${answer}`
            : `${LETTERS[at]}. ${answer}`,
        ),
    },
    { warnings: ["*"] },
  ),
  text(
    "giai-thich-roi-phan.txt",
    {
      explanationLine: (question) => `Giải thích: ${question.explanation}`,
      between: (index) =>
        index === 0
          ? ["PHẦN I. ĐỊA LÍ VÀ VẬT LÍ", ""]
          : index === 2
            ? ["PHẦN II. TOÁN VÀ NGỮ VĂN", ""]
            : [],
    },
    { explanations: QUESTIONS.map((question) => question.explanation) },
  ),
  legacyText("windows-1258.txt", encodeWindows1258, "1258"),
  legacyText("tcvn3.txt", encodeTcvn3, "TCVN3"),
  legacyText("vni.txt", encodeVni, "VNI"),
  {
    file: "loi-thieu-dap-an-cau-3.txt",
    expected: { errorAt: ["Câu 3"] },
    make: () =>
      utf8(textBank({ keyLine: (letter, index) => (index === 2 ? null : `Đáp án: ${letter}`) })),
  },
];

function text(
  file: string,
  layout: TextLayout,
  expected: RealBankExpectation = {},
): RealBankFixture {
  return { file, expected: { ...STANDARD, ...expected }, make: () => utf8(textBank(layout)) };
}

function legacyText(
  file: string,
  encode: (text: string) => Uint8Array,
  named: string,
): RealBankFixture {
  return {
    file,
    expected: {
      ...STANDARD,
      stems: LEGACY_QUESTIONS.map((question) => question.stem),
      warnings: [named],
    },
    make: () => encode(textBank({ header: LEGACY_HEADER, questions: LEGACY_QUESTIONS })),
  };
}

// ---------------------------------------------------------------------------------------------
// Word files

const bold = (text: string): DocxRunSpec => ({ text, bold: true });

const DOCX_HEADER: DocxBlockSpec[] = [
  { runs: [bold("SỞ GD&ĐT NAM ĐỊNH")] },
  { runs: [bold("TRƯỜNG THPT TRẦN HƯNG ĐẠO")] },
  { runs: [bold("ĐỀ KIỂM TRA 15 PHÚT")], center: true },
  { runs: ["Môn: Kiến thức chung – Lớp 10"], center: true },
  { runs: ["Thời gian làm bài: 15 phút (không kể thời gian phát đề)"], center: true },
  { runs: ["Họ và tên: .................................... Lớp: ........"] },
  { runs: [] },
];

/** The header as many schools lay it out: a borderless two-column table. */
const DOCX_TABLE_HEADER: DocxBlockSpec[] = [
  {
    rows: [
      [[bold("SỞ GD&ĐT NAM ĐỊNH")], [bold("ĐỀ KIỂM TRA 15 PHÚT")]],
      [[bold("TRƯỜNG THPT TRẦN HƯNG ĐẠO")], ["Môn: Kiến thức chung – Lớp 10"]],
    ],
  },
  { runs: ["Họ và tên: .................................... Lớp: ........"] },
  { runs: [] },
];

interface DocxLayout {
  header?: DocxBlockSpec[];
  questions?: BankQuestionSpec[];
  /** The question's first paragraph (label and stem). */
  label?: (number: number) => DocxRunSpec[];
  /** The runs of one answer ("B. Hoàng Liên Sơn"), given whether it is the key. */
  answer?: (letter: string, text: string, isKey: boolean, question: number) => DocxRunSpec[];
  /** How the four answers are laid: one a line, two a line, four a line, or a 2×2 table. */
  answersPerLine?: 1 | 2 | 4 | "table";
  keyLine?: boolean;
  explanation?: (question: BankQuestionSpec, index: number) => DocxBlockSpec[];
  between?: (index: number) => DocxBlockSpec[];
  trailer?: DocxBlockSpec[];
  /** Blocks of a question replacing the whole layout (automatic numbering, equations). */
  question?: (question: BankQuestionSpec, index: number) => DocxBlockSpec[] | undefined;
}

function docxBlocks(layout: DocxLayout): DocxBlockSpec[] {
  const questions = layout.questions ?? QUESTIONS;
  const blocks: DocxBlockSpec[] = [...(layout.header ?? DOCX_HEADER)];
  questions.forEach((question, index) => {
    blocks.push(...(layout.between?.(index) ?? []));
    blocks.push(...(layout.question?.(question, index) ?? questionBlocks(layout, question, index)));
    blocks.push(...(layout.explanation?.(question, index) ?? []));
  });
  blocks.push(...(layout.trailer ?? []));
  return blocks;
}

function questionBlocks(
  layout: DocxLayout,
  question: BankQuestionSpec,
  index: number,
): DocxBlockSpec[] {
  const label = layout.label?.(index + 1) ?? [bold(`Câu ${index + 1}:`)];
  const answer = layout.answer ?? ((letter: string, text: string) => [`${letter}. ${text}`]);
  const answers = question.answers.map((text, at) =>
    answer(LETTERS[at]!, text, at === question.key, index),
  );
  const blocks: DocxBlockSpec[] = [{ runs: [...label, ` ${question.stem}`] }];
  const perLine = layout.answersPerLine ?? 1;
  if (perLine === "table") {
    blocks.push({
      rows: [
        [answers[0]!, answers[1]!],
        [answers[2]!, answers[3]!],
      ],
    });
  } else {
    for (let at = 0; at < answers.length; at += perLine) {
      const line = answers.slice(at, at + perLine);
      blocks.push({ runs: line.flatMap((runs, i) => (i === 0 ? runs : [{ tab: true }, ...runs])) });
    }
  }
  if (layout.keyLine) blocks.push({ runs: [`Đáp án: ${LETTERS[question.key]}`] });
  return blocks;
}

/** The key marked with `marks` over the whole answer, or over its letter only. */
function markKey(marks: RunMarks, letterOnly = false) {
  return (letter: string, text: string, isKey: boolean): DocxRunSpec[] => {
    if (!isKey) return [`${letter}. ${text}`];
    return letterOnly
      ? [{ text: `${letter}.`, ...marks }, ` ${text}`]
      : [{ text: `${letter}. ${text}`, ...marks }];
  };
}

const RED = "FF0000";
const BLUE = "0000FF";

const docxEnd: DocxBlockSpec[] = [
  { runs: [] },
  { runs: [bold("------ HẾT ------")], center: true },
];

const WORD_KEY_TABLE: DocxBlockSpec[] = [
  ...docxEnd,
  { runs: [bold("ĐÁP ÁN")], center: true },
  {
    rows: [
      [[bold("Câu")], ...KEYS.map((_, index) => [String(index + 1)])],
      [[bold("Đáp án")], ...KEYS.map((letter) => [letter])],
    ],
  },
];

const SOLUTIONS: DocxBlockSpec[] = [
  { runs: [] },
  { runs: [bold("HƯỚNG DẪN GIẢI")], center: true },
  ...QUESTIONS.map((question, index) => ({
    runs: [bold(`Câu ${index + 1}:`), ` Chọn ${LETTERS[question.key]}. ${question.explanation}`],
  })),
];

/** 6/3 + √9 as Word writes an equation. */
const EXPRESSION: MathComponent[] = [
  new MathFraction({ numerator: [new MathRun("6")], denominator: [new MathRun("3")] }),
  new MathRun("+"),
  new MathRadical({ children: [new MathRun("9")] }),
];

function equationQuestion(question: BankQuestionSpec, index: number): DocxBlockSpec[] | undefined {
  if (index !== 2) return undefined;
  const answerRuns: DocxRunSpec[][] = [
    [{ math: [new MathRun("5")] }],
    ["1"],
    ["11"],
    [
      {
        math: [
          new MathFraction({ numerator: [new MathRun("3")], denominator: [new MathRun("2")] }),
        ],
      },
    ],
  ];
  return [
    { runs: [bold("Câu 3:"), " Tính giá trị của biểu thức ", { math: EXPRESSION }, "."] },
    ...answerRuns.map((runs, at) => ({ runs: [`${LETTERS[at]}. `, ...runs] })),
    { runs: [`Đáp án: ${LETTERS[question.key]}`] },
    {
      runs: [
        "Lời giải: ",
        {
          math: [
            new MathFraction({ numerator: [new MathRun("6")], denominator: [new MathRun("3")] }),
            new MathRun("=2"),
          ],
        },
        " và ",
        { math: [new MathRadical({ children: [new MathRun("9")] }), new MathRun("=3")] },
        " nên giá trị của biểu thức là 5.",
      ],
    },
  ];
}

function autoNumbered(answers: boolean) {
  return (question: BankQuestionSpec, index: number): DocxBlockSpec[] => {
    const stem: DocxParagraphSpec = answers
      ? { runs: [bold(`Câu ${index + 1}:`), ` ${question.stem}`] }
      : { runs: [question.stem], numbering: { reference: "cau" } };
    const answerBlocks: DocxParagraphSpec[] = question.answers.map((text, at) =>
      answers
        ? { runs: [text], numbering: { reference: "phuong-an", instance: index + 1 } }
        : { runs: [`${LETTERS[at]}. ${text}`] },
    );
    return [stem, ...answerBlocks, { runs: [`Đáp án: ${LETTERS[question.key]}`] }];
  };
}

const TABLE_BANK: DocxBlockSpec[] = [
  ...DOCX_HEADER,
  {
    rows: [
      ["STT", "Câu hỏi", "A", "B", "C", "D", "Đáp án"].map((title) => [bold(title)]),
      ...QUESTIONS.map((question, index) => [
        [String(index + 1)],
        [question.stem],
        ...question.answers.map((answer) => [answer]),
        [LETTERS[question.key]!],
      ]),
    ],
  },
];

/** TCVN3 text in .VnTime runs (the title in .VnTimeH, capitals drawn from lower-case codes). */
function vnTimeBlocks(): DocxBlockSpec[] {
  const vn = (text: string, font = ".VnTime"): DocxRunSpec => ({
    text: asLegacyFontText(encodeTcvn3(text)),
    font,
  });
  const blocks: DocxBlockSpec[] = [
    { runs: [vn("Sở GD&ĐT Nam Định")] },
    { runs: [vn("đề kiểm tra 15 phút", ".VnTimeH")], center: true },
    { runs: [vn("Họ và tên: .............................. Lớp: ........")] },
    { runs: [] },
  ];
  LEGACY_QUESTIONS.forEach((question, index) => {
    blocks.push({ runs: [vn(`Câu ${index + 1}: ${question.stem}`)] });
    question.answers.forEach((answer, at) =>
      blocks.push({ runs: [vn(`${LETTERS[at]}. ${answer}`)] }),
    );
    blocks.push({ runs: [vn(`Đáp án: ${LETTERS[question.key]}`)] });
  });
  return blocks;
}

const DOCX_FIXTURES: RealBankFixture[] = [
  docx("gach-chan-ca-dap-an.docx", { answer: markKey({ underline: true }) }),
  docx("gach-chan-chu-cai.docx", { answer: markKey({ underline: true }, true) }),
  docx("mau-do.docx", { answer: markKey({ color: RED }), answersPerLine: 2 }),
  docx("mau-xanh.docx", { answer: markKey({ color: BLUE }) }),
  docx("in-dam.docx", { answer: markKey({ bold: true }) }),
  docx("to-nen.docx", { answer: markKey({ highlight: true }), answersPerLine: 4 }),
  docx("gach-chan-va-do.docx", { answer: markKey({ underline: true, color: RED }) }),
  docx("bang-2x2-in-dam.docx", { answer: markKey({ bold: true }), answersPerLine: "table" }),
  docx("chu-cai-dam-gach-chan.docx", {
    answer: (letter, text, isKey) => [
      { text: `${letter}.`, bold: true, underline: isKey },
      { text: ` ${text}`, underline: isKey },
    ],
  }),
  docx("dong-dap-an.docx", { header: DOCX_TABLE_HEADER, keyLine: true }),
  docx("bang-dap-an-sau-het.docx", {
    trailer: [
      ...docxEnd,
      { runs: [bold("ĐÁP ÁN")] },
      { runs: [KEYS.map((letter, index) => `${index + 1}.${letter}`).join(" ")] },
    ],
  }),
  docx("bang-dap-an-word.docx", { trailer: WORD_KEY_TABLE }),
  docx(
    "huong-dan-giai.docx",
    { trailer: [...WORD_KEY_TABLE, ...SOLUTIONS] },
    { explanations: QUESTIONS.map((question) => question.explanation) },
  ),
  docx("danh-so-tu-dong-cau.docx", { question: autoNumbered(false) }),
  docx("danh-so-tu-dong-dap-an.docx", { question: autoNumbered(true) }),
  { file: "bang-ngan-hang.docx", expected: STANDARD, make: () => buildDocx(TABLE_BANK) },
  docx(
    "cong-thuc.docx",
    { keyLine: true, question: equationQuestion },
    {
      stems: [...STANDARD.stems!.slice(0, 2), "Tính giá trị của biểu thức", STANDARD.stems![3]!],
      answers: [...STANDARD.answers!.slice(0, 2), null, STANDARD.answers![3]!],
      math: ["3:text", "3:A", "3:D", "3:explanation"],
    },
  ),
  docx(
    "dau-va-dong-khac-nhau.docx",
    {
      // Every key underlined and on its line, but Q2 underlines “oát” while its line says D.
      answer: (letter, text, isKey, question) =>
        (question === 1 ? letter === "B" : isKey)
          ? [{ text: `${letter}. ${text}`, underline: true }]
          : [`${letter}. ${text}`],
      keyLine: true,
    },
    { warnings: ["gạch chân"] },
  ),
  docx("muc-do.docx", {
    label: (n) => [bold(`Câu ${n} ${["(NB)", "[TH]", "(0,5 điểm)", "(VD)"][n - 1]}:`)],
    keyLine: true,
  }),
  docx(
    "phan-ii.docx",
    {
      keyLine: true,
      explanation: (question) => [{ runs: [`Giải thích: ${question.explanation}`] }],
      between: (index) =>
        index === 0
          ? [{ runs: [bold("PHẦN I. ĐỊA LÍ VÀ VẬT LÍ")] }]
          : index === 2
            ? [{ runs: [bold("PHẦN II. TOÁN VÀ NGỮ VĂN")] }]
            : [],
    },
    { explanations: QUESTIONS.map((question) => question.explanation) },
  ),
  {
    file: "vntime-tcvn3.docx",
    expected: {
      ...STANDARD,
      stems: LEGACY_QUESTIONS.map((question) => question.stem),
      warnings: ["TCVN3"],
    },
    make: () => buildDocx(vnTimeBlocks(), { font: ".VnTime" }),
  },
  {
    file: "loi-thieu-dap-an-cau-3.docx",
    expected: { errorAt: ["Câu 3"] },
    make: () =>
      buildDocx(
        docxBlocks({
          answer: (l, t, isKey, q) => markKey({ underline: true })(l, t, isKey && q !== 2),
        }),
      ),
  },
];

function docx(
  file: string,
  layout: DocxLayout,
  expected: RealBankExpectation = {},
): RealBankFixture {
  return {
    file,
    expected: { ...STANDARD, ...expected },
    make: () => buildDocx(docxBlocks(layout)),
  };
}

export const REAL_BANK_FIXTURES: RealBankFixture[] = [...TEXT_FIXTURES, ...DOCX_FIXTURES];

/**
 * The benchmark's Word file (bench/own-preview.ts): `count` questions as a teacher's big bank
 * has them, keys underlined, a header table, every fourth question an equation, every fifth
 * with its answers in a 2×2 table, and the pictures spread over the questions.
 */
export function benchBankDocx(count: number, pictures: Uint8Array[]): Promise<Buffer> {
  const blocks: DocxBlockSpec[] = [...DOCX_TABLE_HEADER];
  const every = Math.max(1, Math.floor(count / Math.max(pictures.length, 1)));
  const underline = markKey({ underline: true });
  for (let index = 0; index < count; index += 1) {
    const question = QUESTIONS[index % QUESTIONS.length]!;
    const answers = question.answers.map((text, at) =>
      underline(LETTERS[at]!, `${text} (${index + 1})`, at === question.key),
    );
    const stem: DocxRunSpec[] =
      index % 4 === 2
        ? [" Tính giá trị của biểu thức ", { math: EXPRESSION }, ` ở lần thứ ${index + 1}.`]
        : [` ${question.stem} (lần ${index + 1})`];
    blocks.push({ runs: [bold(`Câu ${index + 1}:`), ...stem] });
    const picture = index % every === 0 ? pictures[index / every] : undefined;
    if (picture) blocks.push({ runs: [{ picture }] });
    if (index % 5 === 4) {
      blocks.push({
        rows: [
          [answers[0]!, answers[1]!],
          [answers[2]!, answers[3]!],
        ],
      });
    } else for (const runs of answers) blocks.push({ runs });
  }
  return buildDocx(blocks);
}
