import { sql, type Kysely } from "kysely";
import { CharBoundedCache } from "#base/char-bounded-cache.ts";
import { deepFreeze } from "#base/deep-freeze.ts";
import type { Selection } from "#base/selection.ts";
import {
  namePracticesFor,
  OWN_SUBJECT_CODE,
  resolvePractice,
  type OwnState,
} from "./own-practices.ts";
import type { QuestionKind } from "#engine/types.ts";
import { prepared } from "./prepared.ts";
import { whereInSelection } from "./revisions.ts";
import type { AnswerShare } from "./answer-shares.ts";
import type { ReportsSeen } from "./question-reports.ts";
import type { DB, StoredAnswer } from "./schema.ts";

export interface SubjectRef {
  code: string;
  name: string;
  description: string;
}

export interface PracticeCard {
  code: string;
  title: string;
  description: string;
  questionCount: number;
  chapterCount: number;
  attemptCount: number;
}

interface ChapterInfo {
  idx: number;
  title: string;
  description: string;
  questionCount: number;
}

export interface PracticeInfo extends PracticeCard {
  /** The practice's row id (its `code` is the address it was opened by). */
  id: number;
  source: string | null;
  contentVersion: number;
  subject: SubjectRef;
  chapters: ChapterInfo[];
  /** A student's own practice as this viewer sees it; null for a bank's. */
  own: OwnState | null;
}

export interface SuggestedPractice extends PracticeCard {
  subjectName: string;
}

/** A catalogue subject (not the own practices' one) by its code; null when none. */
export async function findSubjectByCode(db: Kysely<DB>, code: string): Promise<SubjectRef | null> {
  const row = await findSubjectRowByCode(db, code);
  return row && { code: row.code, name: row.name, description: row.description };
}

/** findSubjectByCode with the subject's row id, for what is stored per subject ("Ngày thi"). */
export async function findSubjectRowByCode(
  db: Kysely<DB>,
  code: string,
): Promise<(SubjectRef & { id: number }) | null> {
  const row = await db
    .selectFrom("subject")
    .select(["id", "code", "name", "description"])
    .where("code", "=", code)
    .where("code", "!=", OWN_SUBJECT_CODE)
    .executeTakeFirst();
  return row ?? null;
}

/** What a PracticeCard is made of (toCard); db/search.ts lists the same. */
export const cardColumns = [
  "practice.code",
  "practice.title",
  "practice.description",
  "practice.question_count",
  "practice.chapter_count",
  "practice.attempt_count",
] as const;

export function toCard(row: {
  code: string;
  title: string;
  description: string;
  question_count: number;
  chapter_count: number;
  attempt_count: number;
}): PracticeCard {
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    questionCount: row.question_count,
    chapterCount: row.chapter_count,
    attemptCount: row.attempt_count,
  };
}

/** The visible practices of a subject, in display order. */
export async function listPracticesOfSubject(
  db: Kysely<DB>,
  subjectCode: string,
): Promise<PracticeCard[]> {
  const rows = await practicesOfSubject.execute(db, { subjectCode });
  return rows.map(toCard);
}

const practicesOfSubject = prepared((db, p: { subjectCode: string }) =>
  db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select(cardColumns)
    .where("subject.code", "=", p.subjectCode)
    .where("practice.hidden", "=", 0)
    .orderBy("practice.sort_order")
    .orderBy("practice.title"),
);

/**
 * Up to `limit` visible practices of other subjects, drawn uniformly at random by the database
 * (every practice has the same chance, whatever its subject or position).
 */
export async function listSuggestedPractices(
  db: Kysely<DB>,
  excludeSubjectCode: string,
  limit = 10,
): Promise<SuggestedPractice[]> {
  const rows = await db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([...cardColumns, "subject.name as subject_name"])
    .where("subject.code", "!=", excludeSubjectCode)
    .where("practice.hidden", "=", 0)
    .orderBy(sql`random()`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...toCard(row), subjectName: row.subject_name }));
}

/**
 * The practice an address names as this viewer may see it (db/own-practices.ts decides who may):
 * a bank's by its code, an own practice by its code (its owner) or by a share link (anyone).
 * `code` is the address, so every link the page makes (room, questions, saves) carries it on.
 */
export async function findPracticeForViewer(
  db: Kysely<DB>,
  address: string,
  viewerId: string | null,
): Promise<PracticeInfo | null> {
  const resolved = await resolvePractice(db, address, viewerId);
  if (!resolved) return null;
  const row = await practiceInfoQuery(db).where("practice.id", "=", resolved.id).executeTakeFirst();
  if (!row) return null;
  return withChapters(db, row, resolved.address, resolved.own);
}

function practiceInfoQuery(db: Kysely<DB>) {
  return db
    .selectFrom("practice")
    .innerJoin("subject", "subject.id", "practice.subject_id")
    .select([
      ...cardColumns,
      "practice.id",
      "practice.source",
      "practice.content_version",
      "subject.code as subject_code",
      "subject.name as subject_name",
      "subject.description as subject_description",
    ]);
}

async function withChapters(
  db: Kysely<DB>,
  row: NonNullable<Awaited<ReturnType<ReturnType<typeof practiceInfoQuery>["executeTakeFirst"]>>>,
  address: string,
  own: OwnState | null,
): Promise<PracticeInfo> {
  const chapters = await db
    .selectFrom("chapter")
    .select(["idx", "title", "description", "question_count"])
    .where("practice_id", "=", row.id)
    .orderBy("idx")
    .execute();
  return {
    ...toCard(row),
    code: address,
    id: row.id,
    source: row.source,
    contentVersion: row.content_version,
    subject: {
      code: row.subject_code,
      name: own?.subjectName ?? row.subject_name,
      description: row.subject_description,
    },
    chapters: chapters.map((c) => ({
      idx: c.idx,
      title: c.title,
      description: c.description,
      questionCount: c.question_count,
    })),
    own,
  };
}

export interface QuestionView {
  /** The revision's row id: what an attempt stores. */
  id: number;
  idx: number;
  chapterIdx: number | null;
  textHtml: string;
  explanationHtml: string | null;
  referenceUrl: string | null;
  /** How many answers a student picks (1 for a question that accepts any one of its keys). */
  keyCount: number;
  /** Single choice with several accepted keys: any one of them is right. */
  anyKey: boolean;
  /** Multiple choice, Đúng/Sai (answers are statements) or short answer (ADR 0022). */
  kind: QuestionKind;
  /**
   * A short answer's accepted answers carry `value` (as written, "0,5") and maybe `tolerance`;
   * a Đúng/Sai statement's `isKey` says it is true and its `feedbackHtml` explains it.
   */
  answers: {
    idx: number;
    html: string;
    isKey: boolean;
    feedbackHtml?: string;
    value?: string;
    tolerance?: number;
  }[];
  /** The practice it belongs to, where questions of several practices meet ("Ôn lỗi sai"). */
  practiceTitle?: string;
  /** How others answered it (issue 30), once enough have: shown with the result. */
  share?: AnswerShare;
  /** "Báo đáp án sai" (issue 30): open reports on it, and the viewer's own. */
  reports?: ReportsSeen;
  /** "Thảo luận" (issue 30): how many comments it has, when any. */
  comments?: number;
  /** A replay's question whose key was fixed since (issue 30): the day, and the answer under the new key. */
  keyFix?: { date: string; rightNow: boolean };
}

/** What a QuestionView is made of (toQuestionView). */
const questionColumns = [
  "question.id",
  "question.idx",
  "question.chapter_idx",
  "question.text_html",
  "question.explanation_html",
  "question.reference_url",
  "question.key_count",
  "question.any_key",
  "question.kind",
  "question.answers",
] as const;

/**
 * The live questions of a practice for a selection, in position order: all of them, positions
 * start..end (1-based, inclusive, as people count), or one chapter (0 is a chapter).
 * The practice is a resolved address (findPracticeForViewer), by its row id. Each is an index range scan on (practice_id, retired, idx | chapter_idx, idx).
 */
export async function listPracticeQuestions(
  db: Kysely<DB>,
  practiceId: number,
  selection: Selection,
): Promise<QuestionView[]> {
  const rows = await db
    .selectFrom("question")
    .select(questionColumns)
    .where("question.practice_id", "=", practiceId)
    .where("question.retired", "=", 0)
    .where(whereInSelection(selection))
    .orderBy("question.idx")
    .execute();
  return rows.map(toQuestionView);
}

/** The most characters of question HTML kept per database (about 2 bytes each in V8's heap). */
const QUESTION_CACHE_CHARS = 12_000_000;
/** A selection larger than this is read anew each time rather than pushing out many others. */
const QUESTION_CACHE_ENTRY_CHARS = 2_000_000;

/** Per database (tests open many, whose practices share ids). */
const questionCaches = new WeakMap<Kysely<DB>, CharBoundedCache<readonly QuestionView[]>>();

/**
 * listPracticeQuestions for a practice at its current content version, read once and kept
 * (issue 29: the room, its question list and the download are the same for everyone who may
 * open them). Every change to a practice's questions goes through the bank store, which raises
 * its content version, so an entry is never stale: a new version is a new key, and the old one
 * ages out. Access is not cached: the caller has resolved `practice` for its viewer first.
 * The questions are frozen, shared by every request that reads them.
 */
export async function listPracticeQuestionsOfVersion(
  db: Kysely<DB>,
  practice: { id: number; contentVersion: number },
  selection: Selection,
): Promise<readonly QuestionView[]> {
  let cache = questionCaches.get(db);
  if (!cache) questionCaches.set(db, (cache = new CharBoundedCache(QUESTION_CACHE_CHARS)));
  const key = `${practice.id}:${practice.contentVersion}:${JSON.stringify(selection)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const questions = await listPracticeQuestions(db, practice.id, selection);
  const chars = questions.reduce((sum, question) => sum + charsOf(question), 0);
  if (chars > QUESTION_CACHE_ENTRY_CHARS) return questions;
  cache.set(key, deepFreeze(questions), chars);
  return questions;
}

function charsOf(question: QuestionView): number {
  return (
    question.textHtml.length +
    (question.explanationHtml?.length ?? 0) +
    question.answers.reduce((sum, a) => sum + a.html.length + (a.feedbackHtml?.length ?? 0), 0)
  );
}

/**
 * Question revisions by row id, retired ones included: what a saved attempt answered, shown
 * as it was then even after the bank changed.
 */
export async function listQuestionRevisions(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<QuestionView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("question")
    .select(questionColumns)
    .where("question.id", "in", [...ids])
    .execute();
  return rows.map(toQuestionView);
}

/**
 * Question revisions by row id with their practice's title: a review of mistakes ("Ôn lỗi
 * sai") asks questions of several practices, and its room and replay name each one's, as the
 * viewer may name it (`namePracticesFor`: a practice closed to them by the title they saw).
 */
export async function listRevisionsWithPractice(
  db: Kysely<DB>,
  ids: readonly number[],
  viewerId: string,
): Promise<QuestionView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("question")
    .innerJoin("practice", "practice.id", "question.practice_id")
    .select(questionColumns)
    .select(["question.practice_id", "practice.title as practice_title"])
    .where("question.id", "in", [...ids])
    .execute();
  const names = await namePracticesFor(
    db,
    viewerId,
    new Map(rows.map((row) => [row.practice_id, row.practice_title])),
  );
  return rows.map((row) => ({
    ...toQuestionView(row),
    practiceTitle: names.get(row.practice_id)?.title ?? "",
  }));
}

function toQuestionView(row: {
  id: number;
  idx: number;
  chapter_idx: number | null;
  text_html: string;
  explanation_html: string | null;
  reference_url: string | null;
  key_count: number;
  any_key: number;
  kind: QuestionKind;
  answers: string;
}): QuestionView {
  return {
    id: row.id,
    idx: row.idx,
    chapterIdx: row.chapter_idx,
    textHtml: row.text_html,
    explanationHtml: row.explanation_html,
    // Imports accept only http(s) links; a row stored before that rule is not shown as a link.
    referenceUrl:
      row.reference_url && /^https?:\/\//i.test(row.reference_url) ? row.reference_url : null,
    keyCount: row.key_count,
    anyKey: row.any_key === 1,
    kind: row.kind,
    answers: (JSON.parse(row.answers) as StoredAnswer[]).map(
      ({ idx, text, html, isKey, feedbackHtml, tolerance }) => ({
        idx,
        html,
        isKey,
        ...(feedbackHtml ? { feedbackHtml } : {}),
        ...(row.kind === "short_answer" ? { value: text } : {}),
        ...(tolerance !== undefined ? { tolerance } : {}),
      }),
    ),
  };
}
