import type { BankQuestion } from "#content/formats/types.ts";

/**
 * One question of each kind (issue 27, ADR 0022), in this order: multiple choice (key "4"), a
 * Đúng/Sai question of four statements (a, c true; b, d false), a short answer whose accepted
 * answer is "0,5" within 0.01 (and "1/2" as text).
 */
export function threeKinds(): BankQuestion[] {
  return [
    {
      text: "2 + 2 = ?",
      answers: [
        { text: "3", key: false },
        { text: "4", key: true },
      ],
    },
    {
      kind: "true_false",
      text: "Cho hàm số $f(x) = x^3 - 3x$.",
      answers: [
        { text: "$f'(x) = 3x^2 - 3$", key: true, feedback: "Đạo hàm từng hạng tử." },
        { text: "Hàm số đồng biến trên $(-1; 1)$", key: false },
        { text: "$f(2) = 2$", key: true },
        { text: "Cực đại bằng $-2$", key: false, feedback: "Cực đại là $f(-1) = 2$." },
      ],
      explanation: "Xét dấu đạo hàm.",
    },
    {
      kind: "short_answer",
      text: "Xác suất để tung đồng xu được mặt ngửa?",
      answers: [
        { text: "0,5", key: true, tolerance: 0.01 },
        { text: "1/2", key: true },
      ],
    },
  ];
}
