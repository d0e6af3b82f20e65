import { storableInt, z } from "./zod.ts";

/**
 * Which questions of a practice a room asks: all of them, the positions
 * start..end (1-based, inclusive, as people count) or one chapter (idx 0 is a chapter). One
 * schema for the room URL and the saved attempt; whether the values fit a practice (a range
 * within its questions, start ≤ end) is the reader's check, against the practice it names.
 *
 * The browser imports only the type: a value import would ship Zod with the page.
 */
export const selectionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("PRACTICE_TIME_ALL") }),
  z.object({
    type: z.literal("PRACTICE_TIME_RANGE"),
    start: storableInt().min(1),
    end: storableInt().min(1),
  }),
  z.object({ type: z.literal("PRACTICE_TIME_CHAPTER"), chapterIdx: storableInt() }),
]);

export type Selection = z.infer<typeof selectionSchema>;
