/**
 * How the room, the summary and the replay number their questions: in the run's order, as its
 * counter does ("Câu 1" beside "1/19", issue 28). When a question's number in its practice is
 * another (a chapter, a range, a shuffled room, a review of several practices), it is given
 * too, so a student can find the question again.
 */
export interface QuestionNumber {
  /** The number shown first: the position in this run, from 1. */
  shown: number;
  /** The practice's number, given only when it differs from the one shown. */
  inPractice: number | null;
}

export function questionNumbers(questions: readonly { idx: number }[]): QuestionNumber[] {
  return questions.map((question, position) => ({
    shown: position + 1,
    inPractice: question.idx === position ? null : question.idx + 1,
  }));
}
