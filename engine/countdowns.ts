/**
 * The countdown lengths a room may have, in seconds: what the
 * set-up page offers and all that a room URL or a saved attempt may name, so a hand-edited
 * address cannot make a 1-second timer. Apart from the schema (room-config.ts), so the set-up
 * page can list them without shipping Zod to the browser.
 */
export const QUESTION_TIMES = [20, 30, 50] as const;
export const RESULT_TIMES = [10, 20, 30, 50] as const;

/**
 * A right answer that took longer than this is rated Hard, whatever time per question the student
 * chose for the review (20, 30, 50 s or none). It was two thirds of the one time a review used to
 * have (30 s), and already the line with no timer. Not a share of the chosen time: the grade says
 * how hard the question was to recall, and the same 25 s would otherwise be Hard under 30 s and
 * Good under 50 s, so the longest time (or a short one) would buy easier grades and longer
 * intervals. Under 20 s per question, every right answer is quick enough to be Good.
 * Here, beside the times, so the review's set-up page can say it without the scheduler.
 */
export const SLOW_ANSWER_SECONDS = 20;
