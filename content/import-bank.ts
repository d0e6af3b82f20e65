import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import {
  writeCatalogue,
  type CatalogueWriter,
  type ChapterValues,
  type LiveQuestion,
  type QuestionChanges,
  type QuestionRow,
} from "#db/bank-store.ts";
import { storePictures } from "#db/pictures.ts";
import type { DB, StoredAnswer } from "#db/schema.ts";
import type { Bank, BankPractice, BankQuestion } from "./formats/types.ts";
import { findPictureRefs, renderRichText, type PictureCatalog } from "./rich-text.ts";

export interface ImportSummary {
  subjects: number;
  practices: number;
  chapters: number;
  questions: number;
  multiAnswer: number;
  /** Single-choice questions that accept any one of several keys. */
  anyKey: number;
  /** Questions whose content changed: a new revision was stored and the old one retired. */
  revised: number;
  added: number;
  retired: number;
  unchanged: number;
}

function emptySummary(): ImportSummary {
  return {
    subjects: 0,
    practices: 0,
    chapters: 0,
    questions: 0,
    multiAnswer: 0,
    anyKey: 0,
    revised: 0,
    added: 0,
    retired: 0,
    unchanged: 0,
  };
}

/**
 * An import that would retire more than half of a practice's live questions: most likely the
 * wrong file or a truncated one, so it needs to be asked for (`allowRetire`). Nothing is written.
 */
export class TooManyRetiredError extends Error {
  constructor(
    readonly practiceCode: string,
    readonly retired: number,
    readonly live: number,
  ) {
    super(
      `Đề “${practiceCode}”: lần nhập này sẽ bỏ ${retired} trong ${live} câu hỏi đang có (hơn một nửa). Nếu đúng là như vậy, hãy chạy lại với --allow-retire.`,
    );
    this.name = "TooManyRetiredError";
  }
}

/** Thrown inside the transaction of a dry run, so everything it did is rolled back. */
class DryRunRollback extends Error {}

/** Thrown inside an import meant for an empty catalogue that found subjects: nothing written. */
class NotEmpty extends Error {}

export interface ImportOptions {
  now?: Date;
  onPractice?: (done: number, total: number) => void;
  /** Let an import retire more than half of a practice's questions. */
  allowRetire?: boolean;
  /** Do everything, count everything, then roll back: the summary of what an import would do. */
  dryRun?: boolean;
  /**
   * Import only into a catalogue without subjects (the first start), checked under the import's
   * lock: of several instances starting together exactly one imports. See importIntoEmpty.
   */
  onlyIntoEmpty?: boolean;
  /**
   * Runs first inside the import's transaction: a check-and-write that must stand or fall with
   * the import (an own practice's edit claims its version here). Throwing rolls it all back.
   */
  beforeWrite?: (trx: Transaction<DB>) => Promise<void>;
  /**
   * Runs last inside the import's transaction, once every practice is written: writes that name
   * the new revisions (a fix from reports records which revision replaced which).
   */
  afterWrite?: (trx: Transaction<DB>) => Promise<void>;
  /**
   * HTML the parse pool already rendered for texts of these banks (ADR 0015), so a student's
   * save renders nothing on the server's event loop; a text missing here is rendered here.
   */
  renderedHtml?: ReadonlyMap<string, string>;
  /**
   * Pictures already stored that the banks' texts may show (an own practice's, brought in by its
   * owner); the banks' own `pictures` are stored by the import and added to these.
   */
  pictures?: PictureCatalog;
}

type Render = (text: string) => string;

/**
 * Writes validated banks in one transaction (all or nothing): subjects and practices are created
 * or updated by code; each practice's questions are matched to the live ones by explicit id, else by
 * identical content, else by position. An unchanged question keeps its row; a changed one gets a new revision and the old
 * row is retired; one that disappeared is retired, never deleted (attempts point at it).
 * The practice's content version moves whenever any of its questions does.
 */
export async function importBanks(
  db: Kysely<DB>,
  banks: Bank[],
  options: Omit<ImportOptions, "onlyIntoEmpty"> = {},
): Promise<ImportSummary> {
  return (await runImport(db, banks, options))!;
}

/** The first start's import: the banks when the catalogue has no subject, else null (nothing done). */
export function importIntoEmpty(db: Kysely<DB>, banks: Bank[]): Promise<ImportSummary | null> {
  return runImport(db, banks, { onlyIntoEmpty: true });
}

async function runImport(
  db: Kysely<DB>,
  banks: Bank[],
  options: ImportOptions,
): Promise<ImportSummary | null> {
  const now = (options.now ?? new Date()).toISOString();
  const rendered = options.renderedHtml;
  const catalog = new Map(options.pictures ?? []);
  for (const picture of banks.flatMap((bank) => bank.pictures ?? [])) {
    catalog.set(picture.hash, picture);
  }
  const render: Render = (text) => rendered?.get(text) ?? renderRichText(text, catalog);
  const summary = emptySummary();
  const total = banks.reduce((n, bank) => n + bank.practices.length, 0);
  // Several files may bring the same subject: it counts once.
  summary.subjects = new Set(banks.map((bank) => bank.subject.code)).size;
  try {
    await writeCatalogue(db, async (writer, trx) => {
      if (options.onlyIntoEmpty && !(await writer.isEmpty())) throw new NotEmpty();
      await options.beforeWrite?.(trx);
      await storePictures(
        trx,
        banks.flatMap((bank) => bank.pictures ?? []),
        new Date(now),
      );
      for (const bank of banks) {
        const subjectId = await writer.upsertSubject({
          ...bank.subject,
          keywords: bank.subject.keywords.join(" "),
        });
        for (const practice of bank.practices) {
          const retiredBefore = summary.retired;
          const live = await importPractice(writer, subjectId, practice, summary, {
            now,
            render,
            catalog,
          });
          const retired = summary.retired - retiredBefore;
          if (retired * 2 > live && !options.allowRetire) {
            throw new TooManyRetiredError(practice.code, retired, live);
          }
          summary.practices += 1;
          options.onPractice?.(summary.practices, total);
        }
      }
      await options.afterWrite?.(trx);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (error instanceof NotEmpty) return null;
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return summary;
}

/** Writes one practice; returns how many live questions it had before. */
async function importPractice(
  writer: CatalogueWriter,
  subjectId: number,
  practice: BankPractice,
  summary: ImportSummary,
  { now, render, catalog }: { now: string; render: Render; catalog: PictureCatalog },
): Promise<number> {
  const practiceId = await writer.upsertPractice(subjectId, {
    code: practice.code,
    title: practice.title,
    description: practice.description,
    source: practice.source ?? null,
    hidden: practice.hidden === true,
  });
  const live = await writer.liveQuestions(practiceId);
  const changes = planQuestionChanges(
    live,
    practice.questions,
    summary,
    (question, idx, hash, revision) =>
      toRow({ practiceId, idx, question, hash, revision, now }, render),
  );
  const inserted = await writer.applyQuestionChanges(changes);
  await writer.linkPictures(
    inserted.map(({ id, row }) => ({ questionId: id, hashes: picturesOfRow(row, catalog) })),
  );
  await writer.replaceChapters(practiceId, chaptersOf(practice));
  await writer.finishPractice(practiceId, {
    questions: practice.questions.length,
    chapters: practice.chapters?.length ?? 0,
    changed: changes.retire.length > 0 || changes.move.length > 0 || changes.insert.length > 0,
  });

  summary.chapters += practice.chapters?.length ?? 0;
  summary.questions += practice.questions.length;
  // Only multiple choice asks for several picks: true statements and accepted answers do not.
  summary.multiAnswer += practice.questions.filter(
    (q) => !q.kind && !isAnyKey(q) && q.answers.filter((a) => a.key).length > 1,
  ).length;
  summary.anyKey += practice.questions.filter(isAnyKey).length;
  return live.length;
}

/**
 * Matches a bank's questions to the live revisions: an explicit id decides; otherwise the same
 * content anywhere (a question deleted above shifts the rest), then the same position (an edited
 * question). Counts what it decides into the summary.
 */
function planQuestionChanges(
  live: readonly LiveQuestion[],
  questions: readonly BankQuestion[],
  summary: ImportSummary,
  makeRow: (question: BankQuestion, idx: number, hash: string, revision: number) => QuestionRow,
): QuestionChanges {
  const byId = new Map(live.filter((q) => q.external_id).map((q) => [q.external_id!, q]));
  const byIdx = new Map(live.map((q) => [q.idx, q]));
  const byHash = new Map<string, LiveQuestion[]>();
  for (const q of live) byHash.set(q.content_hash, [...(byHash.get(q.content_hash) ?? []), q]);
  const kept = new Set<number>();
  const changes = {
    retire: [] as number[],
    move: [] as { id: number; idx: number }[],
    insert: [] as QuestionRow[],
  };

  questions.forEach((question, idx) => {
    const hash = hashQuestion(question);
    const match: LiveQuestion | undefined = question.id
      ? byId.get(question.id)
      : (byHash.get(hash)?.find((q) => !kept.has(q.id) && !q.external_id) ?? byIdx.get(idx));
    if (match && !kept.has(match.id) && match.content_hash === hash) {
      kept.add(match.id);
      if (match.idx !== idx) changes.move.push({ id: match.id, idx });
      summary.unchanged += 1;
      return;
    }
    if (match && !kept.has(match.id)) {
      kept.add(match.id);
      changes.retire.push(match.id);
      summary.revised += 1;
      changes.insert.push(makeRow(question, idx, hash, match.revision + 1));
    } else {
      summary.added += 1;
      changes.insert.push(makeRow(question, idx, hash, 1));
    }
  });
  for (const question of live) {
    if (!kept.has(question.id)) {
      changes.retire.push(question.id);
      summary.retired += 1;
    }
  }
  return changes;
}

/** The practice's chapters, each with how many of its questions it holds. */
function chaptersOf(practice: BankPractice): ChapterValues[] {
  const counts = new Map<number, number>();
  for (const question of practice.questions) {
    if (question.chapter !== undefined)
      counts.set(question.chapter, (counts.get(question.chapter) ?? 0) + 1);
  }
  return (practice.chapters ?? []).map((chapter, idx) => ({
    title: chapter.title,
    description: chapter.description ?? "",
    questionCount: counts.get(idx) ?? 0,
  }));
}

function toRow(
  {
    practiceId,
    idx,
    question,
    hash,
    revision,
    now,
  }: {
    practiceId: number;
    idx: number;
    question: BankQuestion;
    hash: string;
    revision: number;
    now: string;
  },
  render: Render,
): QuestionRow {
  const answers: StoredAnswer[] = question.answers.map((answer, answerIdx) => ({
    idx: answerIdx,
    text: answer.text,
    html: render(answer.text),
    isKey: answer.key,
    ...(answer.tolerance !== undefined ? { tolerance: answer.tolerance } : {}),
    ...(answer.feedback
      ? { feedback: answer.feedback, feedbackHtml: render(answer.feedback) }
      : {}),
  }));
  const anyKey = isAnyKey(question);
  return {
    practice_id: practiceId,
    idx,
    chapter_idx: question.chapter ?? null,
    external_id: question.id ?? null,
    revision,
    retired: 0,
    content_hash: hash,
    text: question.text,
    text_html: render(question.text),
    explanation: question.explanation ?? null,
    explanation_html: question.explanation ? render(question.explanation) : null,
    reference_url: question.reference ?? null,
    answers: JSON.stringify(answers),
    // Only multiple choice is answered by picks (engine/scoring.ts keyCount).
    key_count: question.kind ? 0 : anyKey ? 1 : answers.filter((a) => a.isKey).length,
    any_key: anyKey ? 1 : 0,
    kind: question.kind ?? "choice",
    created_at: now,
  };
}

/** The stored pictures a new revision shows, in its text, answers, feedback and explanation. */
function picturesOfRow(row: QuestionRow, catalog: PictureCatalog): string[] {
  const answers = JSON.parse(row.answers) as StoredAnswer[];
  const texts = [
    row.text,
    row.explanation ?? "",
    ...answers.flatMap((answer) => [answer.text, answer.feedback ?? ""]),
  ];
  return texts
    .flatMap((text) => findPictureRefs(text).map(({ ref }) => ref))
    .filter((hash) => catalog.has(hash));
}

/** "Any one key" only means something with two keys or more; with one it is plain single choice. */
function isAnyKey(question: BankQuestion): boolean {
  return question.anyKey === true && question.answers.filter((a) => a.key).length > 1;
}

/**
 * What makes two revisions the same question: everything a student sees or is scored on.
 * Per-answer feedback, "any one key", the kind and tolerances enter the hash only when present, so questions stored
 * before they existed keep their hash and are not revised by a re-import.
 */
function hashQuestion(question: BankQuestion): string {
  const feedback = question.answers.some((a) => a.feedback)
    ? [question.answers.map((a) => a.feedback ?? null)]
    : [];
  const content = JSON.stringify([
    question.text,
    question.answers.map((a) => [a.text, a.key]),
    question.explanation ?? null,
    question.reference ?? null,
    question.chapter ?? null,
    ...(isAnyKey(question) ? ["anyKey"] : []),
    ...feedback,
    // The kinds of issue 27 and a short answer's tolerances, only when present (old hashes stay).
    ...(question.kind ? [question.kind] : []),
    ...(question.answers.some((a) => a.tolerance !== undefined)
      ? [question.answers.map((a) => a.tolerance ?? null)]
      : []),
  ]);
  return createHash("sha256").update(content).digest("hex");
}
