import type { BankQuestion, Problem } from "./formats/types.ts";

/**
 * For the importer's report of a file it refuses: which of its questions were read fine and
 * which are wrong, by number and line. Moodle imports the good questions of a file and skips
 * the bad; we write nothing until all are fixed, but a teacher should still see that one bad
 * question did not spoil the rest. Undefined for a file without errors.
 */
export function describeQuestionsRead(
  file: string,
  questions: readonly BankQuestion[],
  problems: readonly Problem[],
): string | undefined {
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length === 0) return undefined;
  const wrong = new Set(errors.flatMap((problem) => problem.question ?? []));
  const numbers = questions.map((_, index) => index + 1);
  const good = numbers.filter((number) => !wrong.has(number));
  const bad = numbers.filter((number) => wrong.has(number));
  const lineOf = (number: number) => questions[number - 1]?.line;
  const outside = [
    ...new Set(
      errors.flatMap((problem) =>
        problem.question === undefined && problem.line !== undefined ? [problem.line] : [],
      ),
    ),
  ];
  return [
    `${file}: đọc được ${questions.length} câu, ${good.length} câu không lỗi, ${bad.length} câu có lỗi.`,
    ...(good.length > 0
      ? [
          `  Không lỗi: ${runsOf(good)
            .map((run) => describeRun(run, lineOf))
            .join(", ")}`,
        ]
      : []),
    ...(bad.length > 0
      ? [`  Có lỗi: ${bad.map((number) => describeRun([number, number], lineOf)).join(", ")}`]
      : []),
    ...(outside.length > 0 ? [`  Lỗi ngoài các câu trên: dòng ${outside.join(", ")}`] : []),
  ].join("\n");
}

/** [1, 2, 4, 5, 6] → [[1, 2], [4, 6]]. */
function runsOf(numbers: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const number of numbers) {
    const last = runs[runs.length - 1];
    if (last && last[1] === number - 1) last[1] = number;
    else runs.push([number, number]);
  }
  return runs;
}

function describeRun(
  [first, last]: [number, number],
  lineOf: (number: number) => number | undefined,
): string {
  const span = (a: string | number, b: string | number) => (a === b ? `${a}` : `${a}–${b}`);
  const [from, to] = [lineOf(first), lineOf(last)];
  const lines = from === undefined || to === undefined ? "" : ` (dòng ${span(from, to)})`;
  return `câu ${span(first, last)}${lines}`;
}
