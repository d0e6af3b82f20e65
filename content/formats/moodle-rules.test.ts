import { describe, expect, it } from "vitest";
import { parseGift } from "./gift.ts";
import { parseMoodleXml } from "./moodle-xml.ts";
import type { ParseResult, ParsedQuestions, Problem } from "./types.ts";

/**
 * Moodle's rules for answer keys, each in its GIFT and its Moodle XML form:
 * both must give the same keys, and the same errors and warnings.
 */

interface XmlAnswer {
  fraction: number;
  text: string;
  feedback?: string;
}

function xml(answers: XmlAnswer[], single?: boolean): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<quiz>",
    '  <question type="multichoice">',
    '    <questiontext format="html"><text>Câu hỏi</text></questiontext>',
    ...(single === undefined ? [] : [`    <single>${single}</single>`]),
    ...answers.map(
      (a) =>
        `    <answer fraction="${a.fraction}"><text>${a.text}</text>${
          a.feedback ? `<feedback><text>${a.feedback}</text></feedback>` : ""
        }</answer>`,
    ),
    "  </question>",
    "</quiz>",
  ].join("\n");
}

function keysOf(result: ParseResult<ParsedQuestions>) {
  const [question] = result.value.questions;
  return {
    keys: question?.answers.filter((a) => a.key).map((a) => a.text),
    anyKey: question?.anyKey ?? false,
  };
}

function messages(problems: Problem[], severity: Problem["severity"]): string[] {
  return problems.filter((p) => p.severity === severity).map((p) => p.message);
}

function both(gift: string, xmlText: string) {
  const fromGift = parseGift(gift, "q.gift");
  const fromXml = parseMoodleXml(xmlText, "q.xml");
  return { fromGift, fromXml };
}

describe("single choice (GIFT: any “=” answer; XML: <single>true</single> or none)", () => {
  it("partial credit is not a key: only the 100% answer is right, with a warning", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {~wrong ~%50%half credit =full credit}",
      xml([
        { fraction: 0, text: "wrong" },
        { fraction: 50, text: "half credit" },
        { fraction: 100, text: "full credit" },
      ]),
    );
    for (const result of [fromGift, fromXml]) {
      expect(keysOf(result)).toEqual({ keys: ["full credit"], anyKey: false });
      expect(messages(result.problems, "error")).toEqual([]);
      expect(messages(result.problems, "warning")).toEqual([
        "Phương án “half credit” được 50% số điểm trong Moodle; ở đây chỉ phương án 100% được tính là đúng",
      ]);
    }
  });

  it("{~A ~%25%B ~%50%C =D} has one key, D", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {~A ~%25%B ~%50%C =D}",
      xml(
        [
          { fraction: 0, text: "A" },
          { fraction: 25, text: "B" },
          { fraction: 50, text: "C" },
          { fraction: 100, text: "D" },
        ],
        true,
      ),
    );
    for (const result of [fromGift, fromXml]) {
      expect(keysOf(result)).toEqual({ keys: ["D"], anyKey: false });
      expect(messages(result.problems, "warning")).toHaveLength(2);
    }
  });

  it("several 100% answers: any one of them is right (anyKey), not all four", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {=spring =summer =winter =autumn ~easter}",
      xml([
        { fraction: 100, text: "spring" },
        { fraction: 100, text: "summer" },
        { fraction: 100, text: "winter" },
        { fraction: 100, text: "autumn" },
        { fraction: 0, text: "easter" },
      ]),
    );
    for (const result of [fromGift, fromXml]) {
      expect(result.problems).toEqual([]);
      expect(keysOf(result)).toEqual({
        keys: ["spring", "summer", "winter", "autumn"],
        anyKey: true,
      });
    }
  });

  it("refuses a weight that is not in Moodle's grade list, at its line", () => {
    const { fromGift, fromXml } = both(
      "\n\nCâu hỏi {~%33%A =B ~C}",
      xml([
        { fraction: 33, text: "A" },
        { fraction: 100, text: "B" },
        { fraction: 0, text: "C" },
      ]),
    );
    const message =
      "Trọng số 33% của phương án “A” không có trong danh sách điểm của Moodle (100%, 90%, 83,33333%, 80%, 75%, …, 5%, 0% và các số âm tương ứng)";
    expect(fromGift.problems.filter((p) => p.severity === "error")).toEqual([
      { file: "q.gift", line: 3, question: 1, message, severity: "error" },
    ]);
    expect(fromXml.problems).toEqual([
      { file: "q.xml", line: 3, question: 1, message, severity: "error" },
    ]);
    // The invalid weight is not also reported as partial credit.
    expect(messages(fromGift.problems, "warning")).toEqual([]);
  });
});

describe("multiple answer (GIFT: no “=” answer; XML: <single>false</single>)", () => {
  it("the keys are exactly the positive-weight answers", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {~%50%a ~%50%b ~%-100%c ~d}",
      xml(
        [
          { fraction: 50, text: "a" },
          { fraction: 50, text: "b" },
          { fraction: -100, text: "c" },
          { fraction: 0, text: "d" },
        ],
        false,
      ),
    );
    for (const result of [fromGift, fromXml]) {
      expect(result.problems).toEqual([]);
      expect(keysOf(result)).toEqual({ keys: ["a", "b"], anyKey: false });
    }
  });

  it("three keys of 33.33333% add up to 100%", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}",
      xml(
        [
          { fraction: 33.33333, text: "a" },
          { fraction: 33.33333, text: "b" },
          { fraction: 33.33333, text: "c" },
          { fraction: -100, text: "d" },
        ],
        false,
      ),
    );
    for (const result of [fromGift, fromXml]) {
      expect(result.problems).toEqual([]);
      expect(keysOf(result).keys).toEqual(["a", "b", "c"]);
    }
  });

  it("refuses positive weights that do not add up to 100%", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {~%50%a ~%25%b ~c}",
      xml(
        [
          { fraction: 50, text: "a" },
          { fraction: 25, text: "b" },
          { fraction: 0, text: "c" },
        ],
        false,
      ),
    );
    for (const result of [fromGift, fromXml]) {
      expect(messages(result.problems, "error")).toEqual([
        "Câu nhiều đáp án: các trọng số dương cộng lại được 75%, phải đúng 100%",
      ]);
    }
  });
});

describe("per-answer feedback", () => {
  it("is kept on its answer in GIFT and XML", () => {
    const { fromGift, fromXml } = both(
      "Câu hỏi {=Có#Chính xác ~Không#Chưa đúng}",
      xml([
        { fraction: 100, text: "Có", feedback: "Chính xác" },
        { fraction: 0, text: "Không", feedback: "Chưa đúng" },
      ]),
    );
    for (const result of [fromGift, fromXml]) {
      expect(result.value.questions[0]?.answers).toEqual([
        { text: "Có", key: true, feedback: "Chính xác" },
        { text: "Không", key: false, feedback: "Chưa đúng" },
      ]);
    }
  });
});
