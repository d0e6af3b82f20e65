import type { BankAnswer, BankChapter, BankQuestion, ParsedQuestions } from "./types.ts";

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

/**
 * Moodle's question types we skip, in the words a Vietnamese teacher knows them by. The keys are
 * the names Moodle XML's export writes ("matching", "cloze") and the ones its import also takes
 * ("match", "multianswer"); GIFT's reader names its types the same way.
 */
const MOODLE_TYPE_NAMES = new Map([
  ["shortanswer", "trả lời ngắn"],
  ["numerical", "số"],
  ["match", "ghép đôi"],
  ["matching", "ghép đôi"],
  ["randomsamatch", "ghép đôi ngẫu nhiên"],
  ["essay", "tự luận"],
  ["description", "đoạn mô tả"],
  ["multianswer", "điền khuyết nhiều chỗ (cloze)"],
  ["cloze", "điền khuyết nhiều chỗ (cloze)"],
  ["calculated", "tính toán"],
  ["calculatedsimple", "tính toán đơn giản"],
  ["calculatedmulti", "tính toán nhiều lựa chọn"],
  ["ddwtos", "kéo thả vào văn bản"],
  ["gapselect", "chọn từ điền khuyết"],
  ["ddimageortext", "kéo thả vào ảnh"],
  ["ddmarker", "kéo thả điểm đánh dấu"],
  ["random", "câu ngẫu nhiên"],
  ["truefalse", "đúng/sai"],
  ["ordering", "sắp xếp thứ tự"],
]);

/** A Moodle type's Vietnamese name; a type we do not know is named as written, quoted. */
export function moodleTypeName(type: string): string {
  return MOODLE_TYPE_NAMES.get(type) ?? `“${type}”`;
}

/**
 * Moodle files a question that comes before the first category (or under the bare "top") in
 * the category chosen at import: its default one. Our practice has no such choice, and once a
 * file has chapters every question must be in one, so those questions go into a chapter of
 * their own, "Chung", placed where they first appear among the chapters. A file without
 * categories keeps no chapters at all.
 */
const DEFAULT_CHAPTER_TITLE = "Chung";

export function fileUncategorised(parsed: ParsedQuestions): void {
  const { chapters, questions } = parsed;
  const first = questions.findIndex((question) => question.chapter === undefined);
  if (chapters.length === 0 || first < 0) return;
  const existing = chapters.findIndex((chapter) => chapter.title === DEFAULT_CHAPTER_TITLE);
  let target = existing;
  if (existing < 0) {
    target = questions
      .slice(0, first)
      .reduce((last, question) => Math.max(last, (question.chapter ?? -1) + 1), 0);
    chapters.splice(target, 0, { title: DEFAULT_CHAPTER_TITLE });
    for (const question of questions) {
      if (question.chapter !== undefined && question.chapter >= target) question.chapter += 1;
    }
  }
  for (const question of questions) question.chapter ??= target;
}

/** A short-answer or numerical answer as Moodle weighs it. */
export interface AcceptedAnswer extends WeightedAnswer {
  tolerance?: number;
}

/** The longest answer a student can type (engine/responses.ts: a response of ≤ 32 characters). */
const SHORT_ANSWER_LIMIT = 32;

/**
 * Moodle's short answer and numerical: a response is graded by the first answer it matches, and
 * only answers of fraction 100 are right. An answer of partial credit would give a part of the
 * points we cannot give, so the question is refused rather than scored otherwise than its author
 * meant; an answer of 0% (or less) is a known wrong answer with its feedback, and is no key.
 * `wildcards`: a short answer's "*" matches anything in Moodle, which we cannot compare.
 */
export function shortAnswerKeys(
  weighted: AcceptedAnswer[],
  wildcards: boolean,
): Omit<ChoiceKeys, "anyKey"> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const answers: BankAnswer[] = [];
  for (const answer of weighted) {
    const shown = answer.text.length > 40 ? `${answer.text.slice(0, 39)}…` : answer.text;
    if (!isMoodleGrade(answer.weight)) {
      errors.push(
        `Trọng số ${formatPercent(answer.weight)} của đáp án “${shown}” không có trong danh sách điểm của Moodle`,
      );
    } else if (answer.weight > 0 && answer.weight < 100 - GRADE_TOLERANCE) {
      errors.push(
        `Đáp án “${shown}” được ${formatPercent(answer.weight)} số điểm trong Moodle; câu trả lời ngắn ở đây chỉ đúng hoặc sai, hãy đặt đáp án này 100% hoặc bỏ nó đi`,
      );
    } else if (answer.weight >= 100 - GRADE_TOLERANCE) {
      if (wildcards && answer.text.includes("*")) {
        errors.push(`Đáp án “${shown}” có dấu “*” (khớp mọi chữ trong Moodle); ở đây chưa hỗ trợ`);
      } else if (answer.text.length > SHORT_ANSWER_LIMIT) {
        errors.push(
          `Đáp án “${shown}” dài ${answer.text.length} ký tự; câu trả lời ngắn chỉ nhận tối đa ${SHORT_ANSWER_LIMIT} ký tự`,
        );
      }
      const key: BankAnswer = { text: answer.text, key: true };
      if (answer.tolerance) key.tolerance = answer.tolerance;
      if (answer.feedback) key.feedback = answer.feedback;
      answers.push(key);
    } else {
      warnings.push(
        `Đáp án sai “${shown}” (${formatPercent(answer.weight)}) chỉ dùng để nhận xét trong Moodle nên không được nhập`,
      );
    }
  }
  if (answers.length === 0 && errors.length === 0) {
    errors.push("Câu trả lời ngắn không có đáp án nào được 100% số điểm");
  }
  return { answers, errors, warnings };
}

/**
 * A question Moodle's own true/false type holds, as both our writers (GIFT's {T}/{F}, Moodle
 * XML's truefalse) write it: the answers "Đúng" then "Sai", one of them the key.
 */
export function isMoodleTrueFalse(question: BankQuestion): boolean {
  const [first, second] = question.answers;
  return (
    question.answers.length === 2 &&
    first?.text === "Đúng" &&
    second?.text === "Sai" &&
    first.key !== second.key
  );
}

/**
 * Moodle's readers (and ours) number chapters in order of first use. A writer declares every
 * category first when that order would differ from ours, or a chapter has no question
 * written, so chapter indexes survive a round trip.
 */
export function chaptersNeedDeclaring(
  written: readonly BankQuestion[],
  chapters: readonly BankChapter[],
): boolean {
  const used = [...new Set(written.flatMap((q) => (q.chapter === undefined ? [] : [q.chapter])))];
  return !(used.length === chapters.length && used.every((chapter, index) => chapter === index));
}
