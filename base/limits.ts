/**
 * Limits the browser checks before sending and the server enforces again, defined once so the
 * two can never disagree.
 */

/** An account's name and email, on every path (forms and better-auth's API). */
export const FULL_NAME_MAX = 80;
export const EMAIL_MAX = 254;

/** A password: the spec's 6 at the least; 128 at the most keeps hashing cheap for hostile input. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** A profile picture as uploaded (spec section 8: "dưới 1MB"); the server re-encodes it to 256×256. */
export const MAX_AVATAR_BYTES = 1_048_576;
export const ACCEPTED_AVATAR_TYPES = ["image/gif", "image/jpeg", "image/png"] as const;

/** A student's own practice (issue 18): its text as pasted or converted, and its questions. */
export const OWN_PRACTICE_MAX_BYTES = 2 * 1024 * 1024;
export const OWN_PRACTICE_MAX_QUESTIONS = 2000;
/** Its title and the optional name of its subject, as the student types them. */
export const OWN_PRACTICE_TITLE_MAX = 200;
export const OWN_PRACTICE_SUBJECT_MAX = 100;
