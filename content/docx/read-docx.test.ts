import { serverVi } from "#base/i18n/vi-server.ts";
import {
  makeDocx,
  makeDocxOfBody,
  paragraphXml,
  tableXml,
  textTableXml,
} from "#tests/support/make-docx.ts";
import { describe, expect, it } from "vitest";
import { MARK, markRun } from "../formats/key-marks.ts";
import { convertLegacyText } from "../formats/legacy-vietnamese.ts";
import { readDocxText } from "./read-docx.ts";
import { parseOwnText } from "../parse-own-text.ts";
import { readFileText } from "../read-file-text.ts";

const messages = serverVi.docxProblems;

async function linesOf(docx: Promise<Buffer>): Promise<string[]> {
  const result = await readDocxText(await docx);
  expect(result.problems).toEqual([]);
  return result.value!.text.split("\n");
}

const body = (...paragraphs: string[]) => makeDocxOfBody(paragraphs.join(""));

describe("key marks from run formatting", () => {
  it("wraps underlined, coloured, bold and highlighted runs with their flags", async () => {
    const lines = await linesOf(
      makeDocx([
        [{ text: "A. Một", underline: "single" }],
        [{ text: "B. Hai", colour: "FF0000" }],
        [{ text: "C. Ba", bold: true }],
        [{ text: "D. Bốn", highlight: "yellow" }],
        [{ text: "E. Năm", underline: "single", colour: "C00000" }],
      ]),
    );
    expect(lines).toEqual([
      markRun("A. Một", MARK.underline),
      markRun("B. Hai", MARK.colour),
      markRun("C. Ba", MARK.bold),
      markRun("D. Bốn", MARK.highlight),
      markRun("E. Năm", MARK.underline | MARK.colour),
    ]);
  });

  it("does not count formatting that shows nothing: none, off, auto, the text's own colour, white shading", async () => {
    const lines = await linesOf(
      body(
        paragraphXml([{ text: "A. Một", underline: "none", highlight: "none" }]),
        paragraphXml([
          { text: "B. Hai", colour: "auto" },
          { text: " ba", colour: "000000" },
        ]),
        paragraphXml([{ xml: '<w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>C. Bốn</w:t></w:r>' }]),
        paragraphXml([
          {
            xml: '<w:r><w:rPr><w:shd w:val="clear" w:fill="FFFFFF"/></w:rPr><w:t>D. Năm</w:t></w:r>',
          },
        ]),
        paragraphXml([
          {
            xml: '<w:r><w:rPr><w:shd w:val="clear" w:fill="FFFF00"/></w:rPr><w:t>E. Sáu</w:t></w:r>',
          },
        ]),
      ),
    );
    expect(lines).toEqual([
      "A. Một",
      "B. Hai ba",
      "C. Bốn",
      "D. Năm",
      markRun("E. Sáu", MARK.highlight),
    ]);
  });

  it("ignores the paragraph mark's formatting and merges neighbouring runs with the same marks", async () => {
    const lines = await linesOf(
      body(
        paragraphXml(
          [
            { text: "B.", underline: "single" },
            { text: " " },
            { text: "Hai", underline: "single" },
            { text: " nữa" },
          ],
          '<w:rPr><w:b/><w:u w:val="single"/></w:rPr>',
        ),
      ),
    );
    expect(lines).toEqual([`${markRun("B. Hai", MARK.underline)} nữa`]);
  });

  it("reads marks through the defaults, the paragraph style chain and the run's character style", async () => {
    const styles =
      `<w:docDefaults><w:rPrDefault><w:rPr><w:color w:val="1F1F1F"/></w:rPr></w:rPrDefault></w:docDefaults>` +
      `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="Dam"><w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>` +
      `<w:style w:type="paragraph" w:styleId="DapAn"><w:basedOn w:val="Dam"/></w:style>` +
      `<w:style w:type="character" w:styleId="GachChan"><w:rPr><w:u w:val="single"/></w:rPr></w:style>`;
    const lines = await linesOf(
      makeDocxOfBody(
        paragraphXml([{ text: "A. Một" }]) +
          paragraphXml([
            { text: "B. Hai", colour: "1F1F1F" },
            { text: " đỏ", colour: "FF0000" },
          ]) +
          paragraphXml([{ text: "C. Ba" }], '<w:pStyle w:val="DapAn"/>') +
          paragraphXml([{ text: "D. Bốn", style: "GachChan" }]),
        { styles },
      ),
    );
    expect(lines).toEqual([
      "A. Một",
      `B. Hai${markRun(" đỏ", MARK.colour)}`,
      markRun("C. Ba", MARK.bold),
      markRun("D. Bốn", MARK.underline),
    ]);
  });
});

const numbering =
  `<w:abstractNum w:abstractNumId="0">` +
  `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="Câu %1:"/></w:lvl>` +
  `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%2."/></w:lvl>` +
  `</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="1">` +
  `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1."/></w:lvl>` +
  `</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="2">` +
  `<w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>` +
  `<w:lvl w:ilvl="1"><w:start w:val="3"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%2)"/></w:lvl>` +
  `</w:abstractNum>` +
  `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
  `<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>` +
  `<w:num w:numId="3"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>` +
  `<w:num w:numId="4"><w:abstractNumId w:val="2"/></w:num>`;

const listed = (text: string, numId: number, level = 0) =>
  paragraphXml(
    [{ text }],
    `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`,
  );

describe("Word's automatic numbering", () => {
  it("writes the labels Word shows: “Câu n:”, answers A–D restarted per question, deeper levels reset", async () => {
    const lines = await linesOf(
      makeDocxOfBody(
        [
          listed("Thủ đô là?", 1),
          listed("Hà Nội", 2),
          listed("Huế", 2),
          listed("Sông dài nhất?", 1),
          listed("Mê Kông", 3),
          listed("Hồng", 3),
          listed("Ý thứ nhất", 1, 1),
          listed("Ý thứ hai", 1, 1),
          listed("Câu sau", 1),
          listed("Ý lại từ A", 1, 1),
        ].join(""),
        { numbering },
      ),
    );
    expect(lines).toEqual([
      "Câu 1: Thủ đô là?",
      "A. Hà Nội",
      "B. Huế",
      "Câu 2: Sông dài nhất?",
      "A. Mê Kông",
      "B. Hồng",
      "A. Ý thứ nhất",
      "B. Ý thứ hai",
      "Câu 3: Câu sau",
      "A. Ý lại từ A",
    ]);
  });

  it("writes bullets as “- ”, roman numbers, and numbering a paragraph style carries", async () => {
    const styles = `<w:style w:type="paragraph" w:styleId="CauHoi"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>`;
    const lines = await linesOf(
      makeDocxOfBody(
        listed("gạch đầu dòng", 4) +
          listed("ba", 4, 1) +
          listed("bốn", 4, 1) +
          paragraphXml([{ text: "Theo kiểu" }], '<w:pStyle w:val="CauHoi"/>') +
          paragraphXml(
            [{ text: "Không đánh số" }],
            '<w:pStyle w:val="CauHoi"/><w:numPr><w:numId w:val="0"/></w:numPr>',
          ),
        { numbering, styles },
      ),
    );
    expect(lines).toEqual([
      "- gạch đầu dòng",
      "iii) ba",
      "iv) bốn",
      "Câu 1: Theo kiểu",
      "Không đánh số",
    ]);
  });
});

const cell = (text: string, bold = false) => paragraphXml([{ text, bold }]);

describe("tables", () => {
  it("turns a table bank into “Câu n” lines, the marks inside its cells kept", async () => {
    const lines = await linesOf(
      body(
        tableXml([
          ["STT", "Câu hỏi", "A", "B", "C", "D", "Đáp án"].map((text) => cell(text)),
          [
            cell("1"),
            cell("2 + 2 = ?"),
            cell("3"),
            cell("4", true),
            cell("5"),
            cell("6"),
            cell("B"),
          ],
          [
            cell("2"),
            cell("Thủ đô?") + cell("(một dòng nữa)"),
            cell("Huế"),
            cell("Hà Nội"),
            cell(""),
            cell(""),
            cell(""),
          ],
        ]),
      ),
    );
    expect(lines).toEqual([
      "Câu 1: 2 + 2 = ?",
      "A. 3",
      `B. ${markRun("4", MARK.bold)}`,
      "C. 5",
      "D. 6",
      "Đáp án: B",
      "",
      "Câu 2: Thủ đô? (một dòng nữa)",
      "A. Huế",
      "B. Hà Nội",
    ]);
  });

  it("reads a 2×2 answer table as answers side by side, a bold key kept", async () => {
    const lines = await linesOf(
      body(
        paragraphXml([{ text: "Câu 1: 2 + 2 = ?" }]),
        tableXml([
          [cell("A. 3"), cell("B. 4", true)],
          [cell("C. 5"), cell("D. 6")],
        ]),
      ),
    );
    expect(lines).toEqual([
      "Câu 1: 2 + 2 = ?",
      `A. 3\t${markRun("B. 4", MARK.bold)}`,
      "C. 5\tD. 6",
    ]);
  });

  it("writes a key table with a column of solutions as the key table and the solutions under it", async () => {
    const lines = await linesOf(
      body(
        textTableXml([
          ["Câu", "Đáp án", "Giải thích"],
          ["1", "B", "Hà Nội là thủ đô."],
          ["2", "a", ""],
        ]),
      ),
    );
    expect(lines).toEqual(["BẢNG ĐÁP ÁN", "1.B 2.A", "LỜI GIẢI", "Câu 1: Hà Nội là thủ đô."]);
    const questions = [
      "Câu 1: Thủ đô?",
      "A. Huế",
      "B. Hà Nội",
      "Câu 2: Hai cộng hai?",
      "A. 4",
      "B. 5",
    ];
    const bytes = await makeDocxOfBody(
      questions.map((text) => paragraphXml([{ text }])).join("") +
        textTableXml([
          ["Câu", "Đáp án", "Giải thích"],
          ["1", "B", "Hà Nội là thủ đô."],
          ["2", "A", "Vì 2 + 2 = 4."],
        ]),
    );
    const { text } = await readFileText(bytes, "de.docx");
    const { parsed, problems } = parseOwnText({ text: text!, fileName: "de.docx" });
    expect(problems).toEqual([]);
    expect(parsed?.questions.map((q) => [q.answers.map((a) => a.key), q.explanation])).toEqual([
      [[false, true], "Hà Nội là thủ đô."],
      [[true, false], "Vì 2 + 2 = 4."],
    ]);
  });

  it("writes key tables in every layout as “1.A 2.C …” lines", async () => {
    const keys = await Promise.all([
      linesOf(
        body(
          textTableXml([
            ["Câu", "1", "2", "3"],
            ["Đáp án", "A", "C", "B"],
          ]),
        ),
      ),
      linesOf(
        body(
          textTableXml([
            ["1", "2", "3"],
            ["A", "C", "B"],
          ]),
        ),
      ),
      linesOf(body(textTableXml([["1.A", "2-C", "3B"]]))),
      linesOf(
        body(
          textTableXml([
            ["Câu", "Đáp án"],
            ["1", "A"],
            ["2", "C"],
            ["3", "b"],
          ]),
        ),
      ),
      linesOf(
        body(
          textTableXml([
            ["1", "A", "2", "C"],
            ["3", "B", "", ""],
          ]),
        ),
      ),
    ]);
    expect(keys).toEqual(Array.from({ length: 5 }, () => ["1.A 2.C 3.B"]));
  });

  it("reads any other table row by row, cells apart by tabs; a one-column table as its lines", async () => {
    const lines = await linesOf(
      body(
        textTableXml([
          ["Họ tên", "Lớp"],
          ["An", ""],
        ]),
        tableXml([[cell("Câu 1: Hỏi?") + cell("A. Có") + cell("B. Không")]]),
      ),
    );
    expect(lines).toEqual(["Họ tên\tLớp", "An", "Câu 1: Hỏi?", "A. Có", "B. Không"]);
  });
});

describe("the rest of a document's XML", () => {
  it("keeps inserted text, a field's shown result, links and content controls; drops deleted text and field codes", async () => {
    const lines = await linesOf(
      body(
        `<w:p><w:r><w:t>Giữ</w:t></w:r><w:ins><w:r><w:t xml:space="preserve"> thêm</w:t></w:r></w:ins>` +
          `<w:del><w:r><w:delText> bỏ</w:delText></w:r></w:del></w:p>`,
        `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>` +
          `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r>` +
          `<w:r><w:fldChar w:fldCharType="end"/></w:r><w:fldSimple w:instr="NUMPAGES"><w:r><w:t>/9</w:t></w:r></w:fldSimple></w:p>`,
        `<w:p><w:hyperlink r:id="x"><w:r><w:t>liên kết</w:t></w:r></w:hyperlink>` +
          `<w:sdt><w:sdtPr><w:alias w:val="bỏ"/></w:sdtPr><w:sdtContent><w:r><w:t xml:space="preserve"> ô</w:t></w:r></w:sdtContent></w:sdt></w:p>`,
        `<w:p><w:r><w:t>x</w:t></w:r><w:r><w:sym w:font="Symbol" w:char="F0B3"/></w:r><w:r><w:t>1</w:t></w:r>` +
          `<w:r><w:noBreakHyphen/><w:t>2</w:t></w:r></w:p>`,
        `<w:p><mc:AlternateContent><mc:Choice Requires="wps"><w:r><w:t>mới</w:t></w:r></mc:Choice>` +
          `<mc:Fallback><w:r><w:t>cũ</w:t></w:r></mc:Fallback></mc:AlternateContent></w:p>`,
      ),
    );
    expect(lines).toEqual(["Giữ thêm", "7/9", "liên kết ô", "x≥1-2", "cũ"]);
  });

  it("keeps blank lines, at most one in a row, and drops them at the ends", async () => {
    const lines = await linesOf(
      body(
        "<w:p/>",
        paragraphXml([{ text: "Câu 1: a" }]),
        "<w:p/>",
        "<w:p/>",
        "<w:p/>",
        paragraphXml([{ text: "Câu 2: b" }]),
        "<w:p/>",
      ),
    );
    expect(lines).toEqual(["Câu 1: a", "", "Câu 2: b"]);
  });

  it("writes pictures where they stand: in a table cell, floating, and old VML pictures", async () => {
    const anchor =
      `<w:r><w:drawing><wp:anchor><wp:docPr id="3" name="Ảnh 3" title="Con mèo"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rIdImage1"/>` +
      `</pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>`;
    const vml = `<w:r><w:pict><v:shape><v:imagedata r:id="rIdImage1" o:title="Hình cũ"/></v:shape></w:pict></w:r>`;
    const result = await readDocxText(
      await body(
        paragraphXml([{ text: "Câu 1: Hình?" }]),
        tableXml([[paragraphXml([{ xml: anchor }]), cell("A. Mèo")]]),
        paragraphXml([{ text: "Câu 2: Hình?" }, { xml: vml }]),
      ),
    );
    // One file, one reference: it is encoded once (content/docx/docx-pictures.ts).
    expect(result.value?.text).toBe(
      [
        "Câu 1: Hình?",
        "![Con mèo](picture:docx-picture-1)\tA. Mèo",
        "Câu 2: Hình?![Hình cũ](picture:docx-picture-1)",
      ].join("\n"),
    );
    expect(result.value?.pictures).toHaveLength(1);
    expect(result.value?.pictures[0]).toMatchObject({ ref: "docx-picture-1", kind: "picture" });
    expect(result.value?.notes).toEqual([]);
  });

  it("writes a MathType object as the picture of its preview, and warns when it has none", async () => {
    const object = (inside: string) =>
      `<w:r><w:object>${inside}<o:OLEObject ProgID="Equation.DSMT4"/></w:object></w:r>`;
    const result = await readDocxText(
      await body(
        paragraphXml([
          { text: "Câu 1: Tính " },
          { xml: "<m:oMath><m:r><m:t>x+1</m:t></m:r></m:oMath>" },
        ]),
        paragraphXml([
          { text: "A. " },
          { xml: object('<v:shape><v:imagedata r:id="rIdImage1"/></v:shape>') },
        ]),
        paragraphXml([{ text: "B. " }, { xml: object("") }]),
      ),
    );
    expect(result.value?.text).toBe(
      "Câu 1: Tính $x+1$\nA. ![Công thức](picture:docx-picture-1)\nB.",
    );
    expect(result.value?.pictures).toMatchObject([{ ref: "docx-picture-1", kind: "formula" }]);
    expect(result.value?.notes).toEqual([
      { file: "", line: 3, message: messages.mathType, severity: "warning" },
    ]);
  });

  it("warns at the line of an equation part that has no LaTeX, keeping what it could", async () => {
    const result = await readDocxText(
      await body(
        paragraphXml([
          { text: "Câu 1: Tính " },
          { xml: "<m:oMath><m:unknownPart><m:r><m:t>x</m:t></m:r></m:unknownPart></m:oMath>" },
        ]),
      ),
    );
    expect(result.value?.text).toMatch(/^Câu 1: Tính \$.*x.*\$$/u);
    expect(result.value?.notes).toHaveLength(1);
    expect(result.value?.notes[0]).toMatchObject({ line: 1, severity: "warning" });
  });

  it("converts text in a TCVN3 or VNI font to Unicode, with one note per font", async () => {
    const result = await readDocxText(
      await makeDocx([
        [{ text: "C©u 1: Thñ ®« lµ?", font: ".VnTime" }],
        [{ text: "A. Hµ Néi", font: ".VnTime" }],
        [{ text: "B. Hueá", font: "VNI-Times" }],
      ]),
    );
    expect(result.value?.text.split("\n")).toEqual([
      convertLegacyText("C©u 1: Thñ ®« lµ?", "tcvn3"),
      convertLegacyText("A. Hµ Néi", "tcvn3"),
      convertLegacyText("B. Hueá", "vni"),
    ]);
    expect(result.value?.notes).toEqual([
      { file: "", line: 1, message: messages.legacyFont(".VnTime", "TCVN3"), severity: "warning" },
      { file: "", line: 3, message: messages.legacyFont("VNI-Times", "VNI"), severity: "warning" },
    ]);
  });
});
