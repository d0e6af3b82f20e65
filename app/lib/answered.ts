import { allMarked, kindOf } from "#engine/responses.ts";
import type { EngineQuestion } from "#engine/types.ts";

/**
 * Whether a question has been answered, whatever its kind (ADR 0022): a pick for multiple
 * choice, every statement marked for Đúng/Sai (a half-marked one still needs the student), a
 * typed answer for a short answer. What the FLAT sheet's jump list and "còn k câu chưa trả
 * lời" count, and what the summary calls "Bạn chưa trả lời".
 */
export function isAnswered(
  question: EngineQuestion,
  picks: readonly number[] | undefined,
  response: string | null | undefined,
): boolean {
  switch (kindOf(question)) {
    case "true_false":
      return allMarked(response);
    case "short_answer":
      return typeof response === "string" && response.trim() !== "";
    default:
      return (picks?.length ?? 0) > 0;
  }
}
