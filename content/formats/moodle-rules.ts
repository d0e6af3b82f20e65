import type { BankAnswer } from "./types.ts";

/**
 * Moodle's rules for which answers of a multiple-choice question are right, shared by GIFT and
 * Moodle XML. A single-choice question is right when the one pick is a 100% answer (there may be
 * several: any one of them is right); answers with partial credit are not keys, since we score
 * right or wrong. A multiple-answer question is right when the picks are exactly the answers with
 * a positive weight, which must add up to 100%. Moodle refuses weights outside its grade list.
 */

/** question_bank::fraction_options_full(), in percent; negatives are allowed too. */
const MOODLE_GRADES = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571,
  12.5, 11.11111, 10, 5, 0,
];

/** Moodle's own tolerance (match_grade_options: 0.00001 of a fraction), in percent. */
const GRADE_TOLERANCE = 0.001;

export interface WeightedAnswer {
  text: string;
  /** Percent, as written: "=" is 100, "~" without a weight is 0. */
  weight: number;
  feedback?: string;
}

export interface ChoiceKeys {
  answers: BankAnswer[];
  anyKey: boolean;
  /** Plain Vietnamese sentences; each one makes the question an error at its line. */
  errors: string[];
  /** Partial credit that we cannot give: reported, not blocking. */
  warnings: string[];
}

export function choiceKeys(weighted: WeightedAnswer[], single: boolean): ChoiceKeys {
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const answer of weighted) {
    if (!isMoodleGrade(answer.weight)) {
      errors.push(
        `Trọng số ${formatPercent(answer.weight)} của phương án “${answer.text}” không có trong danh sách điểm của Moodle (100%, 90%, 83,33333%, 80%, 75%, …, 5%, 0% và các số âm tương ứng)`,
      );
    }
  }
  const answers = weighted.map((answer): BankAnswer => {
    const key = single ? answer.weight >= 100 - GRADE_TOLERANCE : answer.weight > 0;
    return answer.feedback
      ? { text: answer.text, key, feedback: answer.feedback }
      : { text: answer.text, key };
  });
  if (single) {
    for (const answer of weighted) {
      // An invalid weight is already an error; partial credit is only news for a valid one.
      const partial = answer.weight > 0 && answer.weight < 100 - GRADE_TOLERANCE;
      if (partial && isMoodleGrade(answer.weight)) {
        warnings.push(
          `Phương án “${answer.text}” được ${formatPercent(answer.weight)} số điểm trong Moodle; ở đây chỉ phương án 100% được tính là đúng`,
        );
      }
    }
  } else {
    const total = weighted.reduce((sum, answer) => sum + Math.max(answer.weight, 0), 0);
    // Moodle rounds the sum of fractions to two decimals before comparing it with 1.
    if (total > 0 && Math.round(total) !== 100) {
      errors.push(
        `Câu nhiều đáp án: các trọng số dương cộng lại được ${formatPercent(total)}, phải đúng 100%`,
      );
    }
  }
  const keys = answers.filter((answer) => answer.key).length;
  return { answers, anyKey: single && keys > 1, errors, warnings };
}

function isMoodleGrade(weight: number): boolean {
  return MOODLE_GRADES.some((grade) => Math.abs(Math.abs(weight) - grade) < GRADE_TOLERANCE);
}

function formatPercent(weight: number): string {
  return `${Number(weight.toFixed(5)).toLocaleString("vi-VN", { maximumFractionDigits: 5 })}%`;
}
