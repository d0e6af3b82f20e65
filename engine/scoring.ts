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
 * The one correctness rule: right exactly when the set of picks equals the set
 * of keys. Nothing else counts as partly right, and it follows that a question with no key is
 * right exactly when nothing was picked; an idx that is not a key of the question (even one
 * that is not an answer of it at all) makes it wrong. A question that accepts any one of its
 * keys is right when exactly one answer was picked and it is a key.
 */
export function scoreQuestion(question: EngineQuestion, picks: readonly number[]): ResultItem {
  const selected = normalisePicks(picks);
  const keys = keyIndexes(question);
  const rightAnswer =
    question.anyKey && keys.length > 0
      ? selected.length === 1 && keys.includes(selected[0] ?? -1)
      : selected.length === keys.length && selected.every((idx, i) => idx === keys[i]);
  return { questionId: question.id, selectedAnswerIndexes: selected, rightAnswer };
}

/**
 * Results for `questions` (in that order) from the picks per question id, with the totals.
 * A question missing from `picks` counts as having no picks: wrong when it has keys, right when
 * it has none (the same set-equality rule). The room finishes through this function and the
 * server recomputes a submitted attempt with it from the stored keys, so client and server
 * cannot disagree about a score.
 */
export function scoreAnswers(
  questions: readonly EngineQuestion[],
  picks: ReadonlyMap<number, readonly number[]>,
): { results: ResultItem[]; numberOfRight: number; numberOfWrong: number } {
  const results = questions.map((question) =>
    scoreQuestion(question, picks.get(question.id) ?? []),
  );
  const numberOfRight = results.filter((result) => result.rightAnswer).length;
  return { results, numberOfRight, numberOfWrong: results.length - numberOfRight };
}
