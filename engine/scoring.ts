import {
  kindOf,
  responseFits,
  rightStatements,
  shortAnswerIsRight,
  trueFalsePoints,
} from "./responses.ts";
import type { EngineQuestion, ResultItem } from "./types.ts";

/**
 * The original answer idx of a question's keys, ascending. A question may have none (a defect
 * of the source data, not of the engine): the room must still let it be passed.
 */
export function keyIndexes(question: EngineQuestion): number[] {
  return question.answers
    .filter((answer) => answer.isKey)
    .map((answer) => answer.idx)
    .sort((a, b) => a - b);
}

/**
 * How many answers the question asks for: the room caps picks at this number and shows the
 * result once it is reached, and the view says "Chọn N đáp án" with it. A question
 * that accepts any one of its keys asks for one.
 */
export function keyCount(question: EngineQuestion): number {
  // Only a `choice` question is answered by picks.
  if (kindOf(question) !== "choice") return 0;
  const keys = question.answers.reduce((count, answer) => count + (answer.isKey ? 1 : 0), 0);
  return question.anyKey && keys > 0 ? 1 : keys;
}

/**
 * Picks as stored: duplicates dropped, ascending. Input from a client is not trusted to be
 * clean, and a canonical form makes results comparable and set-equality a plain comparison.
 */
export function normalisePicks(picks: readonly number[]): number[] {
  return [...new Set(picks)].sort((a, b) => a - b);
}

/**
 * The one correctness rule of a `choice` question: right exactly when the set of picks equals
 * the set of keys. Nothing else counts as partly right, and it follows that a question with no
 * key is right exactly when nothing was picked; an idx that is not a key of the question (even
 * one that is not an answer of it at all) makes it wrong. A question that accepts any one of its
 * keys is right when exactly one answer was picked and it is a key.
 *
 * A `true_false` question is right (in the practice sense: history, statistics, review cards)
 * only when every statement is marked as it is; a `short_answer` question when the typed answer
 * is an accepted one (engine/responses.ts). Their picks are always empty; a response that does
 * not fit the question counts as none.
 */
export function scoreQuestion(
  question: EngineQuestion,
  picks: readonly number[],
  response?: string | null,
): ResultItem {
  const kind = kindOf(question);
  if (kind !== "choice") {
    const given = responseFits(question, response) ? (response ?? null) : null;
    const rightAnswer =
      kind === "true_false"
        ? rightStatements(question, given) === question.answers.length
        : shortAnswerIsRight(question, given);
    return { questionId: question.id, selectedAnswerIndexes: [], rightAnswer, response: given };
  }
  const selected = normalisePicks(picks);
  const keys = keyIndexes(question);
  const rightAnswer =
    question.anyKey && keys.length > 0
      ? selected.length === 1 && keys.includes(selected[0] ?? -1)
      : selected.length === keys.length && selected.every((idx, i) => idx === keys[i]);
  return { questionId: question.id, selectedAnswerIndexes: selected, rightAnswer };
}

/**
 * The share of a question's weight a result earns, 0–1: the Ministry's partial points for a
 * Đúng/Sai question (engine/responses.ts), else all or nothing. What the mock exam's score on
 * 10 adds up (engine/exam-score.ts).
 */
export function questionPoints(question: EngineQuestion, result: ResultItem): number {
  if (kindOf(question) === "true_false") {
    return trueFalsePoints(rightStatements(question, result.response), question.answers.length);
  }
  return result.rightAnswer ? 1 : 0;
}

/**
 * Results for `questions` (in that order) from the picks (and the responses of the new kinds)
 * per question id, with the totals.
 * A question missing from `picks` counts as having no picks: wrong when it has keys, right when
 * it has none (the same set-equality rule). The room finishes through this function and the
 * server recomputes a submitted attempt with it from the stored keys, so client and server
 * cannot disagree about a score.
 */
export function scoreAnswers(
  questions: readonly EngineQuestion[],
  picks: ReadonlyMap<number, readonly number[]>,
  responses: ReadonlyMap<number, string | null> = new Map(),
): { results: ResultItem[]; numberOfRight: number; numberOfWrong: number } {
  const results = questions.map((question) =>
    scoreQuestion(question, picks.get(question.id) ?? [], responses.get(question.id)),
  );
  const numberOfRight = results.filter((result) => result.rightAnswer).length;
  return { results, numberOfRight, numberOfWrong: results.length - numberOfRight };
}
