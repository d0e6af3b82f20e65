import type { EncodedPicture } from "../pictures/encode-picture.ts";

/**
 * The shape every bank format is read into and written from. A parser never throws on bad
 * input: it returns what it could read plus a located problem for everything it could not.
 */

export interface BankAnswer {
  text: string;
  key: boolean;
  /** Shown to a student who picked this answer (Moodle's per-answer feedback); a Đúng/Sai statement's explanation. */
  feedback?: string;
  /** A short-answer question's accepted answer, numeric: how far a typed number may be from it. */
  tolerance?: number;
}

export interface BankQuestion {
  /** An explicit, stable id from the source (GIFT "::title::", Moodle <idnumber>, JSON "id"). */
  id?: string;
  /** 0-based index into the practice's chapters. */
  chapter?: number;
  /** Our text format: line breaks kept, `inline code`, ```lang fenced blocks```, $math$ (KaTeX). */
  text: string;
  answers: BankAnswer[];
  /**
   * Single choice with several accepted keys: picking any one key is right (Moodle's
   * single-choice question with more than one 100% answer). Without it, several keys must all
   * be picked.
   */
  anyKey?: boolean;
  /**
   * Absent: multiple choice. "true_false" (Đúng/Sai): the answers are its statements, a key is a
   * true one. "short_answer" (Trả lời ngắn): every answer is an accepted one, its text as written
   * ("0,5"), each a key. (Issue 27, engine/responses.ts.)
   */
  kind?: "true_false" | "short_answer";
  explanation?: string;
  reference?: string;
  /** Where the question starts in its source file (1-based), for messages. */
  line?: number;
}

export interface BankChapter {
  title: string;
  description?: string;
}

export interface BankPractice {
  code: string;
  title: string;
  description: string;
  source?: string;
  hidden?: boolean;
  chapters?: BankChapter[];
  questions: BankQuestion[];
}

export interface BankSubject {
  code: string;
  name: string;
  description: string;
  keywords: string[];
}

export interface Bank {
  subject: BankSubject;
  practices: BankPractice[];
  /** The pictures its texts show by hash, re-encoded and ready to store (issue 26). */
  pictures?: EncodedPicture[];
  /**
   * The pictures as a JSON bank names them, before they are read (content/pictures/bank-pictures.ts
   * turns them into `pictures` and the names in the texts into hashes).
   */
  pictureSources?: Record<string, { file: string } | { base64: string }>;
}

/** What formats other than our JSON carry: one practice's questions, maybe chapters. */
export interface ParsedQuestions {
  chapters: BankChapter[];
  questions: BankQuestion[];
}

export interface Problem {
  file: string;
  /** 1-based line in the file, when the format has lines. */
  line?: number;
  /** 1-based question number within the file (or practice), when known. */
  question?: number;
  /** A plain Vietnamese sentence, e.g. "Đáp án “E” không có trong các phương án A–D". */
  message: string;
  /** Warnings are reported but do not block the import (e.g. an unsupported GIFT type skipped). */
  severity: "error" | "warning";
}

export interface ParseResult<T> {
  value: T;
  problems: Problem[];
}
