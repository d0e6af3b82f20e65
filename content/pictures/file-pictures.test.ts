import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pictureHashesIn } from "#base/pictures.ts";
import { parseQuestionText } from "../parse-own-text.ts";
import { readFileText } from "../read-file-text.ts";

/** A small PNG of one colour: a different colour is a different picture. */
async function png(colour: string, width = 40, height = 30): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return bytes.toString("base64");
}

const encode = (text: string) => new TextEncoder().encode(text);

/** The file as the editor and `npm run import` read it, then the text as both parse it. */
async function readAndParse(text: string, fileName: string) {
  const read = await readFileText(encode(text), fileName);
  const parsed = parseQuestionText({ text: read.text!, fileName, pictures: read.pictures });
  return { read, parsed };
}

const HASH = /^[0-9a-f]{32}$/u;

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split("\n").length;
}

describe("a Moodle XML file's pictures", () => {
  it("carries two pictures of a question's text, one of an answer and one of a feedback, each its element's own", async () => {
    const [red, green, blue, grey] = await Promise.all(
      ["#cc0000", "#00aa00", "#0000cc", "#777777"].map((colour) => png(colour)),
    );
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      "<quiz>",
      '  <question type="multichoice">',
      '    <questiontext format="html">',
      '      <text><![CDATA[<p>So sánh <img src="@@PLUGINFILE@@/a.png" alt="Hình [đỏ]"> với</p><p><img src="@@PLUGINFILE@@/hinh%20hai.png" alt="Hình xanh"></p>]]></text>',
      `      <file name="a.png" path="/" encoding="base64">${red}</file>`,
      `      <file name="hinh hai.png" path="/" encoding="base64">${green}</file>`,
      "    </questiontext>",
      '    <answer fraction="100" format="html">',
      // The answer's own a.png, not the question's: Moodle keeps each element's files apart.
      '      <text><![CDATA[<img src="@@PLUGINFILE@@/a.png" alt="Hình lam">]]></text>',
      `      <file name="a.png" path="/" encoding="base64">${blue}</file>`,
      '      <feedback format="html">',
      '        <text><![CDATA[Đúng, xem <img src="@@PLUGINFILE@@/giai.png" alt="">]]></text>',
      `        <file name="giai.png" path="/" encoding="base64">${grey}</file>`,
      "      </feedback>",
      "    </answer>",
      '    <answer fraction="0" format="html"><text>Không hình nào</text></answer>',
      "  </question>",
      "</quiz>",
      "",
    ].join("\n");
    const { read, parsed } = await readAndParse(xml, "de.xml");
    expect(read.notes).toEqual([]);
    expect(read.pictures).toHaveLength(4);
    const [h1, h2, h3, h4] = read.pictures.map((picture) => picture.hash);
    for (const hash of [h1, h2, h3, h4]) expect(hash).toMatch(HASH);
    expect(new Set([h1, h2, h3, h4]).size).toBe(4);
    // The text the student edits: no bytes, every line where it was, the same Moodle XML.
    for (const base64 of [red, green, blue, grey]) expect(read.text).not.toContain(base64);
    expect(read.text).not.toContain("<file");
    expect(read.text!.split("\n")).toHaveLength(xml.split("\n").length);
    expect(read.text).toContain(`<img src="picture:${h1}" alt="Hình [đỏ]">`);
    // What the server looks up among the student's pictures before each preview and save.
    expect(pictureHashesIn(read.text!).sort()).toEqual([h1, h2, h3, h4].sort());
    expect(parsed.problems).toEqual([]);
    expect(parsed.parsed?.questions[0]).toMatchObject({
      text: `So sánh ![Hình đỏ](picture:${h1}) với\n![Hình xanh](picture:${h2})`,
      answers: [
        {
          text: `![Hình lam](picture:${h3})`,
          key: true,
          feedback: `Đúng, xem ![](picture:${h4})`,
        },
        { text: "Không hình nào", key: false },
      ],
    });
  });

  it("reads the committed fixture of three questions with pictures", async () => {
    const fixture = readFileSync(
      new URL("../../tests/fixtures/pictures/de-moodle-co-hinh.xml", import.meta.url),
    );
    const read = await readFileText(fixture, "de-moodle-co-hinh.xml");
    const parsed = parseQuestionText({
      text: read.text!,
      fileName: "de.xml",
      pictures: read.pictures,
    });
    expect(read.notes).toEqual([]);
    expect(parsed.problems).toEqual([]);
    // Six drawings; the circuit shown twice (question and general feedback) is stored once.
    expect(read.pictures).toHaveLength(6);
    const questions = parsed.parsed!.questions;
    expect(questions).toHaveLength(3);
    expect(questions[1]!.answers.map((answer) => answer.text)).toEqual([
      expect.stringMatching(/^!\[Parabol quay bề lõm lên\]\(picture:[0-9a-f]{32}\)$/u),
      expect.stringMatching(/^!\[Parabol quay bề lõm xuống\]\(picture:[0-9a-f]{32}\)$/u),
      "Cả hai đồ thị",
    ]);
    expect(read.text!.length).toBeLessThan(fixture.length / 2);
  });

  it("says where a picture's <file> is missing from its element, an error at its line", async () => {
    const xml = [
      "<quiz>",
      '  <question type="multichoice">',
      '    <questiontext format="html">',
      "      <text><![CDATA[<p>Hình đây:</p>",
      '<p><img src="@@PLUGINFILE@@/khong-co.png" alt="Hình"></p>]]></text>',
      `      <file name="cua-cau-hoi.png" path="/" encoding="base64">${await png("#123456")}</file>`,
      "    </questiontext>",
      '    <answer fraction="100" format="html">',
      '      <text><![CDATA[Hình này <img src="@@PLUGINFILE@@/cua-cau-hoi.png">]]></text>',
      "    </answer>",
      '    <answer fraction="0"><text>Không</text></answer>',
      "  </question>",
      "</quiz>",
    ].join("\n");
    const { read, parsed } = await readAndParse(xml, "de.xml");
    expect(read.notes).toEqual([]);
    expect(parsed.problems).toEqual([
      {
        file: "",
        line: 2,
        question: 1,
        // Attached to the question's text but shown by none of it: Moodle shows nothing either.
        message: "Ảnh “cua-cau-hoi.png” chưa được hỗ trợ nên đã bị bỏ khỏi câu hỏi",
        severity: "warning",
      },
      {
        file: "",
        line: 5,
        question: 1,
        message:
          'Không tìm thấy ảnh “khong-co.png” trong tệp: Moodle XML phải có thẻ <file name="khong-co.png"> ngay trong phần dùng ảnh; hãy xuất lại từ Moodle hoặc chèn lại ảnh',
        severity: "error",
      },
      {
        file: "",
        line: 9,
        question: 1,
        message: expect.stringContaining("Không tìm thấy ảnh “cua-cau-hoi.png” trong tệp"),
        severity: "error",
      },
    ]);
  });

  it("says why a picture cannot be stored, at its line, and the text no longer shows it", async () => {
    const xml = [
      "<quiz>",
      '  <question type="multichoice">',
      '    <questiontext format="html">',
      '      <text><![CDATA[Hình <img src="@@PLUGINFILE@@/hong.png" alt="Hỏng">?]]></text>',
      `      <file name="hong.png" path="/" encoding="base64">${Buffer.from("<html>không phải ảnh</html>").toString("base64")}</file>`,
      "    </questiontext>",
      '    <answer fraction="100"><text>Có</text></answer>',
      '    <answer fraction="0"><text>Không</text></answer>',
      "  </question>",
      "</quiz>",
    ].join("\n");
    const { read, parsed } = await readAndParse(xml, "de.xml");
    expect(read.notes).toEqual([
      {
        file: "de.xml",
        line: 4,
        message:
          "Ảnh “hong.png” không phải là ảnh PNG, JPEG, GIF, WebP, BMP hoặc TIFF nên không đưa vào được",
        severity: "error",
      },
    ]);
    expect(read.pictures).toEqual([]);
    expect(read.text).toContain('<img src="" alt="Hỏng">');
    expect(read.text).not.toContain("<file");
    expect(parsed.parsed?.questions[0]?.text).toBe("Hình ?");
  });

  it("carries a data: picture of HTML written with entities, and keeps a sound's warning without its bytes", async () => {
    const picture = await png("#aa5500");
    const sound = Buffer.from("ID3 a sound").toString("base64");
    const xml = [
      "<quiz>",
      '  <question type="multichoice">',
      '    <questiontext format="html">',
      `      <text>&lt;p&gt;Nghe &amp;amp; xem &lt;img alt=&quot;Bản đồ&quot; src=&quot;data:image/png;base64,${picture}&quot;&gt; &lt;audio src=&quot;@@PLUGINFILE@@/bai.mp3&quot;&gt;&lt;/audio&gt;&lt;/p&gt;</text>`,
      `      <file name="bai.mp3" path="/" encoding="base64">${sound}</file>`,
      "    </questiontext>",
      '    <answer fraction="100"><text>Có</text></answer>',
      '    <answer fraction="0"><text>Không</text></answer>',
      "  </question>",
      "</quiz>",
    ].join("\n");
    const { read, parsed } = await readAndParse(xml, "de.xml");
    expect(read.notes).toEqual([]);
    const [hash] = read.pictures.map((p) => p.hash);
    expect(read.text).not.toContain(picture);
    expect(read.text).not.toContain(sound);
    expect(read.text).toContain('<file name="bai.mp3" path="/" encoding="base64"></file>');
    expect(parsed.parsed?.questions[0]?.text).toBe(`Nghe & xem ![Bản đồ](picture:${hash})`);
    expect(parsed.problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [2, "warning", "Âm thanh “@@PLUGINFILE@@/bai.mp3” chưa được hỗ trợ nên không được nhập"],
    ]);
  });

  it("leaves a Moodle XML pasted with its <file>s as it is, and says how to bring its picture", () => {
    const xml = [
      "<quiz>",
      '  <question type="multichoice">',
      '    <questiontext format="html"><text><![CDATA[Hình <img src="@@PLUGINFILE@@/a.png">]]></text>',
      '      <file name="a.png" path="/" encoding="base64">iVBORw0KGgo=</file>',
      "    </questiontext>",
      '    <answer fraction="100"><text>Có</text></answer>',
      '    <answer fraction="0"><text>Không</text></answer>',
      "  </question>",
      "</quiz>",
    ].join("\n");
    expect(parseQuestionText({ text: xml, pictures: [] }).problems).toEqual([
      {
        file: "",
        line: 3,
        question: 1,
        message:
          "Ảnh “a.png” nằm trong nội dung XML được dán vào nên chưa được lưu: hãy kéo thả chính tệp .xml vào ô soạn đề",
        severity: "error",
      },
    ]);
  });
});

describe("a GIFT file's data: pictures", () => {
  it("carries each, in the question and in an answer, GIFT's escapes read", async () => {
    const question = await png("#005577");
    const answer = await png("#775500");
    const escaped = (base64: string) => base64.replaceAll("=", "\\=");
    const gift = [
      '::hinh::[html]<p>Hình nào?</p><img src\\="data\\:image/png;base64,' +
        `${escaped(question)}" alt\\="Câu hỏi">`,
      "{",
      `\t=<img src\\="data\\:image/png;base64,${escaped(answer)}" alt\\="Đáp án">`,
      "\t~Không hình nào",
      "}",
      "",
    ].join("\n");
    const { read, parsed } = await readAndParse(gift, "de.gift");
    expect(read.notes).toEqual([]);
    const [h1, h2] = read.pictures.map((picture) => picture.hash);
    expect(read.text).not.toContain("base64");
    expect(read.text!.split("\n")).toHaveLength(gift.split("\n").length);
    expect(pictureHashesIn(read.text!)).toEqual([h1, h2]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.parsed?.questions[0]).toMatchObject({
      id: "hinh",
      text: `Hình nào?\n![Câu hỏi](picture:${h1})`,
      answers: [
        { text: `![Đáp án](picture:${h2})`, key: true },
        { text: "Không hình nào", key: false },
      ],
    });
  });
});

describe("a JSON bank's base64 pictures", () => {
  it("are stored and named by hash in the text the editor shows, without their bytes", async () => {
    const base64 = await png("#336699", 60, 40);
    const bank = {
      subject: { code: "vat-ly", name: "Vật lý", description: "", keywords: [] },
      practices: [
        {
          code: "p",
          title: "Mạch",
          description: "",
          questions: [
            {
              text: "Điện trở ![Mạch](picture:mach-1) bằng?",
              answers: [
                { text: "2 Ω", key: true, feedback: "Xem lại ![](picture:mach-1)" },
                { text: "3 Ω", key: false },
              ],
              explanation: "Giải thích ![Hỏng](picture:hong)",
            },
          ],
        },
      ],
      pictures: {
        "mach-1": { base64 },
        hong: { base64: Buffer.from("không phải ảnh").toString("base64") },
      },
    };
    const text = JSON.stringify(bank, null, 2);
    const { read, parsed } = await readAndParse(text, "de.json");
    const [hash] = read.pictures.map((picture) => picture.hash);
    expect(read.pictures).toHaveLength(1);
    expect(read.text).not.toContain(base64);
    expect(read.text).not.toContain('"pictures"');
    expect(read.notes).toEqual([
      {
        file: "de.json",
        line: lineOf(read.text!, '"explanation"'),
        message:
          "Ảnh “hong” không phải là ảnh PNG, JPEG, GIF, WebP, BMP hoặc TIFF nên không đưa vào được",
        severity: "error",
      },
    ]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.parsed?.questions[0]).toMatchObject({
      text: `Điện trở ![Mạch](picture:${hash}) bằng?`,
      answers: [
        { text: "2 Ω", key: true, feedback: `Xem lại ![](picture:${hash})` },
        { text: "3 Ω", key: false },
      ],
      explanation: "Giải thích ",
    });
  });

  it("leaves a JSON without base64 pictures as it was, byte for byte", async () => {
    const text = '{"subject": {"code": "a"}, "pictures": {"x": {"file": "pictures/x.svg"}}}';
    expect((await readFileText(encode(text), "bank.json")).text).toBe(text);
    // A name the bank format refuses is left for the parse to refuse, not stored.
    const badName = `{"pictures": {"ảnh 1": {"base64": "${await png("#000000")}"}}}`;
    expect(await readFileText(encode(badName), "bank.json")).toMatchObject({
      text: badName,
      pictures: [],
    });
  });
});
