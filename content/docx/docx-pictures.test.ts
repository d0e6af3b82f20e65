import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PRACTICE_MAX_PICTURES } from "#base/limits.ts";
import { buildDocx } from "#tests/support/bank-docx.ts";
import {
  makeDocx,
  makeDocxOfBody,
  makeEmf,
  makeWmf,
  paragraphXml,
} from "#tests/support/make-docx.ts";
import { PARSE_JOBS } from "../parse-jobs.ts";
import { encodePicture } from "../pictures/encode-picture.ts";
import { readFileText } from "../read-file-text.ts";
import { placePictures, readRelationships, type DocxPicture } from "./docx-pictures.ts";
import { wmfToPng } from "./wmf-picture.ts";

const messages = serverVi.docxProblems;

let red: Buffer;
let blue: Buffer;
let green: Buffer;

/** The hash a picture is stored under, as encodePicture gives it. */
async function hashOf(bytes: Uint8Array): Promise<string> {
  const encoded = await encodePicture(bytes, "ảnh");
  if (!encoded.ok) throw new Error(encoded.message);
  return encoded.picture.hash;
}

async function formulaHash(wmf: Uint8Array): Promise<string> {
  const drawn = await wmfToPng(wmf);
  if (!drawn.ok) throw new Error(drawn.reason);
  return hashOf(drawn.png);
}

const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  [red, blue, green] = await Promise.all([
    png(60, 40, "#cc0000"),
    png(30, 30, "#0000cc"),
    png(50, 20, "#00aa00"),
  ]);
});

describe("a Word file's pictures, read as the editor reads a dropped file", () => {
  it("carries a picture in a question, in an answer, in a table cell and a MathType formula, each where it stood", async () => {
    const wmf = makeWmf();
    const docx = await buildDocx([
      { runs: ["Câu 1: Hình bên là hình gì? ", { picture: red, alt: "Hình chữ nhật đỏ" }] },
      { runs: ["A. Hình vuông"] },
      { runs: ["B. Hình chữ nhật"] },
      { runs: ["Đáp án: B"] },
      { runs: ["Câu 2: Hình nào màu xanh dương?"] },
      { runs: ["A. ", { picture: green }] },
      { runs: ["B. ", { picture: blue }] },
      { runs: ["Đáp án: B"] },
      { runs: ["Câu 3: Chọn hình đã gặp ở câu 1."] },
      {
        rows: [
          [
            ["A. ", { picture: red }],
            ["B. ", { picture: green }],
          ],
        ],
      },
      { runs: ["Đáp án: A"] },
      { runs: ["Câu 4: Biểu thức ", { mathType: wmf }, " với x = 3 bằng"] },
      { runs: ["A. 6"] },
      { runs: ["B. 9"] },
      { runs: ["Đáp án: B"] },
    ]);
    const [redHash, greenHash, blueHash, formula] = await Promise.all([
      hashOf(red),
      hashOf(green),
      hashOf(blue),
      formulaHash(wmf),
    ]);
    const read = await readFileText(docx, "de-co-hinh.docx");
    expect(read.notes).toEqual([]);
    expect(read.text).toBe(
      [
        `Câu 1: Hình bên là hình gì? ![Hình chữ nhật đỏ](picture:${redHash})`,
        "A. Hình vuông",
        "B. Hình chữ nhật",
        "Đáp án: B",
        "Câu 2: Hình nào màu xanh dương?",
        `A. ![Hình](picture:${greenHash})`,
        `B. ![Hình](picture:${blueHash})`,
        "Đáp án: B",
        "Câu 3: Chọn hình đã gặp ở câu 1.",
        `A. ![Hình](picture:${redHash})\tB. ![Hình](picture:${greenHash})`,
        "Đáp án: A",
        `Câu 4: Biểu thức ![Công thức](picture:${formula}) với x = 3 bằng`,
        "A. 6",
        "B. 9",
        "Đáp án: B",
      ].join("\n"),
    );
    // Each picture file encoded once, whatever the number of places it stands in.
    expect(read.pictures.map((picture) => picture.hash)).toEqual([
      redHash,
      greenHash,
      blueHash,
      formula,
    ]);
    expect(read.pictures[3]).toMatchObject({ width: 40, height: 20 });
  });

  it("shows them in the preview, the keys read as before", async () => {
    const docx = await buildDocx([
      { runs: ["Câu 1: Hình nào màu đỏ?"] },
      { runs: ["A. ", { picture: blue }] },
      { runs: [{ text: "B. ", underline: true }, { picture: red }] },
      { runs: ["Câu 2: Tính ", { mathType: makeWmf() }] },
      { runs: [{ text: "A. 4", underline: true }] },
      { runs: ["B. 2"] },
    ]);
    const result = await PARSE_JOBS.previewFile({ bytes: docx, fileName: "de.docx" });
    expect(result.notes).toEqual([]);
    expect(result.preview?.problems).toEqual([]);
    const [first, second] = result.preview!.questions;
    expect(first?.answers.map((answer) => answer.isKey)).toEqual([false, true]);
    expect(first?.answers[1]?.html).toContain(
      `<img class="q-picture" src="/pictures/${await hashOf(red)}.`,
    );
    expect(second?.textHtml).toContain('alt="Công thức"');
    expect(second?.answers.map((answer) => answer.isKey)).toEqual([true, false]);
  });

  it("takes Word's description as alt text, else its title, else “Hình”, never with “]”, “$” or a line break", async () => {
    const read = await readFileText(
      await makeDocx(
        [
          [
            { text: "Câu 1: Ba hình " },
            { picture: "a.png", alt: "Tam giác [ABC]\nvuông tại A, giá $5" },
          ],
          [
            { picture: "a.png", title: "Tiêu đề" },
            { picture: "a.png", alt: "  ", title: "" },
          ],
          [{ text: "A. Có" }],
          [{ text: "B. Không" }],
          [{ text: "Đáp án: A" }],
        ],
        { media: { "a.png": green } },
      ),
      "de.docx",
    );
    const hash = await hashOf(green);
    expect(read.text?.split("\n").slice(0, 2)).toEqual([
      `Câu 1: Ba hình ![Tam giác [ABC vuông tại A, giá 5](picture:${hash})`,
      `![Tiêu đề](picture:${hash})![Hình](picture:${hash})`,
    ]);
    expect(read.pictures).toHaveLength(1);
  });

  it("makes a picture that cannot come along an error at its line, with no token left", async () => {
    const broken = new TextEncoder().encode("<html>không phải ảnh</html>");
    const read = await readFileText(
      await makeDocx(
        [
          [{ text: "Câu 1: Hình nào là ảnh EMF?" }],
          [{ text: "A. " }, { picture: "so-do.emf" }],
          [{ text: "B. Không hình nào" }],
          [{ text: "Đáp án: A" }],
          [{ text: "Câu 2: Hình bên" }],
          [{ picture: "hong.png" }],
          [{ text: "A. Hà Nội", font: ".VnTime" }],
          [{ text: "B. Huế" }],
          [{ text: "Đáp án: A" }],
          [{ text: "Câu 3: Tính " }, { mathType: "cong-thuc.emf" }],
          [{ text: "A. 1 " }, { mathType: "hong.wmf" }],
          [
            { text: "B. 2 " },
            {
              xml: '<w:r><w:drawing><wp:inline><a:blip r:link="rId99"/></wp:inline></w:drawing></w:r>',
            },
          ],
          [{ text: "Đáp án: A" }],
        ],
        {
          media: {
            "so-do.emf": makeEmf(),
            "hong.png": broken,
            "cong-thuc.emf": makeEmf(),
            "hong.wmf": makeWmf().subarray(0, 60),
          },
        },
      ),
      "de.docx",
    );
    // The line of the picture alone is gone: its error and the lines below move up one.
    expect(read.text).toBe(
      [
        "Câu 1: Hình nào là ảnh EMF?",
        "A.",
        "B. Không hình nào",
        "Đáp án: A",
        "Câu 2: Hình bên",
        "A. Hà Nội",
        "B. Huế",
        "Đáp án: A",
        "Câu 3: Tính",
        "A. 1",
        "B. 2",
        "Đáp án: A",
      ].join("\n"),
    );
    const error = (line: number, message: string) => ({
      file: "",
      line,
      message,
      severity: "error",
    });
    expect(read.notes).toEqual([
      error(2, messages.pictureEmf),
      error(5, serverVi.pictures.notAnImage(messages.thePicture)),
      {
        file: "",
        line: 6,
        message: messages.legacyFont(".VnTime", "TCVN3"),
        severity: "warning",
      },
      error(9, messages.formulaEmf),
      error(10, messages.formulaWmf),
      error(11, messages.pictureNotInFile),
    ]);
    expect(read.pictures).toEqual([]);
  });

  it("keeps the pictures of a file within a practice's number of pictures", async () => {
    const pictures: DocxPicture[] = Array.from(
      { length: PRACTICE_MAX_PICTURES + 1 },
      (_, index) => ({ ref: `docx-picture-${index + 1}`, kind: "picture", bytes: null }),
    );
    const text = pictures.map((picture) => `Dòng ![Hình](picture:${picture.ref})`).join("\n");
    const placed = await placePictures(text, [], pictures);
    expect(placed.notes).toHaveLength(PRACTICE_MAX_PICTURES + 1);
    expect(placed.notes.at(-1)).toMatchObject({
      line: PRACTICE_MAX_PICTURES + 1,
      message: serverVi.pictures.tooMany(PRACTICE_MAX_PICTURES + 1, PRACTICE_MAX_PICTURES),
    });
    expect(placed.text.split("\n").every((line) => line === "Dòng")).toBe(true);
  });

  it("leaves alone a reference it did not write, and moves the notes of removed lines", async () => {
    const placed = await placePictures(
      ["![a](picture:docx-picture-9)", "![b](picture:docx-picture-1)", "Câu 1: x", "A. y"].join(
        "\n",
      ),
      [
        { file: "", line: 2, message: "ở dòng ảnh", severity: "warning" },
        { file: "", line: 4, message: "ở đáp án", severity: "warning" },
        { file: "", line: 5, message: "sau cùng", severity: "warning" },
      ],
      [{ ref: "docx-picture-1", kind: "picture", bytes: null }],
    );
    expect(placed.text).toBe("![a](picture:docx-picture-9)\nCâu 1: x\nA. y");
    expect(placed.notes.map((note) => [note.line, note.message])).toEqual([
      [1, "ở dòng ảnh"],
      [1, messages.pictureNotInFile],
      [3, "ở đáp án"],
      [4, "sau cùng"],
    ]);
  });
});

describe("tests/fixtures/pictures/de-co-hinh.docx (made by scripts/make-picture-fixtures.ts)", () => {
  it("reads as the browser tests expect: four questions, each key B, every picture shown", async () => {
    const bytes = new Uint8Array(
      readFileSync(new URL("../../tests/fixtures/pictures/de-co-hinh.docx", import.meta.url)),
    );
    const result = await PARSE_JOBS.previewFile({ bytes, fileName: "de-co-hinh.docx" });
    expect(result.notes).toEqual([]);
    expect(result.preview?.problems).toEqual([]);
    const questions = result.preview!.questions;
    expect(questions.map((question) => question.answers.map((answer) => answer.isKey))).toEqual(
      Array.from({ length: 4 }, () => [false, true, false, false]),
    );
    // Three drawings (one used in all three questions) and the formula.
    expect(result.pictures).toHaveLength(4);
    const shown = (html: string) => (html.match(/<img class="q-picture"/gu) ?? []).length;
    expect(questions.map((question) => shown(question.textHtml))).toEqual([1, 0, 0, 1]);
    expect(
      questions.map((question) => question.answers.filter((answer) => shown(answer.html)).length),
    ).toEqual([0, 3, 3, 0]);
    expect(questions[3]?.textHtml).toContain('alt="Công thức"');
  });
});

describe("readRelationships", () => {
  it("names each picture's part in the zip, and no part for a link out of the file", () => {
    const targets = readRelationships(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="…/image" Target="media/image1.png"/>` +
        `<Relationship Id="rId2" Type="…/image" Target="/word/media/image2.jpeg"/>` +
        `<Relationship Id="rId3" Type="…/image" Target="http://example.com/a.png" TargetMode="External"/>` +
        `<Relationship Id="rId4" Type="…/image" Target="../../etc/passwd"/>` +
        `<Relationship Id="rId5" Type="…/image" Target="../media/image5.png"/>` +
        `</Relationships>`,
    );
    expect(Object.fromEntries(targets)).toEqual({
      rId1: "word/media/image1.png",
      rId2: "word/media/image2.jpeg",
      rId3: null,
      rId4: null,
      rId5: "media/image5.png",
    });
    expect(readRelationships("<not xml").size).toBe(0);
    expect(readRelationships(undefined).size).toBe(0);
  });

  it("reads a document whose relationships part is missing: its pictures are errors, its text is kept", async () => {
    const docx = await makeDocxOfBody(
      paragraphXml([{ text: "Câu 1: Hình " }, { image: true }]) +
        paragraphXml([{ text: "A. x" }]) +
        paragraphXml([{ text: "B. y" }]) +
        paragraphXml([{ text: "Đáp án: A" }]),
    );
    const { default: JSZip } = await import("jszip");
    const zip = await JSZip.loadAsync(docx);
    zip.remove("word/_rels/document.xml.rels");
    const read = await readFileText(await zip.generateAsync({ type: "uint8array" }), "de.docx");
    expect(read.text?.split("\n")[0]).toBe("Câu 1: Hình");
    expect(read.notes).toEqual([
      { file: "", line: 1, message: messages.pictureNotInFile, severity: "error" },
    ]);
  });
});
