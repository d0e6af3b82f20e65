import { describe, expect, it } from "vitest";
import { describeQuestionsRead } from "./cli-report.ts";
import { parseAiken } from "./formats/aiken.ts";

/** Moodle's own Aiken test file with errors: Moodle imports its two good questions. */
const MOODLE_AIKEN_ERRORS = [
  "A question with too few answers", // 1
  "A) Only answer",
  "ANSWER: A",
  "",
  "A) Question not started", // 5
  "",
  "ANSWER: Question not started",
  "",
  "A good question", // 9
  "A) Correct",
  "B) Incorrect",
  "ANSWER: A",
  "",
  "A question started but not finished", // 14
  "A) Correct-ish",
  "B) Incorrect-ish",
  "",
  "A second good question", // 18
  "A)Incorrect (No space)",
  "B)Correct (No space)",
  "ANSWER: B",
].join("\n");

describe("describeQuestionsRead", () => {
  it("one bad Aiken question no longer hides the good ones: says which were read fine and which are wrong, by number and line", () => {
    const { value, problems } = parseAiken(MOODLE_AIKEN_ERRORS, "loi.txt");
    expect(describeQuestionsRead("loi.txt", value.questions, problems)).toBe(
      [
        "loi.txt: đọc được 5 câu, 2 câu không lỗi, 3 câu có lỗi.",
        "  Không lỗi: câu 3 (dòng 9), câu 5 (dòng 18)",
        "  Có lỗi: câu 1 (dòng 1), câu 2 (dòng 5), câu 4 (dòng 14)",
      ].join("\n"),
    );
  });

  it("gives runs of good questions as ranges, and errors outside any question by line", () => {
    const questions = Array.from({ length: 6 }, (_, index) => ({
      text: "?",
      answers: [],
      line: index * 4 + 1,
    }));
    const error = (line: number, question?: number) => ({
      file: "f.gift",
      line,
      ...(question === undefined ? {} : { question }),
      message: "x",
      severity: "error" as const,
    });
    const warning = { ...error(1, 1), severity: "warning" as const };
    expect(
      describeQuestionsRead("f.gift", questions, [warning, error(9, 3), error(9, 3), error(30)]),
    ).toBe(
      [
        "f.gift: đọc được 6 câu, 5 câu không lỗi, 1 câu có lỗi.",
        "  Không lỗi: câu 1–2 (dòng 1–5), câu 4–6 (dòng 13–21)",
        "  Có lỗi: câu 3 (dòng 9)",
        "  Lỗi ngoài các câu trên: dòng 30",
      ].join("\n"),
    );
  });

  it("says nothing of a file without errors", () => {
    const { value, problems } = parseAiken("Một?\nA. x\nB. y\nANSWER: A", "tot.txt");
    expect(describeQuestionsRead("tot.txt", value.questions, problems)).toBeUndefined();
  });
});
