/**
 * Mathematics, as the 2025 exam weighs it (ADR 0022): a short answer is worth 0.5 there, 0.25
 * elsewhere. A subject's code is a slug of its name, so "Toán …" subjects are the ones whose
 * code starts with "toan" (the mock exam's score, engine/exam-score.ts).
 */
export function isMathematicsSubject(code: string): boolean {
  return code.toLowerCase().startsWith("toan");
}
