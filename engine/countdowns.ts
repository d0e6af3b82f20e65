/**
 * The countdown lengths a room may have, in seconds: what the
 * set-up page offers and all that a room URL or a saved attempt may name, so a hand-edited
 * address cannot make a 1-second timer. Apart from the schema (room-config.ts), so the set-up
 * page can list them without shipping Zod to the browser.
 */
export const QUESTION_TIMES = [20, 30, 50] as const;
export const RESULT_TIMES = [10, 20, 30, 50] as const;
