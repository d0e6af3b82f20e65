import { describe, expect, it } from "vitest";
import { foldForSearch } from "#app/utils/search.ts";
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
const keyCount = (q: BankQuestion) => q.answers.filter((a) => a.key).length;
const textsOf = (q: BankQuestion) => [q.text, ...q.answers.map((a) => a.text), q.explanation ?? ""];

describe("sample banks", () => {
  it("cover at least six subjects with descriptions and search keywords", () => {
    expect(banks.length).toBeGreaterThanOrEqual(6);
    for (const { subject } of banks) {
      expect(subject.description.length, subject.code).toBeGreaterThan(10);
      expect(subject.keywords.length, subject.code).toBeGreaterThan(0);
    }
  });

  it("hold at least 12 practices and 800 questions, none under 40", () => {
    expect(practices.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeGreaterThanOrEqual(800);
    for (const practice of practices)
      expect(practice.questions.length, practice.code).toBeGreaterThanOrEqual(40);
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

  it("say how many answers to pick, matching the keys", () => {
    const wrong = questions
      .filter(({ question }) => /\(Chọn (\d+) đáp án\)/.test(question.text))
      .filter(
        ({ question }) =>
          Number(/\(Chọn (\d+) đáp án\)/.exec(question.text)![1]) !== keyCount(question),
      )
      .map(({ where }) => where);
    expect(wrong).toEqual([]);
  });

  it("never offer “all of the above” next to a multi-answer key that contradicts it", () => {
    const catchAll =
      /tất cả (các )?(phương án|đáp án|ý|câu)?\s*(trên )?đều đúng|cả [a-h] và [a-h]|all of the above/i;
    const bad = questions
      .filter(({ question }) => question.answers.some((a) => catchAll.test(a.text)))
      .filter(
        ({ question }) =>
          keyCount(question) > 1 || question.answers.some((a) => catchAll.test(a.text) && !a.key),
      )
      .map(({ where }) => where);
    expect(bad).toEqual([]);
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
