import { MAX_SHORT_ANSWER_LENGTH, shortAnswerNumber } from "#engine/responses.ts";
import type { BankQuestion } from "./types.ts";

/**
 * The rules of the 2025 exam's two kinds (issue 27, ADR 0022), checked for every format after
 * it is read: a Đúng/Sai question is 2 to 6 statements, any of them true or false; a short
 * answer is 1 to MAX_ACCEPTED accepted answers, each a key, short enough for the answer box; a
 * tolerance only widens a number. Each message names what to fix, at the question.
 */

const MIN_STATEMENTS = 2;
const MAX_STATEMENTS = 6;
const MAX_ACCEPTED = 8;

/** Problems of `question`'s kind; none for multiple choice beyond the tolerance it cannot carry. */
export function checkKindRules(question: BankQuestion): string[] {
  switch (question.kind) {
    case "true_false":
      return [...checkStatements(question), ...checkAnyKey(question), ...checkTolerances(question)];
    case "short_answer":
      return [...checkAccepted(question), ...checkAnyKey(question), ...checkTolerances(question)];
    default:
      return checkTolerances(question);
  }
}

function checkStatements(question: BankQuestion): string[] {
  const count = question.answers.length;
  if (count >= MIN_STATEMENTS && count <= MAX_STATEMENTS) return [];
  // "ý": what the exam's sheet calls a statement a), b), c), d).
  return count < MIN_STATEMENTS
    ? [
        `Câu Đúng/Sai chỉ có ${count} ý; cần từ ${MIN_STATEMENTS} đến ${MAX_STATEMENTS} ý (đề thi có 4 ý a, b, c, d)`,
      ]
    : [`Câu Đúng/Sai có ${count} ý; tối đa là ${MAX_STATEMENTS} ý (đề thi có 4 ý a, b, c, d)`];
}

function checkAnyKey(question: BankQuestion): string[] {
  return question.anyKey
    ? [
        "“anyKey” chỉ dùng cho câu trắc nghiệm nhiều phương án, không dùng cho câu Đúng/Sai hay câu trả lời ngắn: hãy bỏ “anyKey”",
      ]
    : [];
}

function checkAccepted(question: BankQuestion): string[] {
  const count = question.answers.length;
  if (count === 0) {
    return ["Câu trả lời ngắn không có đáp số nào: hãy ghi ít nhất một đáp án được chấp nhận"];
  }
  const messages: string[] = [];
  if (count > MAX_ACCEPTED) {
    messages.push(
      `Câu trả lời ngắn có ${count} đáp án; tối đa là ${MAX_ACCEPTED} đáp án được chấp nhận`,
    );
  }
  question.answers.forEach((answer, index) => {
    const length = [...answer.text.trim()].length;
    if (length > MAX_SHORT_ANSWER_LENGTH) {
      messages.push(
        `Đáp án ${index + 1} của câu trả lời ngắn dài ${length} ký tự; tối đa là ${MAX_SHORT_ANSWER_LENGTH} ký tự`,
      );
    }
    if (!answer.key) {
      messages.push(
        `Đáp án ${index + 1} của câu trả lời ngắn ghi “key”: false; mọi đáp án của câu trả lời ngắn đều là đáp án được chấp nhận: hãy ghi “key”: true hoặc bỏ đáp án đó`,
      );
    }
  });
  return messages;
}

function checkTolerances(question: BankQuestion): string[] {
  const messages: string[] = [];
  question.answers.forEach((answer, index) => {
    const tolerance = answer.tolerance;
    if (tolerance === undefined) return;
    if (question.kind !== "short_answer" || shortAnswerNumber(answer.text) === null) {
      messages.push(
        `Đáp án ${index + 1} có sai số (“tolerance”) nhưng sai số chỉ dùng cho đáp án là số của câu trả lời ngắn`,
      );
    } else if (!(tolerance >= 0)) {
      messages.push(`Sai số (“tolerance”) của đáp án ${index + 1} không được âm`);
    }
  });
  return messages;
}
