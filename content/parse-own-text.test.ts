import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWN_PRACTICE_MAX_BYTES, OWN_PRACTICE_MAX_QUESTIONS } from "#base/limits.ts";
import { pictureHashesIn } from "#base/pictures.ts";
import { makeDocx, paragraphsOf } from "#tests/support/make-docx.ts";
import { ownPracticeSample, withThreeErrors } from "#tests/support/own-practice-sample.ts";
import { readDocxText } from "./docx/read-docx.ts";
import { stripMarks } from "./formats/key-marks.ts";
import { readBankFolder } from "./load-banks.ts";
import { parseViText, writeViText } from "./formats/vi-text.ts";
import type { ParsedQuestions } from "./formats/types.ts";
import { previewOwnText } from "./own-preview.ts";
import { readFileText } from "./read-file-text.ts";
import { formatOwnPracticeText, parseOwnText, sameQuestions } from "./parse-own-text.ts";
import { serverVi } from "#base/i18n/vi-server.ts";

const OWN_MESSAGES = serverVi.ownPracticeEditor.textProblems;

const fixture = (name: string) =>
  readFileSync(new URL(`../tests/fixtures/${name}`, import.meta.url), "utf8");
const sample = ownPracticeSample;

describe("parseOwnText", () => {
  it("reads the “Câu n” layout with its chapters", () => {
    const { parsed, problems, format } = parseOwnText({ text: sample });
    expect(problems).toEqual([]);
    expect(format).toBe("vi-text");
    expect(parsed?.chapters).toEqual([
      { title: "Phần cứng máy tính" },
      { title: "Phần mềm và mạng" },
    ]);
    expect(parsed?.questions).toHaveLength(30);
    expect(parsed?.questions[0]).toMatchObject({
      chapter: 0,
      line: 3,
      text: "Bộ phận nào thực hiện các phép tính số học và logic trong máy tính?",
    });
    expect(parsed?.questions[29]?.chapter).toBe(1);
  });

  it("puts every problem at its 1-based line, with the importer's message", () => {
    const text = withThreeErrors(sample);
    const { problems } = parseOwnText({ text });
    const lines = text.split("\n");
    expect(problems.map((p) => [p.line, p.severity])).toEqual([
      [22, "error"],
      [71, "error"],
      [119, "error"],
    ]);
    expect(lines[21]).toBe("Đáp án: E");
    expect(problems[0]?.message).toBe("Đáp án “E” không có trong các phương án A–D");
    expect(lines[70]).toBe("Đáp án:");
    expect(problems[1]?.message).toMatch(/^Chưa ghi đáp án/u);
    expect(lines[118]).toMatch(/^C\. Quản lý/u);
    expect(problems[2]?.message).toMatch(/không đúng thứ tự/u);
  });

  it("reads every format the importer reads", () => {
    const cases: [string, string | undefined, string, number][] = [
      ["banks/lap-trinh-c.aiken", undefined, "aiken", 0],
      ["banks/lap-trinh-c.gift", "lap-trinh-c.gift", "gift", 0],
      ["banks/co-so-du-lieu.xml", undefined, "moodle-xml", 0],
      ["banks/co-so-du-lieu.csv", "co-so-du-lieu.csv", "csv", 0],
      ["banks/co-so-du-lieu.csv", undefined, "csv", 0],
      ["banks/de-cuong-csdl.txt", undefined, "vi-text", 0],
    ];
    for (const [file, fileName, format] of cases) {
      const result = parseOwnText({ text: fixture(file), ...(fileName ? { fileName } : {}) });
      expect(result.format, file).toBe(format);
      expect(result.parsed?.questions.length, file).toBeGreaterThan(0);
      expect(
        result.problems.filter((p) => p.severity === "error"),
        file,
      ).toEqual([]);
      expect(result.problems.every((p) => typeof p.line === "number" && p.line >= 1)).toBe(true);
    }
  });

  it("reads our JSON with one practice and refuses several", () => {
    const bank = JSON.parse(fixture("banks/mini-bank.json")) as { practices: unknown[] };
    const one = { ...bank, practices: bank.practices.slice(0, 1) };
    const result = parseOwnText({ text: JSON.stringify(one, null, 2) });
    expect(result.format).toBe("json");
    expect(result.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(result.parsed?.questions.length).toBeGreaterThan(0);
    const two = {
      ...bank,
      practices: [bank.practices[0], { ...(bank.practices[0] as object), code: "de-hai" }],
    };
    const several = parseOwnText({ text: JSON.stringify(two) });
    expect(several.parsed).toBeNull();
    expect(several.problems[0]).toMatchObject({
      line: 1,
      message: OWN_MESSAGES.severalPractices(2),
    });
    const broken = parseOwnText({ text: '{\n  "subject": \n}' });
    expect(broken.problems[0]).toMatchObject({
      line: expect.any(Number),
      severity: "error",
      message: expect.stringMatching(/^JSON không hợp lệ/u),
    });
  });

  it("refuses an empty text, a text with no question, and text over the limits", () => {
    expect(parseOwnText({ text: "  \n " }).problems).toEqual([
      { file: "", line: 1, message: OWN_MESSAGES.empty, severity: "error" },
    ]);
    expect(parseOwnText({ text: "Ôn tập cuối kỳ\nChúc các bạn thi tốt" }).problems).toEqual([
      { file: "", line: 1, message: OWN_MESSAGES.noQuestion, severity: "error" },
    ]);
    const big = "x".repeat(OWN_PRACTICE_MAX_BYTES + 1);
    expect(parseOwnText({ text: big })).toMatchObject({
      parsed: null,
      problems: [{ line: 1, message: OWN_MESSAGES.tooLarge }],
    });
    // Bytes, not characters: Vietnamese letters take two or three bytes each.
    const wide = "ế".repeat(Math.floor(OWN_PRACTICE_MAX_BYTES / 3) + 1);
    expect(parseOwnText({ text: wide }).problems[0]?.message).toBe(OWN_MESSAGES.tooLarge);
    const many = Array.from(
      { length: OWN_PRACTICE_MAX_QUESTIONS + 1 },
      (_, i) => `Câu ${i + 1}: Hỏi ${i}\nA. Có\nB. Không\nĐáp án: A`,
    ).join("\n");
    const tooMany = parseOwnText({ text: many });
    expect(tooMany.problems).toContainEqual({
      file: "",
      line: 1,
      message: OWN_MESSAGES.tooManyQuestions(OWN_PRACTICE_MAX_QUESTIONS + 1),
      severity: "error",
    });
    const atLimit = many.split("\nCâu 2001:")[0]!;
    expect(parseOwnText({ text: atLimit }).problems).toEqual([]);
  });

  it("warns about a formula KaTeX cannot read, at its question", () => {
    const text = "Câu 1: Tính $\\frac{1}{$\nA. 1\nB. 2\nĐáp án: A";
    expect(parseOwnText({ text }).problems).toMatchObject([
      { line: 1, severity: "warning", message: expect.stringMatching(/^Công thức/u) },
    ]);
  });
});

describe("writeViText", () => {
  it("parses back to the same questions (round trip)", () => {
    const parsed = parseOwnText({ text: sample }).parsed!;
    const text = writeViText(parsed);
    expect(sameQuestions(parseViText(text, "").value, parsed)).toBe(true);
    const rich: ParsedQuestions = {
      chapters: [{ title: "Một" }, { title: "Hai" }],
      questions: [
        {
          chapter: 0,
          text: "Kết quả?\n```c\nint x = 1;\n```",
          answers: [
            { text: "$x^2$", key: true },
            { text: "`a`\ndòng hai", key: false },
            { text: "ba", key: true },
          ],
          explanation: "Vì vậy.\nHết.",
        },
        {
          chapter: 1,
          text: "Hỏi",
          answers: [
            { text: "a", key: false },
            { text: "b", key: true },
          ],
        },
        {
          chapter: 0,
          text: "Lại một",
          answers: [
            { text: "x", key: true },
            { text: "y", key: false },
          ],
        },
      ],
    };
    expect(sameQuestions(parseViText(writeViText(rich), "").value, rich)).toBe(true);
    expect(formatOwnPracticeText(rich)).toEqual({ text: writeViText(rich) });
  });

  it("falls back to GIFT when the layout would lose something", () => {
    const parsed: ParsedQuestions = {
      chapters: [],
      questions: [
        {
          text: "Hỏi",
          answers: [
            { text: "a", key: true, feedback: "Đúng rồi" },
            { text: "b", key: false },
          ],
        },
      ],
    };
    const edited = formatOwnPracticeText(parsed);
    expect(edited.fileName).toBe("de.gift");
    expect(sameQuestions(parseOwnText(edited).parsed!, parsed)).toBe(true);
  });
});

describe("formatOwnPracticeText", () => {
  const practices = readBankFolder("content/banks").flatMap((bank) => bank.practices);

  function expectRoundTrip(parsed: ParsedQuestions, code: string) {
    const edited = formatOwnPracticeText(parsed);
    const back = parseOwnText(edited);
    expect(
      back.problems.filter((p) => p.severity === "error"),
      code,
    ).toEqual([]);
    expect(sameQuestions(back.parsed!, parsed), code).toBe(true);
    return edited;
  }

  it("gives back every sample bank's practice exactly (ids and references need our JSON)", () => {
    for (const practice of practices) {
      const parsed = { chapters: practice.chapters ?? [], questions: practice.questions };
      expectRoundTrip(parsed, practice.code);
    }
  });

  it("keeps pictures through the “Câu n” layout and through GIFT, GIFT's “:” “=” “#” “{” escaped", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    const picture = (alt: string) => `![${alt}](picture:${hash})`;
    const pictures = [{ hash, type: "png" as const, width: 10, height: 10, hasSmall: false }];
    const questions: ParsedQuestions["questions"] = [
      {
        text: `Quan sát ${picture('Mạch "RC": R = 2 Ω {#1}')}\nrồi chọn:`,
        answers: [
          { text: picture("Đáp án A"), key: true },
          { text: `Không phải ${picture("")}`, key: false },
        ],
        explanation: `Giải: ${picture("Hình ~ =")}`,
      },
      {
        text: picture("Chỉ có hình"),
        answers: [
          { text: "Có", key: true },
          { text: "Không", key: false },
        ],
      },
    ];
    const layout = formatOwnPracticeText({ chapters: [], questions });
    expect(layout.fileName).toBeUndefined();
    expect(layout.text).toContain(`Câu 2: ${picture("Chỉ có hình")}`);
    const withFeedback: ParsedQuestions = {
      chapters: [],
      questions: questions.map((question, index) =>
        index > 0
          ? question
          : {
              ...question,
              answers: [{ ...question.answers[0]!, feedback: picture("Vì") }, question.answers[1]!],
            },
      ),
    };
    const gift = formatOwnPracticeText(withFeedback);
    expect(gift.fileName).toBe("de.gift");
    expect(gift.text).toContain(`(picture\\:${hash})`);
    // What the server looks up among the student's pictures before a preview or a save.
    expect(pictureHashesIn(gift.text)).toEqual([hash]);
    const cases: [{ text: string; fileName?: string }, ParsedQuestions][] = [
      [layout, { chapters: [], questions }],
      [gift, withFeedback],
    ];
    for (const [edited, parsed] of cases) {
      const back = parseOwnText({ ...edited, pictures });
      expect(back.problems).toEqual([]);
      expect(sameQuestions(back.parsed!, parsed)).toBe(true);
    }
  });

  it("writes the “Câu n” layout for what it can carry: every sample question, code and maths included", () => {
    // The two mock exams (issue 27) do not come back exactly from the "Câu n" layout yet (its
    // reader turns “…” into "…"), so the editor gives them as JSON, which carries everything.
    for (const practice of practices.filter((p) => !p.questions.some((q) => q.kind))) {
      const questions = practice.questions.map(
        ({ id: _id, reference: _reference, anyKey: _anyKey, ...question }) => ({
          ...question,
          answers: question.answers.map(({ feedback: _feedback, ...answer }) => answer),
        }),
      );
      const chapters = (practice.chapters ?? []).map(({ title }) => ({ title }));
      const edited = expectRoundTrip({ chapters, questions }, practice.code);
      expect(edited.fileName, practice.code).toBeUndefined();
    }
  });
});

describe("Word documents", () => {
  it("keeps the text of bold and italic runs, line breaks and tabs, and pictures where they were", async () => {
    const bytes = await makeDocx([
      [{ text: "ĐỀ ÔN TẬP", bold: true }],
      [{ image: true }],
      [
        { text: "Câu 1:", bold: true },
        { text: " Từ nào " },
        { text: "in nghiêng", italic: true },
        { text: "?" },
      ],
      [{ text: "Dòng thứ hai" }, { break: true }, { text: "dòng thứ ba" }],
      [{ text: "A. Một" }, { tab: true }, { text: "B. Hai" }],
      [{ text: "Đáp án: B" }],
      [{ text: "Câu 2: Hình bên là gì?" }, { image: true }],
      [{ text: "A. Mèo" }],
      [{ text: "B. Chó" }],
      [{ text: "Đáp án: A" }],
    ]);
    const docx = await readDocxText(bytes);
    // Bold travels as a key mark (content/formats/key-marks.ts); the text is the same without it.
    // The picture stays where it was, named for now by its place in the document.
    expect(stripMarks(docx.value?.text ?? "")).toBe(
      [
        "ĐỀ ÔN TẬP",
        "![Hình](picture:docx-picture-1)",
        "Câu 1: Từ nào in nghiêng?",
        "Dòng thứ hai",
        "dòng thứ ba",
        "A. Một\tB. Hai",
        "Đáp án: B",
        "Câu 2: Hình bên là gì?![Hình](picture:docx-picture-1)",
        "A. Mèo",
        "B. Chó",
        "Đáp án: A",
      ].join("\n"),
    );
    // Read as a file, the picture is encoded once and named by its hash in both places.
    const converted = await readFileText(bytes, "de.docx");
    expect(converted.notes).toEqual([]);
    expect(converted.pictures).toHaveLength(1);
    const hash = converted.pictures[0]!.hash;
    expect(converted.text).toBe(
      stripMarks(docx.value!.text).replaceAll("picture:docx-picture-1", `picture:${hash}`),
    );
    const { parsed } = parseOwnText({ text: converted.text!, fileName: "de.docx" });
    expect(parsed?.questions[0]).toMatchObject({
      text: "Từ nào in nghiêng?\nDòng thứ hai\ndòng thứ ba",
      answers: [
        { text: "Một", key: false },
        { text: "Hai", key: true },
      ],
    });
    expect(parsed?.questions[1]?.text).toBe(`Hình bên là gì?![Hình](picture:${hash})`);
  });

  it("gives the same text, blank lines included, and the same preview as the text pasted", async () => {
    const converted = await readFileText(await makeDocx(paragraphsOf(sample)), "de.docx");
    expect(converted.notes).toEqual([]);
    expect(converted.text).toBe(sample.trimEnd());
    expect(previewOwnText({ text: converted.text!, fileName: "de.docx" })).toEqual(
      previewOwnText({ text: sample }),
    );
  });

  it("refuses a file that is not a Word document, and one that unzips to too much", async () => {
    const bad = await readFileText(new TextEncoder().encode("not a zip"), "de.docx");
    expect(bad).toEqual({
      text: null,
      notes: [{ file: "", line: 1, message: serverVi.docxProblems.unreadable, severity: "error" }],
      pictures: [],
    });
    const { default: JSZip } = await import("jszip");
    const zip = new JSZip();
    zip.file("word/document.xml", "a".repeat(70 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await readFileText(bomb, "de.docx")).notes[0]?.message).toBe(
      serverVi.docxProblems.tooBig,
    );
  });
});

describe("previewOwnText", () => {
  it("renders questions as the importer stores them, keys marked", () => {
    const preview = previewOwnText({
      text: "Câu 1: Tính $x^2$ với `x = 2` <b>đậm</b>\nA. 4\nB. 2\nĐáp án: A\nLời giải: Vì 2·2 = 4",
    });
    const question = preview.questions[0]!;
    expect(question.textHtml).toContain('class="katex"');
    expect(question.textHtml).toContain("<code>x = 2</code>");
    expect(question.textHtml).toContain("&lt;b&gt;đậm&lt;/b&gt;");
    expect(question.answers.map((a) => a.isKey)).toEqual([true, false]);
    expect(question.explanationHtml).toBe("Vì 2·2 = 4");
    expect(preview.problems).toEqual([]);
  });
});

describe("a text converted from a Word file", () => {
  it("does not advise uploading the .docx when the text came from one", () => {
    const text = "Câu 1: Hỏi?\nA. x\nB. y\n";
    const advice = (fileName?: string) =>
      parseOwnText({ text, ...(fileName ? { fileName } : {}) }).problems.some((problem) =>
        problem.message.includes("tệp .docx"),
      );
    expect(advice()).toBe(true);
    expect(advice("de-thi.docx")).toBe(false);
    expect(advice("de-thi.DOCX")).toBe(false);
  });
});
