/**
 * How the room, the summary and the replay number their questions: as the practice does
 * ("Câu 61" of the range 61 - 72, as the set-up page and the preview say). When the room
 * shuffled them, they are numbered in the room's order and also carry the practice's number,
 * so a student can find the question again.
 */
export interface QuestionNumber {
  /** The number shown first. */
  shown: number;
  /** The practice's number, given only when it differs from the order on screen (shuffled). */
  inPractice: number | null;
}

export function questionNumbers(
  questions: readonly { idx: number; practiceTitle?: string }[],
): QuestionNumber[] {
  // Questions of several practices ("Ôn lỗi sai", each named with its practice) are numbered in
  // the room's order, with each one's number in its practice.
  const inPracticeOrder = questions.every(
    (question, position) =>
      question.practiceTitle === undefined &&
      (position === 0 || questions[position - 1]!.idx < question.idx),
  );
  return questions.map((question, position) =>
    inPracticeOrder
      ? { shown: question.idx + 1, inPractice: null }
      : { shown: position + 1, inPractice: question.idx + 1 },
  );
}
