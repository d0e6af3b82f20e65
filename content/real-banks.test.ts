import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RealBankExpectation } from "#tests/support/real-banks.ts";
import type { BankQuestion, Problem } from "./formats/types.ts";
import { PARSE_JOBS } from "./parse-jobs.ts";

/**
 * Banks as Vietnamese teachers and students write them (issue 25): every file of
 * tests/fixtures/real-banks/ (made by scripts/make-real-bank-fixtures.ts) read as the editor
 * reads a dropped file (the preview job) and as `npm run import` reads it (its job), each
 * checked against expected.json: the right keys, four answers each, no key mark and nothing of
 * the document's header or key table left in any text, the expected warnings, no error; and
 * both report the same problems at the same lines.
 */
const FOLDER = new URL("../tests/fixtures/real-banks/", import.meta.url);
const EXPECTED = JSON.parse(readFileSync(new URL("expected.json", FOLDER), "utf8")) as Record<
  string,
  RealBankExpectation
>;

/** One reading of a file, the editor's or the CLI's, in the same shape. */
interface Reading {
  questions: {
    text: string;
    answers: { text: string; key: boolean }[];
    anyKey: boolean;
    explanation: string | null;
  }[];
  problems: { line: number; severity: Problem["severity"]; message: string }[];
  /** The text the file became, when the reader shows one (the editor does). */
  text: string | null;
}

async function readAsEditor(file: string): Promise<Reading> {
  const bytes = new Uint8Array(readFileSync(new URL(file, FOLDER)));
  const result = await PARSE_JOBS.previewFile({ bytes, fileName: file });
  const problems = [
    ...result.notes.map((note) => ({ ...note, line: note.line ?? 1 })),
    ...(result.preview?.problems ?? []),
  ];
  return {
    text: result.text,
    problems: problems.map(({ line, severity, message }) => ({ line, severity, message })),
    questions: (result.preview?.questions ?? []).map((question) => ({
      text: question.textHtml,
      answers: question.answers.map((answer) => ({ text: answer.html, key: answer.isKey })),
      anyKey: question.keyCount === 1 && question.answers.filter((a) => a.isKey).length > 1,
      explanation: question.explanationHtml,
    })),
  };
}

async function readAsCli(file: string): Promise<Reading> {
  const bytes = new Uint8Array(readFileSync(new URL(file, FOLDER)));
  const result = await Promise.resolve(PARSE_JOBS.readBankFile({ bytes, file }));
  const questions: BankQuestion[] =
    result.content?.kind === "questions"
      ? result.content.questions
      : (result.content?.bank.practices.flatMap((practice) => practice.questions) ?? []);
  // As the editor places them: a problem of a question without a line of its own is at its
  // question's first line.
  const lineOf = (problem: Problem) =>
    problem.line ??
    (problem.question === undefined ? undefined : questions[problem.question - 1]?.line) ??
    1;
  return {
    text: null,
    problems: result.problems.map((problem) => ({
      line: lineOf(problem),
      severity: problem.severity,
      message: problem.message,
    })),
    questions: questions.map((question) => ({
      text: question.text,
      answers: question.answers.map((answer) => ({ text: answer.text, key: answer.key })),
      anyKey: question.anyKey === true,
      explanation: question.explanation ?? null,
    })),
  };
}

/** The text a student sees: the preview's HTML without its tags and entities. */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/gu, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .trim();
}

/** What must never stay in a stored text: key marks, and the document around the questions. */
const LEFT_OVER = [
  /[\uE000-\uF8FF]/u,
  /\*/u,
  /\(đúng\)/iu,
  /đáp án/iu,
  /\bĐA\s*:/u,
  /họ và tên/iu,
  /\bHẾT\b/u,
  /PHẦN/u,
  /SỞ GD/iu,
  /KIỂM TRA/iu,
  /LỜI GIẢI|HƯỚNG DẪN/u,
];
/** In a stem or an answer, a key line ("Chọn B") left over too; an explanation may say it. */
const LEFT_OVER_OUTSIDE_EXPLANATIONS = [...LEFT_OVER, /\bChọn\b/u];

function leftOvers(reading: Reading): string[] {
  const found: string[] = [];
  reading.questions.forEach((question, index) => {
    const texts = [question.text, ...question.answers.map((answer) => answer.text)];
    for (const text of texts) {
      for (const pattern of LEFT_OVER_OUTSIDE_EXPLANATIONS) {
        if (pattern.test(plain(text))) found.push(`câu ${index + 1}: ${pattern} in “${text}”`);
      }
    }
    for (const pattern of LEFT_OVER) {
      const explanation = plain(question.explanation ?? "");
      if (pattern.test(explanation)) found.push(`câu ${index + 1}: ${pattern} in “${explanation}”`);
    }
  });
  return found;
}

const LETTERS = "ABCDEFGH";

function keysOf(reading: Reading): string[] {
  return reading.questions.map((question) =>
    question.answers.flatMap((answer, at) => (answer.key ? [LETTERS[at]!] : [])).join(""),
  );
}

/** Where an expected equation stands: "3:text", "3:A", "3:explanation". */
function mathPlace(reading: Reading, place: string): string | null {
  const [number = "", part = ""] = place.split(":");
  const question = reading.questions[Number(number) - 1];
  if (!question) return null;
  if (part === "text") return question.text;
  if (part === "explanation") return question.explanation;
  return question.answers[LETTERS.indexOf(part)]?.text ?? null;
}

function checkReading(reading: Reading, expected: RealBankExpectation, path: "editor" | "cli") {
  const errors = reading.problems.filter((problem) => problem.severity === "error");
  expect(errors.map((error) => `dòng ${error.line}: ${error.message}`)).toEqual([]);
  expect(keysOf(reading)).toEqual(expected.keys);
  const anyKey = reading.questions.flatMap((question, index) =>
    question.anyKey ? [index + 1] : [],
  );
  expect(anyKey).toEqual(expected.anyKey ?? []);
  expect(reading.questions.map((question) => question.answers.length)).toEqual(
    reading.questions.map(() => expected.answersPerQuestion ?? 4),
  );
  expect(leftOvers(reading)).toEqual([]);
  expected.stems?.forEach((stem, index) => {
    const text = plain(reading.questions[index]?.text ?? "");
    expect(text.replace(/\s+/gu, " ")).toContain(stem.replace(/\s+/gu, " "));
  });
  expected.answers?.forEach((answers, index) => {
    if (answers === null) return;
    const seen = reading.questions[index]?.answers.map((answer) => plain(answer.text));
    expect(seen, `câu ${index + 1}`).toEqual(answers);
  });
  expected.explanations?.forEach((explanation, index) => {
    expect(plain(reading.questions[index]?.explanation ?? ""), `câu ${index + 1}`).toContain(
      explanation,
    );
  });
  for (const place of expected.math ?? []) {
    const text = mathPlace(reading, place) ?? "";
    // The CLI keeps our text ("$\frac{6}{3}$"); the editor shows it through KaTeX.
    if (path === "cli") expect(text, place).toMatch(/\$[^$]+\$/u);
    else expect(text, place).toContain('class="katex');
  }
  const warnings = reading.problems.filter((problem) => problem.severity === "warning");
  for (const piece of expected.warnings ?? []) {
    expect(
      warnings.map((warning) => warning.message),
      `a warning with “${piece}”`,
    ).toContainEqual(expect.stringContaining(piece));
  }
}

const FILES = Object.keys(EXPECTED).sort();
const GOOD = FILES.filter((file) => EXPECTED[file]!.errorAt === undefined);
const REFUSED = FILES.filter((file) => EXPECTED[file]!.errorAt !== undefined);

describe("real banks, as the editor previews a dropped file", () => {
  it.each(GOOD)("%s", async (file) => {
    checkReading(await readAsEditor(file), EXPECTED[file]!, "editor");
  });

  it.each(REFUSED)("%s is refused at the line of its faulty question", async (file) => {
    const reading = await readAsEditor(file);
    const lines = (reading.text ?? "").split("\n");
    for (const start of EXPECTED[file]!.errorAt!) {
      const line = lines.findIndex((text) => text.trimStart().startsWith(start)) + 1;
      expect(line, `a line starting “${start}”`).toBeGreaterThan(0);
      const errors = reading.problems.filter((problem) => problem.severity === "error");
      expect(errors.map((error) => error.line)).toContain(line);
    }
  });
});

describe("real banks, as `npm run import` reads a file", () => {
  it.each(GOOD)("%s", async (file) => {
    checkReading(await readAsCli(file), EXPECTED[file]!, "cli");
  });

  it.each(REFUSED)("%s is refused", async (file) => {
    const reading = await readAsCli(file);
    expect(reading.problems.some((problem) => problem.severity === "error")).toBe(true);
  });
});

describe("the editor and the CLI read a file alike", () => {
  const order = (a: Reading["problems"][number], b: Reading["problems"][number]) =>
    a.line - b.line || a.message.localeCompare(b.message);

  it.each(FILES)("%s: the same problems at the same lines, the same keys", async (file) => {
    const [editor, cli] = await Promise.all([readAsEditor(file), readAsCli(file)]);
    expect([...cli.problems].sort(order)).toEqual([...editor.problems].sort(order));
    expect(keysOf(cli)).toEqual(keysOf(editor));
  });
});
