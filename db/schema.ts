import type { Generated } from "kysely";

/** Table types shared by both dialects. Columns are snake_case, as in the migrations. */
interface SubjectTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: string;
  /** Space-separated search keywords without diacritics, e.g. "csdl sql". */
  keywords: string;
  sort_order: number;
}

interface PracticeTable {
  id: Generated<number>;
  code: string;
  subject_id: number;
  title: string;
  description: string;
  source: string | null;
  hidden: Generated<number>;
  question_count: Generated<number>;
  attempt_count: Generated<number>;
  content_version: Generated<number>;
  sort_order: Generated<number>;
  chapter_count: Generated<number>;
}

interface ChapterTable {
  id: Generated<number>;
  practice_id: number;
  idx: number;
  title: string;
  description: Generated<string>;
  question_count: Generated<number>;
}

/** One revision of a question; `answers` is JSON of StoredAnswer[]. */
export interface QuestionTable {
  id: Generated<number>;
  practice_id: number;
  idx: number;
  chapter_idx: number | null;
  external_id: string | null;
  revision: Generated<number>;
  retired: Generated<number>;
  content_hash: string;
  text: string;
  text_html: string;
  explanation: string | null;
  explanation_html: string | null;
  reference_url: string | null;
  answers: string;
  /** How many answers a student picks: the number of keys, or 1 when `any_key` is set. */
  key_count: number;
  /** 1: single choice with several accepted keys, any one of them is right (migration 0007). */
  any_key: Generated<number>;
  /** "choice", "true_false" or "short_answer" (migration 0015, engine/types.ts QuestionKind). */
  kind: Generated<"choice" | "true_false" | "short_answer">;
  /**
   * The question and its answers folded for search (migration 0017, base/search.ts
   * questionSearchText); written by the importer's one insert, never by hand.
   */
  search_text: Generated<string>;
  created_at: string;
}

export interface StoredAnswer {
  idx: number;
  text: string;
  html: string;
  isKey: boolean;
  /** A short-answer question's accepted answer: how far a typed number may be from `text`. */
  tolerance?: number;
  /** Shown when this answer was picked (Moodle's per-answer feedback); absent when none. */
  feedback?: string;
  feedbackHtml?: string;
}

/**
 * A saved practice attempt (migration 0004). `id` is the browser's UUID; code, title and
 * description are copies made at save time; `config` is JSON of the room config without
 * practiceType; `answer_orders` is JSON number[][] or null when answers were not shuffled.
 */
export interface AttemptTable {
  id: string;
  user_id: string;
  /** Null exactly for a MISTAKES attempt ("Ôn lỗi sai", migration 0010): it has no practice. */
  practice_id: number | null;
  practice_code: string;
  practice_title: string;
  description: string;
  type: "PRACTICE_TIME_ALL" | "PRACTICE_TIME_RANGE" | "PRACTICE_TIME_CHAPTER" | "MISTAKES";
  chapter_idx: number | null;
  /** 1-based, inclusive; set only for PRACTICE_TIME_RANGE. */
  range_start: number | null;
  range_end: number | null;
  practice_type: "SEQUENCE" | "FLAT";
  config: string;
  answer_orders: string | null;
  number_of_right: number;
  number_of_wrong: number;
  question_count: number;
  total_time: number;
  content_version: number;
  created_at: string;
  /** A mock exam's time limit in minutes, 0 without one; null: not a mock exam (migration 0016). */
  exam_minutes: number | null;
  /** 1: taken in the offline room (migration 0016). */
  offline: Generated<number>;
  /** 1 once counted in the answer shares (migration 0020). */
  tallied: Generated<number>;
  /** The score as first computed, once the attempt was rescored against a fixed key (migration 0021). */
  original_right: number | null;
  rescored_at: string | null;
  /**
   * "Độ chắc chắn" (migration 0023): the answers marked "Chắc chắn" or "Đoán", the right ones
   * marked "Đoán" and the wrong ones marked "Chắc chắn"; null when the room did not ask.
   */
  confidence_marked: number | null;
  lucky_guesses: number | null;
  confident_mistakes: number | null;
}

/**
 * A mock exam ("Thi thử", migration 0016): `selection`, `config` and `sheet` are JSON; the
 * sheet holds the answers as last received, in the order shown. Dates are ISO strings.
 */
export interface MockExamTable {
  user_id: string;
  id: string;
  practice_id: number;
  practice_code: string;
  selection: string;
  config: string;
  /** Null: no time limit ("Tắt"). */
  minutes: number | null;
  started_at: string;
  sheet: string;
  sheet_at: string | null;
  submitted_at: string | null;
}

/** A visitor's finished room, until its device claims it (migration 0018). */
interface GuestAttemptTable {
  id: string;
  secret_hash: string;
  practice_id: number;
  submission: string;
  created_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
}

/** One answered question of an attempt; `selected` is JSON of ascending original answer idxs. */
export interface AttemptAnswerTable {
  /** With attempt_id, the attempt's key: attempt ids are the browser's, unique per user only. */
  user_id: string;
  attempt_id: string;
  /** 0-based position in the order shown. */
  position: number;
  /** The question revision that was shown. */
  question_id: number;
  selected: string;
  right_answer: number;
  /** A Đúng/Sai question's marks or a short answer as typed (migration 0015); null for multiple choice. */
  response: string | null;
  /** "SURE" or "GUESS" as the student marked it (migration 0023); null when not marked or not asked. */
  confidence: string | null;
}

/**
 * A user's FSRS review card on a question (migration 0008); `question_id` is the
 * revision the card is on now. Dates are ISO strings; the state fields are ts-fsrs's Card.
 */
export interface ReviewCardTable {
  user_id: string;
  question_id: number;
  due: string;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: string | null;
}

/** A profile picture (migration 0011): `name` is `<userId>-<16 hex>.webp`, `bytes` the WebP. */
/** "How others answered": a revision's answer counts, rolled up (migration 0020). */
interface AnswerShareTable {
  question_id: number;
  answered: number;
  /** JSON array: picks of each answer by original idx. */
  picks: string;
  /** Answers of it in strong attempts (80% or more right), and those right. */
  strong_answered: Generated<number>;
  strong_right: Generated<number>;
}
/** "Ngày thi": a student's exam day in a subject (migration 0019). */
interface ExamDateTable {
  user_id: string;
  subject_id: number;
  exam_day: string;
  updated_at: string;
}
/** "Ngày thi" of a student's own practice (migration 0024). */
interface PracticeExamDateTable {
  user_id: string;
  practice_id: number;
  exam_day: string;
  updated_at: string;
}
interface AvatarTable {
  name: string;
  user_id: string;
  bytes: Uint8Array;
  created_at: string;
}

/** A picture of a question (migration 0014), stored once by `hash` (32 hex of its SHA-256). */
interface PictureTable {
  hash: string;
  type: "webp" | "png" | "gif";
  width: number;
  height: number;
  byte_size: number;
  bytes: Uint8Array;
  /** The 640-px-wide variant for phones; null when the picture is not wider. */
  small_bytes: Uint8Array | null;
  created_at: string;
}

/** Which question revisions show which pictures (migration 0014). */
interface QuestionPictureTable {
  question_id: number;
  picture_hash: string;
}

/** A picture a user brought in before a saved practice used it (migration 0014). */
interface PictureUploadTable {
  user_id: string;
  picture_hash: string;
  created_at: string;
}

/**
 * A student's own practice (migration 0012, ADR 0012): beside its `practice` row (hidden = 1,
 * in the system subject OWN_SUBJECT_CODE). `share_token` null: private.
 */
interface OwnPracticeTable {
  practice_id: number;
  owner_id: string;
  subject_name: string | null;
  share_token: string | null;
  deleted_at: string | null;
  /** Hidden by an operator after a report. */
  blocked_at: string | null;
  created_at: string;
  updated_at: string;
  /** Moves by one with every saved edit; an edit started from another version is refused. */
  edit_version: Generated<number>;
}

/** "Báo cáo" on a shared practice (migration 0012). */
interface PracticeReportTable {
  id: Generated<number>;
  practice_id: number;
  reporter_id: string;
  reason: string;
  created_at: string;
  resolved: Generated<number>;
}

/** "Báo đáp án sai": a student's report on a question revision (migration 0021). */
interface QuestionReportTable {
  id: Generated<number>;
  question_id: number;
  practice_id: number;
  /** The question's position: a report stays on its question across revisions. */
  idx: number;
  reporter_id: string;
  reason: string;
  note: Generated<string>;
  status: Generated<string>;
  reply: string | null;
  created_at: string;
  handled_at: string | null;
}

/** A revision made from reports replaced `old_question_id` (migration 0021). */
interface QuestionFixTable {
  old_question_id: number;
  new_question_id: number;
  keys_changed: number;
  fixed_at: string;
  fixed_by: string | null;
}

/** "Thảo luận": a comment under a question (migration 0022). */
interface CommentTable {
  id: Generated<number>;
  practice_id: number;
  idx: number;
  question_id: number;
  author_id: string;
  parent_id: number | null;
  body: string;
  body_html: string;
  votes: Generated<number>;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  hidden_at: string | null;
}

interface CommentVoteTable {
  comment_id: number;
  user_id: string;
}

interface CommentReportTable {
  comment_id: number;
  reporter_id: string;
  created_at: string;
  resolved: Generated<number>;
}

/** Users who may read reports and hide practices (migration 0012; `npm run user -- grant-admin`). */
interface OperatorTable {
  user_id: string;
  granted_at: string;
}

/** better-auth's tables (camelCase columns, as it expects); dates are Date objects. */
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** Migration 0005: sign-in asks for an authenticator code too. */
  twoFactorEnabled: Generated<number | boolean | null>;
}

/** Migration 0005: a user's authenticator secret and recovery codes (encrypted by better-auth). */
interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  /** False while the setup waits for its first code. */
  verified: Generated<number | boolean | null>;
  failedVerificationCount: Generated<number | null>;
  lockedUntil: Date | string | null;
}

interface SessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  authType: string | null;
}

interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  password: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/**
 * Rate-limit counters (server/rate-limit.ts): hits of the current window of `key`, and in
 * `lastRequest` when that window started (ms; a bigint column, so PostgreSQL returns a string).
 */
interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number | string;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  twoFactor: TwoFactorTable;
  subject: SubjectTable;
  practice: PracticeTable;
  chapter: ChapterTable;
  question: QuestionTable;
  attempt: AttemptTable;
  avatar: AvatarTable;
  picture: PictureTable;
  question_picture: QuestionPictureTable;
  picture_upload: PictureUploadTable;
  attempt_answer: AttemptAnswerTable;
  mock_exam: MockExamTable;
  guest_attempt: GuestAttemptTable;
  review_card: ReviewCardTable;
  exam_date: ExamDateTable;
  practice_exam_date: PracticeExamDateTable;
  answer_share: AnswerShareTable;
  own_practice: OwnPracticeTable;
  practice_report: PracticeReportTable;
  question_report: QuestionReportTable;
  question_fix: QuestionFixTable;
  comment: CommentTable;
  comment_vote: CommentVoteTable;
  comment_report: CommentReportTable;
  operator: OperatorTable;
}
