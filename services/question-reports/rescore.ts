import type { Kysely } from "kysely";
import { formatDate } from "#base/dates.ts";
import { sharedVi } from "#base/i18n/vi.ts";
import { findAttempt, type StoredAttempt } from "#db/attempts.ts";
import { followFixes, readAttemptScore, writeRescore } from "#db/question-reports.ts";
import { listRevisions } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { scoreQuestion } from "#engine/scoring.ts";
import { QuestionReportError } from "./reports.ts";

/**
 * A past attempt after a key fix (issue 30): its replay says which questions' keys were fixed and
 * how each answer fares under the new key, and its owner may rescore it in one tap. Rescoring
 * changes that attempt's score only (the history, the statistics), keeps the first score beside
 * it, and happens once per fix: the answers as judged then stay as they were.
 */

const errors = sharedVi.questionReports.errors;

export interface AttemptFixes {
  /** By answered revision id: when its key was last fixed, and the answer under the new key. */
  questions: Record<number, { fixedAt: string; rightNow: boolean }>;
  /** The score under the fixed keys. */
  rightNow: number;
  /** The score as stored now, and the first one once it was rescored (else null). */
  right: number;
  original: number | null;
  rescoredAt: string | null;
  /** A mock exam keeps the score it was submitted with. */
  exam: boolean;
  /** One tap would change the score: a fix since the last rescoring moved it. */
  mayRescore: boolean;
}

/** What the key fixes change for this attempt; null when none of its questions had one. */
export async function attemptFixes(
  db: Kysely<DB>,
  userId: string,
  attempt: Pick<StoredAttempt, "id" | "results" | "examMinutes">,
): Promise<AttemptFixes | null> {
  const chains = await followFixes(
    db,
    attempt.results.map((result) => result.questionId),
  );
  const keyFixes = [...chains].filter(([, chain]) => chain.keysFixedAt !== null);
  if (keyFixes.length === 0) return null;
  const finals = new Map(
    (
      await listRevisions(
        db,
        keyFixes.map(([, chain]) => chain.finalId),
      )
    ).map((revision) => [revision.id, revision]),
  );
  const questions: AttemptFixes["questions"] = {};
  let rightNow = 0;
  let latestFix = "";
  for (const result of attempt.results) {
    const chain = chains.get(result.questionId);
    const revision = chain?.keysFixedAt ? finals.get(chain.finalId) : undefined;
    if (!chain?.keysFixedAt || !revision) {
      if (result.rightAnswer) rightNow += 1;
      continue;
    }
    const judged = scoreQuestion(revision, result.selectedAnswerIndexes, result.response);
    questions[result.questionId] = { fixedAt: chain.keysFixedAt, rightNow: judged.rightAnswer };
    if (judged.rightAnswer) rightNow += 1;
    if (chain.keysFixedAt > latestFix) latestFix = chain.keysFixedAt;
  }
  const score = await readAttemptScore(db, userId, attempt.id);
  if (!score) return null;
  const exam = attempt.examMinutes !== null;
  const fixedSince = score.rescoredAt === null || score.rescoredAt < latestFix;
  return {
    questions,
    rightNow,
    right: score.numberOfRight,
    original: score.originalRight,
    rescoredAt: score.rescoredAt,
    exam,
    mayRescore: !exam && fixedSince && rightNow !== score.numberOfRight,
  };
}

/** "Chấm lại theo đáp án mới": the attempt's new score, or a refusal that says why not. */
export async function rescoreAttempt(
  db: Kysely<DB>,
  userId: string,
  attemptId: string,
  now: Date = new Date(),
): Promise<{ right: number; original: number }> {
  const attempt = await findAttempt(db, userId, attemptId);
  if (!attempt) throw new QuestionReportError("NOT_FOUND", errors.NOT_FOUND, 404);
  const fixes = await attemptFixes(db, userId, attempt);
  if (!fixes) throw new QuestionReportError("RESCORE", errors.NOTHING_TO_RESCORE, 409);
  if (fixes.exam) throw new QuestionReportError("RESCORE", errors.EXAM_NOT_RESCORED, 409);
  if (!fixes.mayRescore) {
    const message = fixes.rescoredAt === null ? errors.NOTHING_TO_RESCORE : errors.ALREADY_RESCORED;
    throw new QuestionReportError("RESCORE", message, 409);
  }
  const latestFix = Object.values(fixes.questions).reduce(
    (latest, question) => (question.fixedAt > latest ? question.fixedAt : latest),
    "",
  );
  const written = await writeRescore(db, userId, attemptId, {
    right: fixes.rightNow,
    wrong: attempt.results.length - fixes.rightNow,
    now: now.toISOString(),
    fixedBefore: latestFix,
  });
  if (!written) throw new QuestionReportError("RESCORE", errors.ALREADY_RESCORED, 409);
  return { right: fixes.rightNow, original: fixes.original ?? fixes.right };
}

/** What the replay shows of the key fixes: its figures, with the days formatted. */
export interface ReplayFixes {
  count: number;
  rightNow: number;
  right: number;
  original: number | null;
  /** dd/MM/yyyy. */
  rescoredOn: string | null;
  exam: boolean;
  mayRescore: boolean;
}

/**
 * A replay's questions with their key fixes marked (`keyFix`), and the figures of its notice;
 * the questions unchanged and null when no key of the attempt was fixed.
 */
export async function replayKeyFixes<Q extends { id: number }>(
  db: Kysely<DB>,
  userId: string,
  attempt: Pick<StoredAttempt, "id" | "results" | "examMinutes">,
  questions: Q[],
): Promise<{
  questions: (Q & { keyFix?: { date: string; rightNow: boolean } })[];
  fixes: ReplayFixes | null;
}> {
  const fixes = await attemptFixes(db, userId, attempt);
  if (!fixes) return { questions, fixes: null };
  return {
    questions: questions.map((question) => {
      const fix = fixes.questions[question.id];
      return fix
        ? { ...question, keyFix: { date: formatDate(fix.fixedAt), rightNow: fix.rightNow } }
        : question;
    }),
    fixes: {
      count: Object.keys(fixes.questions).length,
      rightNow: fixes.rightNow,
      right: fixes.right,
      original: fixes.original,
      rescoredOn: fixes.rescoredAt === null ? null : formatDate(fixes.rescoredAt),
      exam: fixes.exam,
      mayRescore: fixes.mayRescore,
    },
  };
}
