import { describe, expect, it } from "vitest";
import { foldForSearch } from "#base/search.ts";
import type { Bank, BankQuestion } from "./formats/types.ts";
import { readBankFolder } from "./load-banks.ts";
import { findMathErrors } from "./rich-text.ts";

/**
 * Content lint of the sample banks in content/banks: the counts the product promises, and the
 * mistakes a reviewer would otherwise have to catch by eye. Parsing itself (keys among the
 * answers, 2–8 answers, no duplicate answers, chapters) is the importer's validation, which
 * readBankFolder runs and which throws on any error.
 */
const banks: Bank[] = readBankFolder(new URL("./banks", import.meta.url).pathname);
const practices = banks.flatMap((bank) =>
  bank.practices.map((practice) => ({ ...practice, subject: bank.subject.code })),
);
const questions = practices.flatMap((practice) =>
  practice.questions.map((question, i) => ({ question, where: `${practice.code} câu ${i + 1}` })),
);
// Only multiple choice is picked by letter (ADR 0022): a Đúng/Sai question's true statements and
// a short answer's accepted answers (always "A") have no key place to spread.
const keyCount = (q: BankQuestion) => (q.kind ? 0 : q.answers.filter((a) => a.key).length);
const textsOf = (q: BankQuestion) => [q.text, ...q.answers.map((a) => a.text), q.explanation ?? ""];

/*
 * An answer's letter and place change when "Xáo trộn đáp án" is on, and a question's keys must
 * not all stand first, so no answer or explanation may point at another answer by its letter or
 * place; answers name contents instead ("Cả hàm printf và hàm puts", not "Cả A và B").
 */
/** Vietnamese letters fall outside JavaScript's \b, so words are bounded by hand. */
const words = (source: string, flags = "iu") =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, flags);
/** Letters are capitals only (lower-case a, b are variables in the C and maths banks), so the
 * words around them are spelt in either case by hand. */
const anyCase = (source: string) =>
  source.replace(/\p{L}/gu, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
const answerNoun =
  "đáp án|phương án|lựa chọn|câu trả lời|ý|câu|options?|answers?|choices?|statements?";
const byPlace = [
  // "đáp án B", "phương án 2", "đáp án đúng là C", "option D"
  words(
    `(?:${anyCase(answerNoun)})(?: ${anyCase("đúng")})?(?: ${anyCase("là|số|thứ")})? (?:[A-H]|[1-8])`,
    "u",
  ),
  // "phương án thứ hai", "đáp án cuối", "các ý ở trên", "the answers above"
  words(
    `(?:${answerNoun}) (?:số |thứ )?(?:một|hai|ba|tư|bốn|năm|sáu|nhất|đầu|đầu tiên|cuối|cuối cùng|sau cùng|kế tiếp|trên|dưới|ở trên|ở dưới|kể trên|nêu trên|first|second|third|fourth|fifth|last|above|below)`,
  ),
  // "the second option", "the above", "all of the above", "none of the answers"
  words("(?:first|second|third|fourth|fifth|last|previous|next) (?:options?|answers?|choices?)"),
  words("the above|(?:all|none|both|neither) of the (?:above|options|answers|choices)"),
];
const catchAll = [
  // "Tất cả các đáp án trên", "Cả hai câu trên", "Không đáp án nào ở trên", "Các ý còn lại"
  words(
    `(?:tất cả|cả hai|cả ba|cả bốn|không có|không|mọi|các|những) (?:các |những )?(?:đáp án|phương án|lựa chọn|câu trả lời|ý|câu)(?: (?:nào|trên|dưới|ở trên|kể trên|nêu trên|còn lại|đã nêu|đều)|$)`,
  ),
  // "Tất cả đều đúng", "Cả hai đều sai", "Both are correct"
  words(
    "(?:tất cả|cả hai|cả ba|cả bốn)(?: đều)? (?:đúng|sai)|(?:all|both|neither|none) (?:is|are) (?:correct|right|wrong|true|false)",
  ),
  // "Cả A và B đều đúng", "A và C", "A, B hoặc D", "Both A and B"
  words("[A-H](?:, [A-H])*,? (?:và|hoặc|and|or|nor|&|\\+) [A-H]", "u"),
];
/** An answer may not lean on the others at all; an explanation may say "các phương án còn lại". */
const refersToAnotherAnswer = (text: string) =>
  [...byPlace, ...catchAll].some((re) => re.test(text));
const namesAnswerByPlace = (text: string) => byPlace.some((re) => re.test(text));
/** "(Chọn 2 đáp án)", "(chọn 2 đáp án đúng)", "(Select two)", "Chọn tất cả các đáp án đúng".
 * English only with a spelt-out number: "(SELECT 1 …)" is SQL. */
const pickCountHint = words(
  [
    "\\(\\s*(?:hãy |có thể )?chọn (?:\\d+|hai|ba|bốn|năm|nhiều|tất cả)(?: [^()\\n]*)?\\)",
    "\\(\\s*(?:\\d+|hai|ba|bốn|nhiều) (?:đáp án|phương án)[^()\\n]*\\)",
    "chọn (?:\\d+|hai|ba|bốn|năm|nhiều|tất cả)(?: các)? (?:đáp án|phương án|câu trả lời)",
    "(?:select|choose|pick|tick|mark) (?:two|three|four|five)(?: (?:correct )?(?:answers|options|choices))?",
    "all that apply",
  ].join("|"),
);

describe("sample banks", () => {
  it("cover at least six subjects with descriptions and search keywords", () => {
    expect(banks.length).toBeGreaterThanOrEqual(6);
    for (const { subject } of banks) {
      expect(subject.description.length, subject.code).toBeGreaterThan(10);
      expect(subject.keywords.length, subject.code).toBeGreaterThan(0);
    }
  });

  it("hold at least 12 practices and 800 questions, none under 40 but the mock exams in the 2025 layout", () => {
    expect(practices.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeGreaterThanOrEqual(800);
    for (const practice of practices) {
      // A mock exam has the exam's own count (22 in mathematics, 28 in physics), never fewer.
      const exam = practice.questions.some((q) => q.kind !== undefined);
      expect(practice.questions.length, practice.code).toBeGreaterThanOrEqual(exam ? 22 : 40);
    }
  });

  it("have at least two practices with four or more chapters", () => {
    const chaptered = practices.filter((p) => (p.chapters?.length ?? 0) >= 4);
    expect(chaptered.length).toBeGreaterThanOrEqual(2);
    for (const practice of chaptered) {
      const used = new Set(practice.questions.map((q) => q.chapter));
      expect(used.size, `${practice.code}: every chapter has questions`).toBe(
        practice.chapters!.length,
      );
    }
  });

  it("have enough multi-answer, five- and six-answer and explained questions", () => {
    expect(
      questions.filter(({ question }) => keyCount(question) > 1).length,
    ).toBeGreaterThanOrEqual(40);
    expect(
      questions.filter(({ question }) => question.answers.length >= 5).length,
    ).toBeGreaterThanOrEqual(30);
    const explained = questions.filter(({ question }) => question.explanation?.trim()).length;
    expect(explained / questions.length).toBeGreaterThanOrEqual(0.3);
    expect(questions.filter(({ question }) => question.reference).length).toBeGreaterThan(0);
  });

  it("credit a source on every practice", () => {
    for (const practice of practices) expect(practice.source, practice.code).toMatch(/\S/);
  });

  it("have SQL and C code blocks whose line breaks matter, and math", () => {
    const all = questions.map(({ question }) => question.text);
    expect(
      all.filter((text) => /```sql\n[^`]*\n[^`]*```/.test(text)).length,
    ).toBeGreaterThanOrEqual(10);
    expect(all.filter((text) => /```c\n[^`]*\n[^`]*```/.test(text)).length).toBeGreaterThanOrEqual(
      10,
    );
    expect(all.filter((text) => /\$[^$\n]+\$/.test(text)).length).toBeGreaterThanOrEqual(10);
  });

  it("close every code block and write only valid KaTeX", () => {
    const problems: string[] = [];
    for (const { question, where } of questions) {
      for (const text of textsOf(question)) {
        if ((text.match(/```/g) ?? []).length % 2 !== 0)
          problems.push(`${where}: unclosed code block`);
        for (const error of findMathErrors(text)) problems.push(`${where}: ${error}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("carry no “(Chọn 2 đáp án)” hint in a question text: the room says how many to pick", () => {
    const hinted = questions
      .filter(({ question }) => pickCountHint.test(question.text))
      .map(({ question, where }) => `${where}: ${pickCountHint.exec(question.text)![0]}`);
    expect(hinted).toEqual([]);
  });

  it("never let an answer or an explanation name another answer by its letter or position", () => {
    const positional: string[] = [];
    for (const { question, where } of questions) {
      question.answers.forEach((answer, i) => {
        if (refersToAnotherAnswer(answer.text))
          positional.push(`${where} đáp án ${i + 1}: ${answer.text}`);
      });
      if (question.explanation && namesAnswerByPlace(question.explanation))
        positional.push(`${where} lời giải: ${question.explanation}`);
    }
    expect(positional).toEqual([]);
  });

  it("tell an answer that points at another from one that only looks like it", () => {
    const pointing = [
      "Cả A và B đều đúng",
      "A và C",
      "A, B hoặc D",
      "Both A and B",
      "Tất cả các đáp án trên",
      "Tất cả các phương án đều đúng",
      "Tất cả đều đúng",
      "Cả hai câu trên",
      "Cả hai đều sai",
      "Không đáp án nào ở trên",
      "Không có phương án nào đúng",
      "Các ý còn lại đều sai",
      "Chọn đáp án 1",
      "Giống phương án B",
      "Như phương án thứ hai",
      "Đáp án cuối cùng",
      "All of the above",
      "None of the above",
      "Both answers above",
      "The second option",
      "Neither is correct",
    ];
    const lookalikes = [
      "Cả hai đều được gửi quảng bá",
      "Cả hai giữ nguyên như trước lệnh `BEGIN`",
      "{A, B, C, D, E}",
      "D, B, E, A, C, F",
      "$R_1(A, B)$ và $R_2(A, C)$",
      "Dựa vào lớp (A, B, C) của địa chỉ đích",
      "cả a và b đều là `int *`",
      "Gửi tràn khung ra tất cả các cổng",
      "Các câu lệnh `SELECT` đều chạy chậm hơn",
      "He is knowing the answer.",
      "Dòng thứ nhất là `abc`, dòng thứ hai là `4`",
    ];
    expect(pointing.filter((text) => !refersToAnotherAnswer(text))).toEqual([]);
    expect(lookalikes.filter(refersToAnotherAnswer)).toEqual([]);
    expect(namesAnswerByPlace("Phương án thứ hai có phần tử 2 lặp lại")).toBe(true);
    expect(namesAnswerByPlace("Các phương án còn lại mô tả topo lưới")).toBe(false);
    for (const hint of ["(Chọn 2 đáp án)", "(chọn 2 đáp án đúng)", "(Select two)", "(Chọn 3)"])
      expect(pickCountHint.test(`Khẳng định nào đúng? ${hint}`), hint).toBe(true);
    for (const text of [
      "Chọn đáp án đúng để hoàn thành câu:",
      "Có bao nhiêu cách chọn 3 người từ 10 người?",
      "Mạng con nào (tiêu đề 20 byte, không có tùy chọn)?",
    ])
      expect(pickCountHint.test(text), text).toBe(false);
  });

  it("put the key in every position about equally often, in every practice", () => {
    // Otherwise picking the same letter every time scores far above chance.
    const lopsided: string[] = [];
    for (const practice of practices) {
      const singleKey = practice.questions.filter((q) => keyCount(q) === 1);
      if (singleKey.length < 20) continue;
      const keysAt = new Map<number, number>();
      for (const q of singleKey) {
        const at = q.answers.findIndex((a) => a.key);
        keysAt.set(at, (keysAt.get(at) ?? 0) + 1);
      }
      for (const [at, count] of keysAt)
        if (count > 0.4 * singleKey.length)
          lopsided.push(
            `${practice.code}: ${String.fromCharCode(65 + at)} is the key of ${count} of ${singleKey.length}`,
          );
    }
    expect(lopsided).toEqual([]);
  });

  it("hold no duplicate or near-duplicate questions, within or across practices", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { question, where } of questions) {
      // Folded text plus the sorted answers: the same stem with other options is another question.
      const stem = foldForSearch(question.text)
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
      const options = question.answers
        .map((a) => foldForSearch(a.text))
        .sort()
        .join("|");
      const key = `${stem}#${options}`;
      const first = seen.get(key) ?? seen.get(stem);
      if (first) duplicates.push(`${where} ~ ${first}`);
      seen.set(key, where);
      if (stem.split(" ").length >= 8) seen.set(stem, where);
    }
    expect(duplicates).toEqual([]);
  });
});
