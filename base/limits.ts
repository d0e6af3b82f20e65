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

/** A profile picture as uploaded ("dưới 1MB"); the server re-encodes it to 256×256. */
export const MAX_AVATAR_BYTES = 1_048_576;
export const ACCEPTED_AVATAR_TYPES = ["image/gif", "image/jpeg", "image/png"] as const;

/**
 * At most this many cards in one review run ("Ôn lỗi sai", and "Ôn lại câu sai", which is a
 * review of the questions one run got wrong).
 */
export const MAX_REVIEW_QUESTIONS = 50;

/** A student's own practices (ADR 0012): per practice, per user, and how often one is created. */
export const OWN_PRACTICE_MAX_QUESTIONS = 2000;
/** The practice's text (title, subject, questions, answers, explanations), UTF-8 bytes. */
export const OWN_PRACTICE_MAX_BYTES = 2 * 1024 * 1024;
export const OWN_PRACTICES_PER_USER = 50;
/**
 * Pictures of a practice (issue 26): each as brought in (a pasted picture, one inside a file),
 * each as stored after re-encoding, all of one practice's stored pictures together, and how many.
 */
export const PICTURE_MAX_INPUT_BYTES = 10 * 1024 * 1024;
export const PICTURE_MAX_STORED_BYTES = 1024 * 1024;
export const PRACTICE_MAX_PICTURE_BYTES = 30 * 1024 * 1024;
export const PRACTICE_MAX_PICTURES = 500;
export const OWN_PRACTICE_TITLE_MAX = 300;
export const OWN_PRACTICE_SUBJECT_MAX = 200;
/** Practices a user may create per window. */
export const OWN_PRACTICE_CREATE_LIMIT = { window: 60 * 60, max: 20 } as const;
/** A report's reason, and reports a user may send per window. */
export const REPORT_REASON_MAX = 1000;
export const REPORT_LIMIT = { window: 60 * 60, max: 10 } as const;

/**
 * "Báo đáp án sai" (issue 30): a report's note, reports a student may send per window, a fixed
 * question's texts, and the reply to its reporters.
 */
export const QUESTION_REPORT_NOTE_MAX = 500;
export const QUESTION_REPORT_LIMIT = { window: 60 * 60, max: 20 } as const;
export const QUESTION_FIX_TEXT_MAX = 5000;
export const QUESTION_REPORT_REPLY_MAX = 1000;

/**
 * "Thảo luận" (issue 30): a comment's length, and how many comments (with edits), votes and
 * reports of comments one student may make per window.
 */
export const COMMENT_MAX = 2000;
export const COMMENT_LIMIT = { window: 10 * 60, max: 10 } as const;
export const COMMENT_VOTE_LIMIT = { window: 10 * 60, max: 200 } as const;
export const COMMENT_REPORT_LIMIT = { window: 60 * 60, max: 20 } as const;

/**
 * A mock exam ("Thi thử", issue 27): the whole-test times a student may pick (null: "Tắt"), the
 * most questions one exam holds, and how many exams a user may start per window.
 */
export const MOCK_EXAM_MINUTES = [15, 45, 50, 90] as const;
export const MOCK_EXAM_MAX_QUESTIONS = 300;
export const MOCK_EXAM_START_LIMIT = { window: 10 * 60, max: 30 } as const;

/**
 * The files "Tạo đề của tôi" reads: a Word document, or text in one of the formats the own-practice
 * parser knows. The file picker, the server's check and both messages are written from this list.
 */
export const OWN_PRACTICE_FILE_TYPES = [
  ".docx",
  ".txt",
  ".gift",
  ".xml",
  ".csv",
  ".json",
  ".aiken",
] as const;

/** Whether a file's name ends in one of OWN_PRACTICE_FILE_TYPES (in any case). */
export function isOwnPracticeFile(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return OWN_PRACTICE_FILE_TYPES.some((type) => name.endsWith(type));
}

/**
 * The home page's search (issue 28): what a query may be (longer ones get a message, as each
 * word is one scan of the questions), and how many practices and questions one answer lists.
 */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_PRACTICES = 20;
export const SEARCH_MAX_QUESTIONS = 30;
