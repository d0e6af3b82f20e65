import { kindOf } from "./responses.ts";
import { questionPoints } from "./scoring.ts";
import type { EngineQuestion, ResultItem } from "./types.ts";

/**
 * A mock exam's score on 10, as the Ministry scores the 2025 graduation exam (ADR 0022):
 * Phần I (multiple choice) 0.25 a question, Phần II (Đúng/Sai) 1 a question with partial points,
 * Phần III (short answer) 0.25 a question, 0.5 in mathematics. A practice in the exact layout
 * (12 + 4 + 6 in mathematics, 18 + 4 + 6 in physics, 24 + 4 in history…) adds up to 10 by
 * itself; any other count is brought to 10 in the same proportions. A practice with only
 * multiple-choice questions scores right / total × 10.
 */

type ExamPart = 1 | 2 | 3;

function examPart(question: EngineQuestion): ExamPart {
  const kind = kindOf(question);
  return kind === "true_false" ? 2 : kind === "short_answer" ? 3 : 1;
}

function questionWeight(question: EngineQuestion, mathematics: boolean): number {
  const part = examPart(question);
  if (part === 2) return 1;
  return part === 3 && mathematics ? 0.5 : 0.25;
}

interface PartScore {
  readonly part: ExamPart;
  readonly questions: number;
  /** Points earned and the most the part gives, on the Ministry's scale. */
  readonly points: number;
  readonly max: number;
}

export interface ExamScore {
  /** On 10, rounded to two decimals as the Ministry rounds. */
  readonly score: number;
  /** The parts present, in order; empty for a practice with only multiple choice. */
  readonly parts: readonly PartScore[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The score of `results` (one per question, same order). `mathematics`: the subject's short
 * answers weigh 0.5. Each question's points come from the shared scoring rule, so the room and
 * the server agree.
 */
export function examScore(
  questions: readonly EngineQuestion[],
  results: readonly ResultItem[],
  mathematics: boolean,
): ExamScore {
  if (questions.length === 0) return { score: 0, parts: [] };
  const laidOut = questions.some((question) => examPart(question) !== 1);
  if (!laidOut) {
    const right = results.filter((result) => result.rightAnswer).length;
    return { score: round2((right / questions.length) * 10), parts: [] };
  }
  const parts = new Map<ExamPart, { questions: number; points: number; max: number }>();
  questions.forEach((question, i) => {
    const result = results[i];
    const weight = questionWeight(question, mathematics);
    const part = parts.get(examPart(question)) ?? { questions: 0, points: 0, max: 0 };
    part.questions += 1;
    part.max += weight;
    part.points += result ? weight * questionPoints(question, result) : 0;
    parts.set(examPart(question), part);
  });
  const all = [...parts.entries()].sort(([a], [b]) => a - b);
  const max = all.reduce((sum, [, part]) => sum + part.max, 0);
  const points = all.reduce((sum, [, part]) => sum + part.points, 0);
  return {
    score: round2((points / max) * 10),
    parts: all.map(([part, value]) => ({
      part,
      questions: value.questions,
      points: round2(value.points),
      max: round2(value.max),
    })),
  };
}
