import { describe, expect, it } from "vitest";
import { toExportAttempt, type AttemptRow, type ExportAnswer } from "#db/data-export.ts";
import { csvCell, csvRows } from "./data-export.ts";

/** The CSV's cells and an attempt of no practice (a review of mistakes). */
describe("csvCell", () => {
  it("quotes text and doubles its quotes, so commas and line breaks stay in the cell", () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell("Câu hỏi")).toBe('"Câu hỏi"');
    expect(csvCell(12)).toBe("12");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const formula of ["=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    }
    expect(csvCell("a=1")).toBe('"a=1"');
  });

  it("neutralises a formula hidden behind leading spaces, NBSP, zero-width space, BOM or other invisible characters", () => {
    const invisible = [
      " ",
      "   ",
      "\u00a0", // no-break space
      "\u200b", // zero-width space
      "\ufeff", // byte-order mark
      "\u200c\u200d\u2060", // zero-width non-joiner, joiner, word joiner
      "\u3000", // ideographic space
      "\u2028", // line separator
      "\u00ad", // soft hyphen
      "\u202e", // right-to-left override
      "\n",
      "\u0000",
      " \u00a0\u200b\ufeff",
    ];
    for (const lead of invisible) {
      for (const trigger of ["=1+2", "+1", "-1", "@SUM(A1)"]) {
        const value = `${lead}${trigger}`;
        expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value}"`);
      }
    }
    // A leading tab, carriage return or other control character is itself refused, whatever follows.
    for (const value of ["\tchữ", "\rchữ", "\nchữ", "\u0000chữ"]) {
      expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value}"`);
    }
    // Ordinary text that merely starts with a space stays as it is.
    expect(csvCell(" Câu hỏi = 2")).toBe('" Câu hỏi = 2"');
    expect(csvCell("\u00a0Câu 1")).toBe('"\u00a0Câu 1"');
  });
});

const answer: ExportAnswer = {
  position: 0,
  questionId: 7,
  questionNumber: 3,
  questionText: "Câu 3: lệnh `ls` và $x^2$",
  kind: "choice",
  answers: [
    { idx: 0, text: "Đúng", isKey: true },
    { idx: 1, text: "Sai", isKey: false },
  ],
  pictures: [],
  selected: [],
  response: null,
  confidence: null,
  right: false,
  practice: { code: "de-goc", title: "Đề gốc của câu" },
  subject: { code: "mon", name: "Môn" },
};

// The row as a review of mistakes will store it: no practice (attempt.practice_id nullable).
const mistakesRow: AttemptRow = {
  id: "00000000-0000-4000-8000-000000000001",
  practice_id: null,
  practice_code: null,
  practice_title: null,
  description: "Ôn lỗi sai",
  type: "MISTAKES",
  chapter_idx: null,
  range_start: null,
  range_end: null,
  practice_type: "SEQUENCE",
  config: "{}",
  answer_orders: null,
  number_of_right: 0,
  number_of_wrong: 1,
  question_count: 1,
  total_time: 12,
  created_at: "2025-03-01T17:30:00.000Z",
};

describe("an attempt of no practice", () => {
  it("exports with a null practice, its rows name each question's own practice, and its text reads as plain words in a spreadsheet", () => {
    const attempt = toExportAttempt(mistakesRow, [answer]);
    expect(attempt).toMatchObject({ type: "MISTAKES", practice: null, range: null });
    expect(csvRows(attempt)).toBe(
      [
        mistakesRow.id,
        "02/03/2025 00:30",
        "Môn",
        "Đề gốc của câu",
        "Ôn lỗi sai",
        3,
        "Câu 3: lệnh ls và x^2",
        "(không chọn)",
        "A. Đúng",
        "Sai",
        "0/1 câu đúng",
      ]
        .map(csvCell)
        .join(",") + "\r\n",
    );
  });
});
