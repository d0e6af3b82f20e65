import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import { QUESTION_FIX_TEXT_MAX } from "#base/limits.ts";
import { pictureHashesIn } from "#base/pictures.ts";
import { readPracticeAsBank } from "#content/export-bank.ts";
import type { BankChapter, BankQuestion } from "#content/formats/types.ts";
import { validateQuestions } from "#content/formats/validate-questions.ts";
import { importBanks } from "#content/import-bank.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import { bumpEditVersion } from "#db/own-practices.ts";
import { readRevisionPictures } from "#db/pictures.ts";
import {
  closeReportsAt,
  insertQuestionFix,
  readEditableRevision,
  type EditableRevision,
  type OpenQuestionReport,
  type ReportedQuestion,
} from "#db/question-reports.ts";
import { liveRevisionsAt } from "#db/revisions.ts";
import type { DB } from "#db/schema.ts";
import { checkedReply, openReportsOf, questionToHandle, QuestionReportError } from "./reports.ts";

/**
 * Fixing a reported question (issue 30): its handler edits the live revision's text, answers,
 * keys and explanation; the practice is re-imported through the importer with that one question
 * changed (content/import-bank.ts), so the fix is a new revision exactly as an edit or a
 * re-import makes one: past attempts replay as answered, review cards follow, the practice's
 * content version moves. In the same transaction the fix is recorded (which revision replaced
 * which, whether keys moved: attempts on the old one may then be rescored, rescore.ts) and the
 * open reports close as fixed, with the handler's reply.
 */

const errors = sharedVi.questionReports.errors;

export interface QuestionToFix {
  question: ReportedQuestion;
  /** The live revision at the reported position; null when the question was removed since. */
  live: EditableRevision | null;
  reports: OpenQuestionReport[];
}

/** What the fix page shows its handler; not found for anybody else. */
export async function readQuestionToFix(
  db: Kysely<DB>,
  userId: string,
  questionId: number,
): Promise<QuestionToFix> {
  const question = await questionToHandle(db, userId, questionId);
  const liveId = (await liveRevisionsAt(db, [question.id])).get(question.id);
  const live = liveId === undefined ? null : await readEditableRevision(db, liveId);
  return { question, live, reports: await openReportsOf(db, question) };
}

export interface QuestionFixInput {
  /** The live revision the form was opened on: a fix of an older one is refused as stale. */
  startedFrom: number;
  text: string;
  explanation: string;
  answers: { text: string; isKey: boolean }[];
  reply?: unknown;
}

/** Applies a fix; the new revision's id. */
export async function fixQuestion(
  db: Kysely<DB>,
  parse: ParsePool,
  userId: string,
  questionId: number,
  input: QuestionFixInput,
  now: Date = new Date(),
): Promise<number> {
  const { question, live } = await readQuestionToFix(db, userId, questionId);
  if (!live || live.id !== input.startedFrom) throw stale();
  const reply = checkedReply(input.reply);
  const fixed = checkedFix(live, input);
  const pictures = await readRevisionPictures(db, live.id);
  const known = new Set(pictures.map((picture) => picture.hash));
  const texts = [fixed.text, fixed.explanation, ...fixed.answers.map((a) => a.text)];
  if (texts.some((text) => pictureHashesIn(text).some((hash) => !known.has(hash)))) {
    throw new QuestionReportError("INVALID", errors.PICTURE);
  }
  const renderedHtml = await render(parse, texts, pictures);
  const bank = await readPracticeAsBank(db, question.practiceCode);
  const practice = bank?.practices[0];
  const before = practice?.questions[live.idx];
  if (!bank || !practice || !before || before.text !== live.text) throw stale();
  practice.questions[live.idx] = withFix(before, fixed);
  checkWithImporter(practice.questions[live.idx]!, practice.chapters ?? []);
  const iso = now.toISOString();
  let newId = 0;
  await importBanks(db, [bank], {
    now,
    allowRetire: true,
    renderedHtml,
    pictures: new Map(pictures.map((picture) => [picture.hash, picture])),
    beforeWrite: async (trx) => {
      // Under the import's lock: another fix or edit since the form opened loses nothing.
      const current = (await liveRevisionsAt(trx, [live.id])).get(live.id);
      if (current !== live.id) throw stale();
      if (question.ownerId !== null) await bumpEditVersion(trx, question.practiceId, iso);
    },
    afterWrite: async (trx) => {
      newId = (await liveRevisionsAt(trx, [live.id])).get(live.id) ?? 0;
      if (newId === 0 || newId === live.id) throw stale();
      await insertQuestionFix(trx, {
        oldQuestionId: live.id,
        newQuestionId: newId,
        keysChanged: keysMoved(live, fixed),
        fixedAt: iso,
        fixedBy: userId,
      });
      await closeReportsAt(
        trx,
        { practiceId: question.practiceId, idx: question.idx },
        { status: "fixed", reply, now: iso },
      );
    },
  });
  return newId;
}

const stale = () => new QuestionReportError("STALE", errors.STALE, 409);

interface CheckedFix {
  text: string;
  explanation: string;
  answers: { text: string; isKey: boolean }[];
}

/** The form's values trimmed and checked against the revision they fix. */
function checkedFix(live: EditableRevision, input: QuestionFixInput): CheckedFix {
  const clean = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const fixed: CheckedFix = {
    text: clean(input.text),
    explanation: clean(input.explanation),
    answers: (Array.isArray(input.answers) ? input.answers : []).map((answer) => ({
      text: clean(answer?.text),
      // Every accepted answer of a short-answer question is a key.
      isKey: live.kind === "short_answer" ? true : answer?.isKey === true,
    })),
  };
  if (fixed.answers.length !== live.answers.length) {
    throw new QuestionReportError("INVALID", errors.ANSWER_COUNT);
  }
  const texts = [fixed.text, ...fixed.answers.map((answer) => answer.text)];
  if (texts.some((text) => text === "")) {
    throw new QuestionReportError("INVALID", errors.TEXT_REQUIRED);
  }
  if ([...texts, fixed.explanation].some((text) => text.length > QUESTION_FIX_TEXT_MAX)) {
    throw new QuestionReportError("INVALID", errors.TEXT_TOO_LONG(QUESTION_FIX_TEXT_MAX));
  }
  if (live.kind === "choice" && !fixed.answers.some((answer) => answer.isKey)) {
    throw new QuestionReportError("INVALID", errors.NO_KEY);
  }
  const same =
    fixed.text === live.text &&
    fixed.explanation === (live.explanation ?? "") &&
    fixed.answers.every(
      (answer, i) =>
        answer.text === live.answers[i]!.text && answer.isKey === live.answers[i]!.isKey,
    );
  if (same) throw new QuestionReportError("INVALID", errors.NOTHING_CHANGED);
  return fixed;
}

/** Whether scoring could change: a key moved, or an accepted short answer was rewritten. */
function keysMoved(live: EditableRevision, fixed: CheckedFix): boolean {
  return fixed.answers.some(
    (answer, i) =>
      answer.isKey !== live.answers[i]!.isKey ||
      (live.kind === "short_answer" && answer.text !== live.answers[i]!.text),
  );
}

function withFix(before: BankQuestion, fixed: CheckedFix): BankQuestion {
  const { explanation: _old, ...rest } = before;
  const keys = fixed.answers.filter((answer) => answer.isKey).length;
  return {
    ...rest,
    text: fixed.text,
    answers: before.answers.map((answer, i) => ({
      ...answer,
      text: fixed.answers[i]!.text,
      key: fixed.answers[i]!.isKey,
    })),
    // "Any one key" means something only with two keys or more.
    ...(before.anyKey && keys < 2 ? { anyKey: false } : {}),
    ...(fixed.explanation ? { explanation: fixed.explanation } : {}),
  };
}

/** The importer's own checks of a question (the same as a re-import's): refused with its words. */
function checkWithImporter(question: BankQuestion, chapters: BankChapter[]): void {
  const problem = validateQuestions([question], chapters, "")[0];
  if (problem) {
    throw new QuestionReportError("INVALID", errors.INVALID_QUESTION(problem.message));
  }
}

/** The texts' HTML, rendered by the parse pool: a student's text is never rendered on the request path. */
async function render(
  parse: ParsePool,
  texts: readonly string[],
  pictures: Awaited<ReturnType<typeof readRevisionPictures>>,
): Promise<Map<string, string>> {
  try {
    return await parse.run("renderTexts", { texts: texts.filter(Boolean), pictures });
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    throw new QuestionReportError("BUSY", errors.PARSER_BUSY, 503);
  }
}
