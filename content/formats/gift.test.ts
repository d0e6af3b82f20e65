import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseGift, writeGift } from "./gift.ts";
import type { BankQuestion, ParsedQuestions } from "./types.ts";

const FILE = "lap-trinh-c.gift";
const fixture = readFileSync(
  new URL(`../../tests/fixtures/banks/${FILE}`, import.meta.url),
  "utf8",
);

function withoutLines(parsed: ParsedQuestions): ParsedQuestions {
  return {
    chapters: parsed.chapters,
    questions: parsed.questions.map(({ line: _line, ...question }) => question),
  };
}

function answers(texts: string[], keys: number[]): BankQuestion["answers"] {
  return texts.map((text, index) => ({ text, key: keys.includes(index) }));
}

describe("parseGift", () => {
  it("reads a good file", () => {
    const { value, problems } = parseGift(fixture, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([
      { title: "Kiểu dữ liệu và toán tử" },
      { title: "Con trỏ và mảng" },
    ]);
    expect(value.questions).toEqual([
      {
        id: "ltc-chia-nguyen",
        chapter: 0,
        text: [
          "Chương trình sau in ra gì?",
          "```c",
          "#include <stdio.h>",
          "",
          "int main(void) {",
          "    int a = 7, b = 2;",
          "    double x = a / b;",
          '    printf("%.1f\\n", x);',
          "    return 0;",
          "}",
          "```",
        ].join("\n"),
        answers: [
          { text: "`3.0`", key: true },
          {
            text: "`3.5`",
            key: false,
            feedback: "Phép chia hai số nguyên không cho phần thập phân.",
          },
          { text: "`4.0`", key: false },
          { text: "`3`", key: false },
        ],
        explanation:
          "`a / b` là phép chia hai số nguyên nên cho 3 trước khi được chuyển sang `double`.",
        line: 6,
      },
      {
        id: "ltc-uu-tien",
        chapter: 0,
        text: "Sau câu lệnh `int x = 2 + 3 * 4 - 6 / 4;` biến `x` có giá trị bao nhiêu?",
        answers: answers(["13", "14", "3", "15"], [0]),
        line: 24,
      },
      {
        id: "ltc-khai-bao-con-tro",
        chapter: 0,
        text: "Những khai báo nào sau đây tạo ra biến có kiểu `int *`?",
        answers: answers(
          ["`int *p;`", "`int* q, *r;` (cả `q` và `r`)", "`int p[10];`", "`int **pp;`"],
          [0, 1],
        ),
        line: 27,
      },
      {
        id: "ltc-kich-thuoc",
        chapter: 0,
        text: "Theo chuẩn C, kiểu nào sau đây luôn có kích thước đúng bằng 1 byte?",
        answers: answers(["`short`", "`int`", "`char`", "`long`", "`float`", "`double`"], [2]),
        explanation: "Chuẩn C quy định `sizeof(char) == 1`; các kiểu khác tuỳ nền tảng.",
        line: 34,
      },
      {
        id: "ltc-ten-mang",
        chapter: 1,
        text: "Trong C, tên của một mảng có thể được gán lại để trỏ sang mảng khác.",
        answers: answers(["Đúng", "Sai"], [1]),
        explanation: "Tên mảng không phải là biến con trỏ nên không thể gán lại.",
        line: 46,
      },
      {
        id: "ltc-so-phan-tu",
        chapter: 1,
        text: [
          "Đoạn mã sau cho `n` bằng bao nhiêu?",
          "```c",
          "int arr[] = {1, 2, 3, 4, 5};",
          "size_t n = sizeof(arr) / sizeof(arr[0]);",
          "```",
        ].join("\n"),
        answers: answers(["5", "4", "20", "1"], [0]),
        line: 48,
      },
      {
        id: "ltc-cap-phat",
        chapter: 1,
        text: "Hàm _____ cấp phát một vùng nhớ động và trả về con trỏ tới nó.",
        answers: answers(["`malloc`", "`free`", "`printf`", "`sizeof`"], [0]),
        line: 53,
      },
    ]);
  });

  it("reads {TRUE}, {T} and true/false feedback: the first for the wrong pick, the second for the right one", () => {
    const { value } = parseGift("Đúng hay sai?{TRUE}\n\n2 + 2 = 4?{T#Sai rồi#Đúng}", FILE);
    expect(value.questions.map((question) => question.answers)).toEqual([
      answers(["Đúng", "Sai"], [0]),
      [
        { text: "Đúng", key: true, feedback: "Đúng" },
        { text: "Sai", key: false, feedback: "Sai rồi" },
      ],
    ]);
  });

  it("keeps escapes and the [plain] marker's text as written", () => {
    const text = "::a\\:b::[plain]Biểu thức `a \\= b \\~ c \\# d` dùng \\{ và \\}? {=Có ~Không}";
    expect(parseGift(text, FILE).value.questions[0]).toMatchObject({
      id: "a:b",
      text: "Biểu thức `a = b ~ c # d` dùng { và }?",
    });
  });

  it("puts questions after a bare “top” category in the default chapter “Chung”, after the chapters before them", () => {
    const text = [
      "$CATEGORY: $course$/top/Chương 1",
      "Câu một? {=a ~b}",
      "",
      "$CATEGORY: $course$/top",
      "Câu hai? {=a ~b}",
      "",
      "$CATEGORY: $course$/top/Chương 2",
      "Câu ba? {=a ~b}",
    ].join("\n");
    const { value, problems } = parseGift(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([
      { title: "Chương 1" },
      { title: "Chung" },
      { title: "Chương 2" },
    ]);
    expect(value.questions.map((question) => question.chapter)).toEqual([0, 1, 2]);
  });

  it("a question before the first $CATEGORY goes in the default chapter “Chung”, as Moodle files it in the default category", () => {
    const text = [
      "Trước mọi chương? {=a ~b}",
      "",
      "$CATEGORY: $course$/top/Chương 1",
      "Câu một? {=a ~b}",
      "",
      "$CATEGORY: Chung",
      "Câu hai? {=a ~b}",
    ].join("\n");
    const { value, problems } = parseGift(text, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([{ title: "Chương 1" }, { title: "Chung" }]);
    expect(value.questions.map((question) => question.chapter)).toEqual([1, 0, 1]);
  });

  it("keeps a file without categories without chapters", () => {
    const { value } = parseGift("Một? {=a ~b}\n\nHai? {=a ~b}", FILE);
    expect(value.chapters).toEqual([]);
    expect(value.questions.map((question) => question.chapter)).toEqual([undefined, undefined]);
  });

  it("reads every short-answer form alike, {One} as {=One}, and refuses partial credit", () => {
    const text = [
      "Một? {=One}",
      "",
      "Hai? {One}",
      "",
      "Ba? {=One =Một#Đúng}",
      "",
      "Bốn? {%50%One}",
    ];
    const { value, problems } = parseGift(text.join("\n"), FILE);
    expect(value.questions.map((q) => [q.kind, q.answers])).toEqual([
      ["short_answer", [{ text: "One", key: true }]],
      ["short_answer", [{ text: "One", key: true }]],
      [
        "short_answer",
        [
          { text: "One", key: true },
          { text: "Một", key: true, feedback: "Đúng" },
        ],
      ],
      ["short_answer", []],
    ]);
    expect(problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [
        7,
        "error",
        "Đáp án “One” được 50% số điểm trong Moodle; câu trả lời ngắn ở đây chỉ đúng hoặc sai, hãy đặt đáp án này 100% hoặc bỏ nó đi",
      ],
    ]);
  });

  it("reads numerical answers with their tolerance, a range as its middle", () => {
    const text = [
      "Một? {#1.5:0.1}",
      "",
      "Hai? {#=1.5:0.1 =2}",
      "",
      "Ba? {#1..2}",
      "",
      "Bốn? {#=%50%1.4}",
    ];
    const { value, problems } = parseGift(text.join("\n"), FILE);
    expect(value.questions.map((q) => [q.kind, q.answers])).toEqual([
      ["short_answer", [{ text: "1.5", key: true, tolerance: 0.1 }]],
      [
        "short_answer",
        [
          { text: "1.5", key: true, tolerance: 0.1 },
          { text: "2", key: true },
        ],
      ],
      ["short_answer", [{ text: "1.5", key: true, tolerance: 0.5 }]],
      ["short_answer", []],
    ]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [
        7,
        "Đáp án “1.4” được 50% số điểm trong Moodle; câu trả lời ngắn ở đây chỉ đúng hoặc sai, hãy đặt đáp án này 100% hoặc bỏ nó đi",
      ],
    ]);
  });

  it("hints at escaping when the braces read as short answer were code before the real answers", () => {
    const { problems } = parseGift("Hàm main() { return 0; } trả về gì? {=0 ~1}", FILE);
    expect(problems.map((p) => p.message)).toEqual([
      "Bỏ qua câu hỏi dạng trả lời ngắn vì chưa được hỗ trợ; nếu cặp ngoặc “{…}” đầu tiên là mã nguồn chứ không phải phần đáp án, hãy viết “\\{” và “\\}”",
    ]);
  });

  it("warns for sounds and videos as such, and for each picture once", () => {
    const text = [
      '[html]Nghe <audio src="bai1.mp3"></audio>, xem <a href="http://x.vn/phim.mp4">phim</a>, nhìn <img src="a.png"> và <img src="a.png"> {=Có ~Không}',
    ].join("\n");
    const { value, problems } = parseGift(text, FILE);
    expect(value.questions[0]?.text).toBe("Nghe , xem phim, nhìn và");
    expect(problems.map((p) => p.message)).toEqual([
      "Âm thanh “bai1.mp3” chưa được hỗ trợ nên không được nhập",
      "Video “http://x.vn/phim.mp4” chưa được hỗ trợ nên không được nhập",
      "Ảnh “a.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
    ]);
  });

  it("reports broken questions and skips unsupported types with warnings", () => {
    const text = [
      "::khong-dap-an::Câu hỏi không có đáp án đúng? {~a ~b ~c}", // 1
      "",
      "::trung::Thủ đô của Việt Nam? {=Hà Nội ~hà  nội ~Huế}", // 3
      "",
      "::rong::{=a ~b}", // 5
      "",
      "::tra-loi-ngan::Thủ đô của Pháp? {=Paris =paris}", // 7
      "",
      "::so::Số pi bằng bao nhiêu? {#3.14:0.01}", // 9
      "",
      "::ghep::Ghép ngôn ngữ với năm ra đời. {=C -> 1972 =Java -> 1995 =Python -> 1991}", // 11
      "",
      "::tu-luan::Trình bày khái niệm con trỏ. {}", // 13
      "",
      "::thieu-ngoac::Câu hỏi thiếu ngoặc đóng {=a ~b", // 15
      "~c",
      "",
      "::trong-so::Trọng số sai? {~%abc%a ~%100%b}", // 18
      "",
      "Đoạn văn giới thiệu, không có câu hỏi.", // 20
      "",
      "::la::Lạ? {abc}", // 22
    ].join("\n");
    const error = (line: number, question: number | undefined, message: string) => ({
      file: FILE,
      line,
      ...(question === undefined ? {} : { question }),
      message,
      severity: "error",
    });
    const warning = (line: number, message: string) => ({
      file: FILE,
      line,
      message,
      severity: "warning",
    });
    const { value, problems } = parseGift(text, FILE);
    expect(value.questions.map((question) => question.id)).toEqual([
      "khong-dap-an",
      "trung",
      "rong",
      "tra-loi-ngan",
      "so",
      "trong-so",
      "la",
    ]);
    expect(problems).toEqual([
      error(1, 1, "Câu hỏi không có đáp án đúng"),
      error(3, 2, "Phương án B trùng với phương án A"),
      error(5, 3, "Câu hỏi không có nội dung"),
      warning(11, "Bỏ qua câu hỏi dạng ghép đôi vì chưa được hỗ trợ"),
      warning(13, "Bỏ qua câu hỏi dạng tự luận vì chưa được hỗ trợ"),
      error(15, undefined, "Thiếu dấu “}” đóng phần đáp án"),
      error(18, 6, "Trọng số “%abc%” không hợp lệ"),
      warning(20, "Bỏ qua câu hỏi dạng đoạn mô tả (không có phần đáp án {…}) vì chưa được hỗ trợ"),
    ]);
  });

  it("drops images from [html] questions with a warning", () => {
    const text = '[html]<p>Sơ đồ sau có mấy nút?</p><img src\\="@@PLUGINFILE@@/cay.png"> {=3 ~4}';
    const { value, problems } = parseGift(text, FILE);
    expect(value.questions[0]?.text).toBe("Sơ đồ sau có mấy nút?");
    expect(problems).toEqual([
      {
        file: FILE,
        line: 1,
        question: 1,
        message: "Ảnh “@@PLUGINFILE@@/cay.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
        severity: "warning",
      },
    ]);
  });

  it("converts [html] question text, answers and feedback", () => {
    const text =
      "[html]<p>Dòng một<br>Dòng &amp; hai</p><div>Ba <em>nhấn</em></div> {=<b>x</b> ~y ####<p>Giải&nbsp;thích</p>}";
    expect(parseGift(text, FILE).value.questions[0]).toEqual({
      text: "Dòng một\nDòng & hai\nBa nhấn",
      answers: answers(["x", "y"], [0]),
      explanation: "Giải thích",
      line: 1,
    });
  });
});

describe("parseGift: text shown as written", () => {
  it("honours [plain], [moodle] and [html] markers on answers and feedback", () => {
    const text =
      "Màu trời?{~[plain]blue =[moodle]Nunca. ~[html]<i>xanh</i> ####[html]<p>Trời <b>xanh</b></p>}";
    expect(parseGift(text, FILE).value.questions[0]).toEqual({
      text: "Màu trời?",
      answers: answers(["blue", "Nunca.", "xanh"], [1]),
      explanation: "Trời xanh",
      line: 1,
    });
  });

  it("renders markup in the default format as Moodle would, keeping “<stdio.h>” as text", () => {
    const text = [
      "Chữ <b>in đậm</b> và 1 &lt; 2<br>dòng hai<!-- ghi chú <b>cũ</b> -->{=Có ~Không}",
      "",
      "Thư viện <stdio.h> có hàm nào?{=printf ~strlen}",
    ].join("\n");
    expect(parseGift(text, FILE).value.questions.map((q) => q.text)).toEqual([
      "Chữ in đậm và 1 < 2\ndòng hai",
      "Thư viện <stdio.h> có hàm nào?",
    ]);
  });

  it("warns for every image dropped, in any format that is HTML", () => {
    const text = 'Hình <img src="a.png"> và <img src="b.png">?{=Có ~Không#<img src\\="c.png">}';
    const { value, problems } = parseGift(text, FILE);
    expect(value.questions[0]?.text).toBe("Hình và ?");
    expect(problems.map((p) => p.message)).toEqual([
      "Ảnh “a.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
      "Ảnh “b.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
      "Ảnh “c.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
    ]);
  });
});

describe("parseGift: duplicate titles", () => {
  it("warns at each question and drops the shared title, so re-imports match by content", () => {
    const text = "::q::Một?{=a ~b}\n\n::q::Hai?{=c ~d}\n\n::r::Ba?{=e ~f}";
    const { value, problems } = parseGift(text, FILE);
    expect(value.questions.map((q) => q.id)).toEqual([undefined, undefined, "r"]);
    expect(problems).toEqual([
      {
        file: FILE,
        line: 1,
        question: 1,
        message:
          "Tiêu đề “q” trùng với câu ở dòng 3: khi nhập lại, câu này được nhận ra theo nội dung thay vì theo tiêu đề",
        severity: "warning",
      },
      {
        file: FILE,
        line: 3,
        question: 2,
        message:
          "Tiêu đề “q” trùng với câu ở dòng 1: khi nhập lại, câu này được nhận ra theo nội dung thay vì theo tiêu đề",
        severity: "warning",
      },
    ]);
  });
});

describe("writeGift", () => {
  it("writes any-one-key questions with “=” keys and per-answer feedback, read back identical", () => {
    const questions: BankQuestion[] = [
      {
        text: "Một mùa trong năm?",
        anyKey: true,
        answers: [
          { text: "xuân", key: true, feedback: "Đúng" },
          { text: "hạ", key: true },
          { text: "Tết", key: false, feedback: "Tết là ngày lễ" },
        ],
      },
      {
        text: "Đúng không?",
        answers: [
          { text: "Đúng", key: true },
          { text: "Sai", key: false, feedback: "Sai rồi" },
        ],
        explanation: "Vì thế.",
      },
    ];
    const { text } = writeGift(questions, []);
    expect(text).toContain("\t=xuân#Đúng\n\t=hạ\n\t~Tết#Tết là ngày lễ\n");
    expect(text).toContain("{T#Sai rồi####Vì thế.}");
    const read = parseGift(text, FILE);
    expect(read.problems).toEqual([]);
    expect(withoutLines(read.value).questions).toEqual(questions);
  });

  it("round-trips: GIFT → parse → write → parse is identical", () => {
    const first = parseGift(fixture, FILE);
    const written = writeGift(first.value.questions, first.value.chapters);
    expect(written.skipped).toEqual([]);
    const second = parseGift(written.text, "written.gift");
    expect(second.problems).toEqual([]);
    expect(withoutLines(second.value)).toEqual(withoutLines(first.value));
  });

  it("writes blank lines and “//” code lines so Moodle does not misread them", () => {
    const question: BankQuestion = {
      text: 'Chương trình in ra gì?\n```c\nint x = 1;\n\n// in x\nprintf("%d\\n", x);\n```',
      answers: answers(["1", "x", "Lỗi: thiếu {"], [0]),
    };
    const { text } = writeGift([question], []);
    expect(text).toBe(
      [
        "[markdown]Chương trình in ra gì?",
        "```c",
        "int x \\= 1;\\n\\n// in x",
        'printf("%d\\\\n", x);',
        "```",
        "{",
        "\t=1",
        "\t~x",
        "\t~Lỗi\\: thiếu \\{",
        "}",
        "",
      ].join("\n"),
    );
    expect(
      text
        .split("\n")
        .slice(0, -1)
        .every((line) => line.trim() !== ""),
    ).toBe(true);
    expect(parseGift(text, FILE).value.questions).toEqual([{ ...question, line: 1 }]);
  });

  it("writes a short answer as GIFT's short answer, or as its numerical question when it has a tolerance, read back as the same answers; skips a Đúng/Sai question of statements", () => {
    const questions: BankQuestion[] = [
      {
        kind: "short_answer",
        text: "Tỉ số bằng bao nhiêu?",
        answers: [
          { text: "0,5", key: true },
          { text: "1/2", key: true, feedback: "Viết dạng phân số." },
        ],
        explanation: "Vì 1 : 2.",
      },
      {
        kind: "true_false",
        text: "Xét các ý sau.",
        answers: answers(["Ý một", "Ý hai", "Ý ba", "Ý bốn"], [0, 2]),
      },
      {
        kind: "short_answer",
        text: "Gia tốc (m/s²)?",
        answers: [
          { text: "9,8", key: true, tolerance: 0.05 },
          { text: "-2", key: true },
        ],
      },
    ];
    const written = writeGift(questions, []);
    expect(written.skipped).toEqual([2]);
    expect(written.text).toContain("{\n\t=0,5\n\t=1/2#Viết dạng phân số.\n\t####Vì 1 \\: 2.\n}");
    expect(written.text).toContain("{#\n\t=9.8:0.05\n\t=-2\n}");
    const read = parseGift(written.text, FILE);
    expect(read.problems).toEqual([]);
    expect(withoutLines(read.value).questions).toEqual([
      questions[0],
      {
        ...questions[2],
        answers: [
          { text: "9.8", key: true, tolerance: 0.05 },
          { text: "-2", key: true },
        ],
      },
    ]);
  });

  it("shares 100% among several keys and writes true/false as {T}/{F}", () => {
    const questions: BankQuestion[] = [
      { text: "Chọn ba.", answers: answers(["a", "b", "c", "d"], [0, 1, 3]) },
      { text: "Đúng không?", answers: answers(["Đúng", "Sai"], [1]), explanation: "Vì thế." },
    ];
    expect(writeGift(questions, []).text).toBe(
      [
        "[markdown]Chọn ba.",
        "{",
        "\t~%33.33333%a",
        "\t~%33.33333%b",
        "\t~%-100%c",
        "\t~%33.33333%d",
        "}",
        "",
        "[markdown]Đúng không?",
        "{F####Vì thế.}",
        "",
      ].join("\n"),
    );
  });

  it("skips questions with fewer than two answers, which GIFT reads as short answer", () => {
    const questions: BankQuestion[] = [
      { text: "Một phương án?", answers: answers(["a"], [0]) },
      { text: "Hai phương án?", answers: answers(["a", "b"], [0]) },
    ];
    expect(writeGift(questions, []).skipped).toEqual([1]);
  });

  it("declares every chapter first when first use would reorder them", () => {
    const chapters = [{ title: "Mảng" }, { title: "Con trỏ/Bộ nhớ" }, { title: "Chưa dùng" }];
    const questions: BankQuestion[] = [
      { chapter: 1, text: "Hỏi 1?", answers: answers(["a", "b"], [0]) },
      { chapter: 0, text: "Hỏi 2?", answers: answers(["a", "b"], [1]) },
    ];
    const { text } = writeGift(questions, chapters);
    expect(text.split("\n").filter((line) => line.startsWith("$CATEGORY"))).toEqual([
      "$CATEGORY: $course$/top/Mảng",
      "$CATEGORY: $course$/top/Con trỏ//Bộ nhớ",
      "$CATEGORY: $course$/top/Chưa dùng",
      "$CATEGORY: $course$/top/Con trỏ//Bộ nhớ",
      "$CATEGORY: $course$/top/Mảng",
    ]);
    expect(withoutLines(parseGift(text, FILE).value)).toEqual({ chapters, questions });
  });

  it("declares every chapter first when the skipped Đúng/Sai statements would leave one empty", () => {
    const chapters = [{ title: "Phần I" }, { title: "Phần II" }, { title: "Phần III" }];
    const questions: BankQuestion[] = [
      { chapter: 0, text: "Hỏi 1?", answers: answers(["a", "b"], [0]) },
      { chapter: 1, text: "Các ý:", kind: "true_false", answers: answers(["x", "y"], [0]) },
      { chapter: 2, text: "Hỏi 3?", answers: answers(["a", "b"], [1]) },
    ];
    const { text, skipped } = writeGift(questions, chapters);
    expect(skipped).toEqual([2]);
    const read = parseGift(text, FILE).value;
    expect(read.chapters).toEqual(chapters);
    expect(read.questions.map((question) => question.chapter)).toEqual([0, 2]);
  });
});
