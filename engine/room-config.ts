import { MOCK_EXAM_MINUTES } from "#base/limits.ts";
import { z } from "#base/zod.ts";
import { QUESTION_TIMES, RESULT_TIMES } from "./countdowns.ts";

/**
 * A room's config: one schema for the room URL and the saved
 * attempt, and the engine's type. The browser imports only the types: a value import would
 * ship Zod with the page.
 */
const seconds = (allowed: readonly number[]) =>
  z.union([z.literal("OFF"), z.number().refine((value) => allowed.includes(value))]);

export const roomConfigSchema = z
  .object({
    /** SEQUENCE: one question at a time with countdowns; FLAT: the whole sheet, graded at the end. */
    practiceType: z.enum(["SEQUENCE", "FLAT"]),
    maxQuestionTime: seconds(QUESTION_TIMES),
    maxResultTime: seconds(RESULT_TIMES),
    /** Carried for the view: whether keys are highlighted when the result shows. */
    showQuestionKeyAfterQuestionEnd: z.boolean(),
    /** Carried for the view: whether the right/wrong toasts show. */
    showNotification: z.boolean(),
    shuffleQuestions: z.boolean(),
    shuffleAnswers: z.boolean(),
    /**
     * "Độ chắc chắn" (issue 30): before a question is submitted the student marks it "Chắc chắn"
     * or "Đoán". Absent or false: not asked (every room before it, and by default).
     */
    askConfidence: z.boolean().optional(),
    /** Unsigned 32-bit; every shuffle of this attempt derives from it. */
    seed: z.number().int().min(0).max(0xffffffff),
    /**
     * A mock exam taken on the device from a downloaded practice (offline, ADR 0023): its
     * whole-test minutes, 0 for "Tắt". Absent in every practice room and in the server's exams.
     */
    examMinutes: z
      .number()
      .refine((value) => value === 0 || (MOCK_EXAM_MINUTES as readonly number[]).includes(value))
      .optional(),
  })
  // A mock exam is one sheet, answered in any order and graded when handed in.
  .refine((config) => config.examMinutes === undefined || config.practiceType === "FLAT");

export type RoomConfig = z.infer<typeof roomConfigSchema>;

/** A countdown length in whole seconds, or "OFF" for no countdown. */
export type Seconds = RoomConfig["maxQuestionTime"];
