import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMoodleXml } from "./moodle-xml.ts";
import type { BankQuestion } from "./types.ts";

const FILE = "co-so-du-lieu.xml";
const fixture = readFileSync(
  new URL(`../../tests/fixtures/banks/${FILE}`, import.meta.url),
  "utf8",
);

function answers(texts: string[], keys: number[]): BankQuestion["answers"] {
  return texts.map((text, index) => ({ text, key: keys.includes(index) }));
}

function quiz(...questions: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join("\n")}\n</quiz>\n`;
}

function multichoice(text: string, answerXml: string, type = "multichoice"): string {
  return [
    `  <question type="${type}">`,
    `    <questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>`,
    `    ${answerXml}`,
    "  </question>",
  ].join("\n");
}

const TWO_ANSWERS =
  '<answer fraction="100"><text>Có</text></answer><answer fraction="0"><text>Không</text></answer>';

describe("parseMoodleXml", () => {
  it("reads a good export: categories, HTML and code, several keys, true/false, six answers", () => {
    const { value, problems } = parseMoodleXml(fixture, FILE);
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([
      { title: "SQL cơ bản", description: "SELECT, WHERE, ORDER BY" },
      { title: "Chuẩn hoá" },
    ]);
    expect(value.questions).toEqual([
      {
        id: "csdl-having",
        chapter: 0,
        text: [
          "Mệnh đề nào lọc các nhóm sau khi `GROUP BY`?",
          "```sql",
          "SELECT ma_lop, COUNT(*)",
          "FROM sinh_vien",
          "GROUP BY ma_lop",
          "  ... COUNT(*) > 30;",
          "```",
        ].join("\n"),
        answers: [
          { text: "`WHERE`", key: false },
          { text: "`HAVING`", key: true, feedback: "Đúng rồi!" },
          { text: "`ORDER BY`", key: false },
          { text: "`LIMIT`", key: false },
        ],
        explanation: "`WHERE` lọc từng dòng trước khi nhóm;\n`HAVING` lọc nhóm.",
        line: 14,
      },
      {
        chapter: 0,
        text: "Những hàm nào sau đây là hàm gộp (aggregate) trong SQL?",
        answers: answers(["`COUNT`", "`UPPER`", "`AVG`", "`COALESCE`"], [0, 2]),
        line: 52,
      },
      {
        chapter: 1,
        text: "Mọi lược đồ quan hệ ở dạng chuẩn BCNF cũng ở dạng chuẩn 3 (3NF).",
        answers: answers(["Đúng", "Sai"], [0]),
        explanation: "BCNF chặt hơn 3NF.",
        line: 83,
      },
      {
        chapter: 1,
        text: "Quan hệ R(A, B, C) với phụ thuộc hàm A → B, B → C đạt dạng chuẩn cao nhất nào?",
        answers: answers(["1NF", "2NF", "3NF", "BCNF", "4NF", "Không ở dạng chuẩn nào"], [1]),
        line: 101,
      },
    ]);
  });

  it("reports malformed XML once, at the parser's line", () => {
    const broken = fixture.replace("</questiontext>", "</questiontex>");
    expect(parseMoodleXml(broken, FILE)).toEqual({
      value: { chapters: [], questions: [] },
      problems: [
        {
          file: FILE,
          line: 24,
          message:
            "Tệp XML bị lỗi cú pháp: Expected closing tag 'questiontext' (opened in line 18, col 5) instead of closing tag 'questiontex'.",
          severity: "error",
        },
      ],
    });
  });

  it("refuses XML that is not a Moodle quiz", () => {
    expect(parseMoodleXml("<html><body>Xin chào</body></html>", FILE).problems).toEqual([
      { file: FILE, line: 1, message: "Tệp XML không có thẻ <quiz> của Moodle", severity: "error" },
    ]);
  });

  it("skips other question types with a warning", () => {
    const text = quiz(
      multichoice("Mô tả.", "", "description"),
      multichoice("Trình bày khái niệm khoá ngoại.", "", "essay"),
      multichoice("Ghép.", "", "match"),
      multichoice("Kéo thả.", "", "ddwtos"),
      multichoice("Câu được giữ lại?", TWO_ANSWERS),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(value.questions.map((question) => question.text)).toEqual(["Câu được giữ lại?"]);
    expect(problems).toEqual([
      {
        file: FILE,
        line: 3,
        message: "Bỏ qua câu hỏi dạng đoạn mô tả vì chưa được hỗ trợ",
        severity: "warning",
      },
      {
        file: FILE,
        line: 7,
        message: "Bỏ qua câu hỏi dạng tự luận vì chưa được hỗ trợ",
        severity: "warning",
      },
      {
        file: FILE,
        line: 11,
        message: "Bỏ qua câu hỏi dạng ghép đôi vì chưa được hỗ trợ",
        severity: "warning",
      },
      {
        file: FILE,
        line: 15,
        message: "Bỏ qua câu hỏi dạng kéo thả vào văn bản vì chưa được hỗ trợ",
        severity: "warning",
      },
    ]);
  });

  it("refuses a picture whose <file> is not in its element, and warns for an attached one nothing shows", () => {
    const text = quiz(
      multichoice(
        'Sơ đồ ER sau có mấy thực thể?<img src="@@PLUGINFILE@@/er.png" alt="ER">',
        TWO_ANSWERS,
      ),
      [
        '  <question type="multichoice">',
        '    <questiontext format="html"><text>Hình nào đúng?</text>',
        '      <file name="a.png" path="/" encoding="base64">iVBORw0KGgo=</file>',
        "    </questiontext>",
        `    ${TWO_ANSWERS}`,
        "  </question>",
      ].join("\n"),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(value.questions.map((question) => question.text)).toEqual([
      "Sơ đồ ER sau có mấy thực thể?",
      "Hình nào đúng?",
    ]);
    expect(problems).toEqual([
      {
        file: FILE,
        line: 4,
        question: 1,
        message:
          'Không tìm thấy ảnh “er.png” trong tệp: Moodle XML phải có thẻ <file name="er.png"> ngay trong phần dùng ảnh; hãy xuất lại từ Moodle hoặc chèn lại ảnh',
        severity: "error",
      },
      {
        file: FILE,
        line: 7,
        question: 2,
        message: "Ảnh “a.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
        severity: "warning",
      },
    ]);
  });

  it('reads a stored picture, <img src="picture:<hash>">, as the picture where it stood', () => {
    const hash = "0123456789abcdef0123456789abcdef";
    const text = quiz(
      multichoice(
        `<p>Mạch nào?</p><p><img src="picture:${hash}" alt="Mạch [RC]" width="300"> bên trái</p>`,
        `<answer fraction="100"><text><![CDATA[<img src="picture:${hash}" alt="">]]></text></answer><answer fraction="0"><text>Không</text></answer>`,
      ),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(problems).toEqual([]);
    expect(value.questions[0]).toMatchObject({
      text: `Mạch nào?\n![Mạch RC](picture:${hash}) bên trái`,
      answers: answers([`![](picture:${hash})`, "Không"], [0]),
    });
  });

  it("validates what it reads", () => {
    const text = quiz(
      multichoice(
        "Không có đáp án đúng?",
        '<answer fraction="0"><text>a</text></answer><answer fraction="0"><text>b</text></answer>',
      ),
      multichoice(
        "Trùng?",
        '<answer fraction="100"><text>&lt;p&gt;SELECT&lt;/p&gt;</text></answer><answer fraction="0"><text>select</text></answer>',
      ),
      multichoice("", TWO_ANSWERS),
    );
    expect(parseMoodleXml(text, FILE).problems).toEqual([
      {
        file: FILE,
        line: 3,
        question: 1,
        message: "Câu hỏi không có đáp án đúng",
        severity: "error",
      },
      {
        file: FILE,
        line: 7,
        question: 2,
        message: "Phương án B trùng với phương án A",
        severity: "error",
      },
      {
        file: FILE,
        line: 11,
        question: 3,
        message: "Câu hỏi không có nội dung",
        severity: "error",
      },
    ]);
  });

  it("keeps plain-text and markdown fields as written", () => {
    const text = quiz(
      [
        '  <question type="multichoice">',
        '    <questiontext format="markdown"><text>Gi&#225; tr&#x1ECB; của `1 &lt; 2`?</text></questiontext>',
        '    <answer fraction="100" format="plain_text"><text>&lt;true&gt;</text></answer>',
        '    <answer fraction="0" format="plain_text"><text>false</text></answer>',
        "  </question>",
      ].join("\n"),
    );
    expect(parseMoodleXml(text, FILE).value.questions[0]).toMatchObject({
      text: "Giá trị của `1 < 2`?",
      answers: answers(["<true>", "false"], [0]),
    });
  });
});

describe("parseMoodleXml: hostile XML ends in one located error, never an exception", () => {
  const question =
    '<question type="multichoice"><questiontext><text>&lol9;</text></questiontext>' +
    '<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>';
  const billionLaughs = [
    '<?xml version="1.0"?>',
    "<!DOCTYPE quiz [",
    '  <!ENTITY lol "lol">',
    ...Array.from(
      { length: 9 },
      (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
    ),
    "]>",
    `<quiz>${question}</quiz>`,
  ].join("\n");
  const refused =
    "Tệp XML có khai báo DOCTYPE với thực thể (<!ENTITY>) hoặc DTD ngoài; Moodle không xuất như vậy nên tệp bị từ chối";
  const cases: [string, string, number, string][] = [
    ["billion laughs (quadratic blow-up)", billionLaughs, 2, refused],
    [
      "more than 1,000 entities",
      `<!DOCTYPE quiz [${Array.from({ length: 1500 }, (_, i) => `<!ENTITY e${i} "x">`).join("")}]><quiz/>`,
      1,
      refused,
    ],
    [
      "an external entity to file://",
      '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<quiz>&x;</quiz>',
      2,
      refused,
    ],
    [
      "an external entity to http://",
      '<!DOCTYPE quiz [<!ENTITY x SYSTEM "http://example.com/x">]><quiz>&x;</quiz>',
      1,
      refused,
    ],
    ["an external DTD", '<!DOCTYPE quiz SYSTEM "http://example.com/quiz.dtd"><quiz/>', 1, refused],
    ["a parameter entity", '<!DOCTYPE quiz [<!ENTITY % p "x"> %p;]><quiz/>', 1, refused],
    [
      "a 50 KB entity",
      `<!DOCTYPE quiz [<!ENTITY e "${"x".repeat(50_000)}">]><quiz>&e;</quiz>`,
      1,
      refused,
    ],
    [
      "200,000-deep nesting",
      `<quiz>${"<a>".repeat(200_000)}${"</a>".repeat(200_000)}</quiz>`,
      1,
      "Tệp XML không đọc được: Maximum nested tags exceeded",
    ],
  ];
  it.each(cases)("%s", (_name, text, line, message) => {
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(problems).toEqual([{ file: FILE, line, message, severity: "error" }]);
    expect(value.questions).toEqual([]);
  });

  it("still reads a DOCTYPE without entities", () => {
    const text = `<?xml version="1.0"?>\n<!DOCTYPE quiz>\n<quiz>${multichoice("Có không?", TWO_ANSWERS)}</quiz>`;
    expect(parseMoodleXml(text, FILE).problems).toEqual([]);
  });
});

describe("parseMoodleXml: text shown as written", () => {
  it("warns for Moodle 1.x's <image> and <image_base64>, which are dropped", () => {
    const text = quiz(
      [
        '  <question type="multichoice">',
        '    <questiontext format="html"><text>Hình nào?</text></questiontext>',
        "    <image>hinh/cay.png</image>",
        `    ${TWO_ANSWERS}`,
        "  </question>",
      ].join("\n"),
    );
    expect(parseMoodleXml(text, FILE).problems).toEqual([
      {
        file: FILE,
        line: 3,
        question: 1,
        message: "Ảnh “hinh/cay.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
        severity: "warning",
      },
    ]);
  });

  it("warns once for every image dropped, in answers and feedback too", () => {
    const text = quiz(
      multichoice(
        'Hai hình <img src="a.png"> và <img src="b.png">',
        '<answer fraction="100"><text><![CDATA[<img src="c.png"> Có]]></text></answer><answer fraction="0"><text>Không</text></answer>',
      ),
    );
    expect(parseMoodleXml(text, FILE).problems.map((p) => p.message)).toEqual([
      "Ảnh “a.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
      "Ảnh “b.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
      "Ảnh “c.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
    ]);
  });

  it("gives two questions sharing an <idnumber> no id, with a warning each", () => {
    const withId = (id: string, text: string) =>
      multichoice(text, TWO_ANSWERS).replace(
        "  </question>",
        `    <idnumber>${id}</idnumber>\n  </question>`,
      );
    const { value, problems } = parseMoodleXml(
      quiz(withId("q1", "Một?"), withId("q1", "Hai?")),
      FILE,
    );
    expect(value.questions.map((q) => q.id)).toEqual([undefined, undefined]);
    expect(problems.map((p) => [p.severity, p.line])).toEqual([
      ["warning", 3],
      ["warning", 8],
    ]);
  });
});

describe("parseMoodleXml reads what Moodle reads", () => {
  const fourAnswers = [
    '<answer fraction="50"><text>2</text></answer>',
    '<answer fraction="50"><text>3</text></answer>',
    '<answer fraction="-100"><text>4</text></answer>',
    '<answer fraction="0"><text>6</text></answer>',
  ].join("");
  const withSingle = (single: string) =>
    multichoice("Số nguyên tố nào?", `<single>${single}</single>${fourAnswers}`);

  it("<single>0</single> is a multiple-answer question, as Moodle's trans_single reads it", () => {
    for (const single of ["0", "false", ""]) {
      const { value, problems } = parseMoodleXml(quiz(withSingle(single)), FILE);
      expect(problems).toEqual([]);
      expect(value.questions[0]?.answers).toEqual(answers(["2", "3", "4", "6"], [0, 1]));
      expect(value.questions[0]?.anyKey).toBeUndefined();
    }
  });

  it("<single>1</single> and <single>true</single> are single choice", () => {
    const both100 = multichoice(
      "Số chẵn nào?",
      '<single>1</single><answer fraction="100"><text>2</text></answer><answer fraction="100"><text>4</text></answer><answer fraction="0"><text>5</text></answer>',
    );
    const { value } = parseMoodleXml(
      quiz(both100, both100.replace("<single>1", "<single>true")),
      FILE,
    );
    for (const question of value.questions) {
      expect(question.answers).toEqual(answers(["2", "4", "5"], [0, 1]));
      expect(question.anyKey).toBe(true);
    }
  });

  const trueFalse = (first: [string, number], second: [string, number]) =>
    multichoice(
      "Hà Nội là thủ đô của Việt Nam.",
      `<answer fraction="${first[1]}"><text>${first[0]}</text></answer><answer fraction="${second[1]}"><text>${second[0]}</text></answer>`,
      "truefalse",
    );

  it("a truefalse whose answers are “Đúng”/“Sai” is read, its key by fraction 100", () => {
    const { value, problems } = parseMoodleXml(
      quiz(trueFalse(["Đúng", 0], ["Sai", 100]), trueFalse(["Sai", 0], ["Đúng", 100])),
      FILE,
    );
    expect(problems).toEqual([]);
    expect(value.questions.map((question) => question.answers)).toEqual([
      answers(["Đúng", "Sai"], [1]),
      answers(["Đúng", "Sai"], [0]),
    ]);
  });

  it("a truefalse with other answer texts is read in order, first true, as Moodle falls back, with a warning", () => {
    const { value, problems } = parseMoodleXml(quiz(trueFalse(["Vrai", 100], ["Faux", 0])), FILE);
    expect(value.questions[0]?.answers).toEqual(answers(["Đúng", "Sai"], [0]));
    expect(problems).toEqual([
      {
        file: FILE,
        line: 3,
        question: 1,
        message:
          "Câu đúng/sai có phương án “Vrai”, “Faux” thay vì “true”/“false”: như Moodle, phương án đầu được hiểu là “Đúng”, phương án sau là “Sai”; đáp án là “Đúng”",
        severity: "warning",
      },
    ]);
  });

  it("a question before the first category goes in the default chapter “Chung”, as Moodle files it in the default category", () => {
    const category = (name: string) =>
      `  <question type="category"><category><text>$course$/top/${name}</text></category></question>`;
    const { value, problems } = parseMoodleXml(
      quiz(
        multichoice("Trước?", TWO_ANSWERS),
        category("Chương 1"),
        multichoice("Trong chương 1?", TWO_ANSWERS),
      ),
      FILE,
    );
    expect(problems).toEqual([]);
    expect(value.chapters).toEqual([{ title: "Chung" }, { title: "Chương 1" }]);
    expect(value.questions.map((question) => question.chapter)).toEqual([0, 1]);
  });

  it("refuses a picture still attached as base64, as in a pasted XML: only the file's reader stores it", () => {
    const text = quiz(
      [
        '  <question type="multichoice">',
        '    <questiontext format="html"><text><![CDATA[Hình nào? <img src="@@PLUGINFILE@@/so%20do.png">]]></text>',
        '      <file name="so do.png" path="/" encoding="base64">iVBORw0KGgo=</file>',
        "    </questiontext>",
        `    ${TWO_ANSWERS}`,
        "  </question>",
      ].join("\n"),
    );
    expect(parseMoodleXml(text, FILE).problems.map((p) => [p.line, p.severity, p.message])).toEqual(
      [
        [
          4,
          "error",
          "Ảnh “so do.png” nằm trong nội dung XML được dán vào nên chưa được lưu: hãy kéo thả chính tệp .xml vào ô soạn đề",
        ],
      ],
    );
  });

  it("warns for audio as audio, never silently: <file>, <audio>, <source> and links to sound files", () => {
    const text = quiz(
      [
        '  <question type="multichoice">',
        '    <questiontext format="html"><text><![CDATA[Nghe <audio controls src="@@PLUGINFILE@@/bai1.mp3"></audio> và <a href="@@PLUGINFILE@@/bai2.ogg">bài 2</a> <audio><source src="bai3.wav"></audio>]]></text>',
        '      <file name="bai1.mp3" path="/" encoding="base64">SUQz</file>',
        '      <file name="bai4.m4a" path="/" encoding="base64">AAAA</file>',
        "    </questiontext>",
        `    ${TWO_ANSWERS}`,
        "  </question>",
      ].join("\n"),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(value.questions[0]?.text).toBe("Nghe và bài 2");
    expect(problems.map((p) => [p.line, p.severity, p.message])).toEqual(
      ["@@PLUGINFILE@@/bai1.mp3", "@@PLUGINFILE@@/bai2.ogg", "bai3.wav", "bai4.m4a"].map((name) => [
        3,
        "warning",
        `Âm thanh “${name}” chưa được hỗ trợ nên không được nhập`,
      ]),
    );
  });

  it("names skipped types in Vietnamese, as Moodle's export writes them", () => {
    const types = [
      ["matching", "ghép đôi"],
      ["cloze", "điền khuyết nhiều chỗ (cloze)"],
      ["multianswer", "điền khuyết nhiều chỗ (cloze)"],
      ["essay", "tự luận"],
      ["description", "đoạn mô tả"],
      ["ddwtos", "kéo thả vào văn bản"],
      ["gapselect", "chọn từ điền khuyết"],
      ["calculated", "tính toán"],
      ["random", "câu ngẫu nhiên"],
    ];
    const text = quiz(...types.map(([type]) => multichoice("Câu?", "", type)));
    expect(parseMoodleXml(text, FILE).problems.map((p) => p.message)).toEqual(
      types.map(([, name]) => `Bỏ qua câu hỏi dạng ${name} vì chưa được hỗ trợ`),
    );
  });
});

describe("parseMoodleXml, short answer and numerical (issue 27)", () => {
  const answer = (fraction: number, text: string, extra = "") =>
    `<answer fraction="${fraction}"><text>${text}</text>${extra}</answer>`;

  it("reads a short answer's 100% answers, and a numerical one's with their tolerance", () => {
    const text = quiz(
      multichoice("Thủ đô của Pháp?", answer(100, "Paris") + answer(100, "Pa-ri"), "shortanswer"),
      multichoice(
        "Tính 3 : 2.",
        answer(100, "1.5", "<tolerance>0.01</tolerance>") + answer(100, "3/2"),
        "numerical",
      ),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(value.questions.map((q) => [q.kind, q.answers])).toEqual([
      [
        "short_answer",
        [
          { text: "Paris", key: true },
          { text: "Pa-ri", key: true },
        ],
      ],
      [
        "short_answer",
        [
          { text: "1.5", key: true, tolerance: 0.01 },
          { text: "3/2", key: true },
        ],
      ],
    ]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [7, "Câu hỏi số có đáp án không phải là số"],
    ]);
  });

  it("refuses partial credit, case that matters and graded units, each with its message", () => {
    const text = quiz(
      multichoice("Một?", answer(100, "x") + answer(50, "y"), "shortanswer"),
      multichoice("Hai?", answer(100, "SQL") + "<usecase>1</usecase>", "shortanswer"),
      multichoice(
        "Ba?",
        answer(100, "9.8") +
          "<unitgradingtype>1</unitgradingtype><units><unit><multiplier>1</multiplier><unit_name>m/s2</unit_name></unit></units>",
        "numerical",
      ),
      multichoice("Bốn?", answer(100, "4") + answer(0, "5"), "shortanswer"),
    );
    const { value, problems } = parseMoodleXml(text, FILE);
    expect(problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [
        3,
        "error",
        "Đáp án “y” được 50% số điểm trong Moodle; câu trả lời ngắn ở đây chỉ đúng hoặc sai, hãy đặt đáp án này 100% hoặc bỏ nó đi",
      ],
      [
        7,
        "error",
        "Câu trả lời ngắn phân biệt chữ hoa, chữ thường (usecase = 1); ở đây chưa hỗ trợ",
      ],
      [
        11,
        "error",
        "Câu hỏi số chấm cả đơn vị (unitgradingtype khác 0); ở đây chỉ chấm con số, chưa hỗ trợ đơn vị",
      ],
      [15, "warning", "Đáp án sai “5” (0%) chỉ dùng để nhận xét trong Moodle nên không được nhập"],
    ]);
    expect(value.questions[3]?.answers).toEqual([{ text: "4", key: true }]);
  });
});
