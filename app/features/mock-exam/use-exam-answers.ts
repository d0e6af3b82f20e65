import { useCallback, useEffect, useMemo, useState } from "react";
import { questionNumbers } from "#app/lib/question-numbers.ts";
import {
  answeringView,
  examStorageKey,
  readStoredExam,
  startingSheet,
  togglePick,
  type ExamShown,
  type SheetAnswer,
} from "./exam-sheet.ts";

/**
 * The student's sheet and flags: the server's sheet in the first HTML, then, once in the
 * browser, the device's copy when it holds answers the server never got (`ready` after that).
 */
export function useExamAnswers(exam: ExamShown, userId: string) {
  const storageKey = examStorageKey(userId, exam.id);
  const [state, setState] = useState(() => ({
    ...startingSheet(exam.questions, exam.sheet, null),
    ready: false,
  }));
  useEffect(() => {
    // Browser storage exists only after hydration; reading it here is syncing with an external system.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState({
      ...startingSheet(exam.questions, exam.sheet, readStoredExam(storageKey)),
      ready: true,
    });
  }, [exam.questions, exam.sheet, storageKey]);

  const setAnswer = useCallback(
    (position: number, change: (answer: SheetAnswer) => SheetAnswer) =>
      setState((current) => {
        const answers = current.answers.slice();
        const answer = answers[position];
        if (!answer) return current;
        answers[position] = change(answer);
        return { ...current, answers };
      }),
    [],
  );
  const onToggle = useCallback(
    (position: number, answerIdx: number) => {
      const question = exam.questions[position];
      if (!question) return;
      setAnswer(position, (answer) => ({
        ...answer,
        selectedAnswerIndexes: togglePick(question, answer.selectedAnswerIndexes, answerIdx),
      }));
    },
    [exam.questions, setAnswer],
  );
  const onRespond = useCallback(
    (position: number, response: string) =>
      setAnswer(position, (answer) => ({ ...answer, response: response === "" ? null : response })),
    [setAnswer],
  );
  const onFlag = useCallback(
    (position: number) =>
      setState((current) => ({
        ...current,
        flags: current.flags.includes(position)
          ? current.flags.filter((n) => n !== position)
          : [...current.flags, position].sort((a, b) => a - b),
      })),
    [],
  );
  const views = useMemo(() => exam.questions.map(answeringView), [exam.questions]);
  const numbers = useMemo(() => questionNumbers(exam.questions), [exam.questions]);
  return { ...state, storageKey, views, numbers, onToggle, onRespond, onFlag };
}
