import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readBankFolder } from "#content/load-banks.ts";
import { parseMoodleXml } from "./moodle-xml.ts";
import { writeMoodleXml } from "./moodle-xml-writer.ts";
import type { BankChapter, BankQuestion } from "./types.ts";

/** What a question is to a student, as the reader gives it back. */
function shape(question: BankQuestion) {
  const { text, answers, explanation, id, anyKey, kind, chapter } = question;
  return { text, answers, explanation, id, anyKey, kind, chapter };
}

function roundTrip(questions: BankQuestion[], chapters: BankChapter[] = []) {
  const written = writeMoodleXml(questions, chapters);
  const read = parseMoodleXml(written.text, "de.xml");
  return { written, read };
}

describe("Moodle XML writer", () => {
  it("writes every sample bank so that our reader gives back the same questions, with no problem reported, and only the Đúng/Sai statements skipped", () => {
    for (const bank of readBankFolder("content/banks")) {
      for (const practice of bank.practices) {
        // Their pictures are named by file here, not by hash: the export test covers them.
        if (JSON.stringify(practice.questions).includes("](picture:")) continue;
        const { written, read } = roundTrip(practice.questions, practice.chapters);
        expect(XMLValidator.validate(written.text), practice.code).toBe(true);
        expect(read.problems, practice.code).toEqual([]);
        const statements = practice.questions.flatMap((question, index) =>
          question.kind === "true_false" ? [index + 1] : [],
        );
        expect(written.skipped, practice.code).toEqual(statements);
        expect(written.changed, practice.code).toEqual([]);
        const kept = practice.questions.filter((question) => question.kind !== "true_false");
        expect(read.value.questions.map(shape), practice.code).toEqual(kept.map(shape));
        expect(read.value.chapters, practice.code).toEqual(practice.chapters ?? []);
      }
    }
  });

  it("keeps markup, code, math and runs of spaces as written; a text HTML would change goes as plain text", () => {
    const texts = [
      'Thẻ <script>alert("x")</script> & “ký tự” <b>đậm</b> là chữ',
      "Hàm `a  <  b` và $x < y \\& z$, hai  dấu   cách",
      "Đoạn C:\n```c\nint main(void) {\n    if (a < b && c > d) return 1;\n}\n```\nKết quả là gì?",
      "Dòng một\n\nDòng ba\n```\nkhông ngôn ngữ\n```",
      "Dòng thụt lề bằng tab và dấu cách:\n\tx = 1\n    y = 2",
      "Dấu cách cuối dòng   \nvà\u00a0cách không ngắt",
    ];
    const questions = texts.map((text) => ({
      text,
      answers: [
        { text: "<p>một</p>", key: true, feedback: "Vì  a < b" },
        { text: "hai & ba", key: false },
      ],
      explanation: text,
    }));
    const { written, read } = roundTrip(questions);
    expect(read.problems).toEqual([]);
    expect(read.value.questions.map(shape)).toEqual(questions.map(shape));
    expect(written.changed).toEqual([]);
    // The last two cannot be HTML; Moodle's PHP parser knows no HTML entity names.
    expect(written.text.match(/<questiontext format="plain_text">/gu)).toHaveLength(2);
    expect(written.text).not.toMatch(/&nbsp;|&(?!amp;|lt;|gt;|quot;|apos;)/u);
  });

  it("writes each kind as Moodle's own question: one key, any of several, all of several, true/false, short answer, numerical", () => {
    const questions: BankQuestion[] = [
      {
        text: "Một",
        answers: [
          { text: "a", key: true },
          { text: "b", key: false },
        ],
      },
      {
        text: "Bất kỳ",
        anyKey: true,
        answers: [
          { text: "a", key: true },
          { text: "b", key: true },
          { text: "c", key: false },
        ],
      },
      {
        text: "Cả ba",
        answers: [
          { text: "a", key: true },
          { text: "b", key: true },
          { text: "c", key: true },
          { text: "d", key: false },
        ],
      },
      {
        text: "Trái Đất quay quanh Mặt Trời?",
        answers: [
          { text: "Đúng", key: true, feedback: "Đúng vậy" },
          { text: "Sai", key: false, feedback: "Xem lại" },
        ],
      },
      {
        text: "Thủ đô?",
        kind: "short_answer",
        answers: [
          { text: "Hà Nội", key: true },
          { text: "Ha Noi", key: true },
        ],
      },
      { text: "Số?", kind: "short_answer", answers: [{ text: "0.5", key: true, tolerance: 0.01 }] },
    ];
    const { written, read } = roundTrip(questions);
    expect(read.problems).toEqual([]);
    expect(read.value.questions.map(shape)).toEqual(questions.map(shape));
    const types = [...written.text.matchAll(/<question type="(\w+)">/gu)].map((m) => m[1]);
    expect(types).toEqual([
      "multichoice",
      "multichoice",
      "multichoice",
      "truefalse",
      "shortanswer",
      "numerical",
    ]);
    expect(written.text).toContain('<answer fraction="33.33333" format="html">');
    expect(written.text).toContain('<answer fraction="-100" format="html">');
  });

  it("writes a numerical answer with a point, as Moodle reads numbers; skips what Moodle cannot hold, and names a reference it drops", () => {
    const manyKeys = Array.from({ length: 11 }, (_, i) => ({ text: `${i}`, key: true }));
    const questions: BankQuestion[] = [
      { text: "Số?", kind: "short_answer", answers: [{ text: "0,5", key: true, tolerance: 0.1 }] },
      {
        text: "Đúng/Sai bốn ý",
        kind: "true_false",
        answers: [
          { text: "a", key: true },
          { text: "b", key: false },
        ],
      },
      { text: "Mười một khoá", answers: [...manyKeys, { text: "x", key: false }] },
      { text: "Sao?", kind: "short_answer", answers: [{ text: "2*3", key: true }] },
      { text: "Một phương án", answers: [{ text: "a", key: true }] },
      {
        text: "Có liên kết",
        reference: "https://vi.wikipedia.org/wiki/Moodle",
        answers: [
          { text: "a", key: false },
          { text: "b", key: true },
        ],
      },
    ];
    const { written, read } = roundTrip(questions);
    expect(written.skipped).toEqual([2, 3, 4, 5]);
    expect(written.withoutReference).toEqual([6]);
    expect(written.text).toContain("<text>0.5</text>");
    expect(read.value.questions[0]?.answers).toEqual([{ text: "0.5", key: true, tolerance: 0.1 }]);
    expect(read.value.questions).toHaveLength(2);
  });

  it("declares every chapter first when the skipped questions would leave one empty, so chapter numbers survive", () => {
    const chapters = [{ title: "Phần I" }, { title: "Phần II / Đúng sai" }, { title: "Phần III" }];
    const questions: BankQuestion[] = [
      {
        text: "A",
        chapter: 0,
        answers: [
          { text: "a", key: true },
          { text: "b", key: false },
        ],
      },
      { text: "B", chapter: 1, kind: "true_false", answers: [{ text: "ý", key: true }] },
      { text: "C", chapter: 2, kind: "short_answer", answers: [{ text: "3", key: true }] },
    ];
    const { read } = roundTrip(questions, chapters);
    expect(read.value.chapters).toEqual(chapters);
    expect(read.value.questions.map((question) => question.chapter)).toEqual([0, 2]);
  });
});
