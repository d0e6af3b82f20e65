import { plainText } from "#content/plain-text.ts";
import type { Kysely } from "kysely";
import { sharedVi } from "#base/i18n/vi.ts";
import { formatDateTime } from "#base/dates.ts";
import { vnDay } from "#base/vn-day.ts";
import {
  listExportExtras,
  listExportPage,
  type ExportAnswer,
  type ExportAttempt,
  type ExportCursor,
} from "#db/data-export.ts";
import type { DB } from "#db/schema.ts";
import { answerLabel } from "#engine/labels.ts";

/**
 * "Tải dữ liệu của tôi" (ADR 0016): every attempt and answer of the signed-in user as a CSV
 * (UTF-8 with a BOM, so Excel reads Vietnamese right) or a JSON download, streamed a page of
 * attempts at a time: thousands of attempts are never loaded at once. The JSON's shape is
 * documented in docs/data-export.md; change it only with a new `version`.
 */

export type ExportFormat = "csv" | "json";

export const EXPORT_FORMATS: readonly ExportFormat[] = ["csv", "json"];

/** The JSON's shape version (docs/data-export.md). */
const EXPORT_VERSION = 1;

/** Attempts read per database round trip. */
const PAGE_SIZE = 100;

const t = sharedVi.dataExport;

/** The user's attempts, page by page, oldest first. */
async function* attemptPages(db: Kysely<DB>, userId: string): AsyncGenerator<ExportAttempt[]> {
  let after: ExportCursor | null = null;
  for (;;) {
    const page = await listExportPage(db, userId, after, PAGE_SIZE);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Text a spreadsheet may run as a formula: starting with a control character (tab, carriage
 * return, line feed, NUL…), or with = + - @ behind nothing but whitespace and invisible
 * characters. Spreadsheets trim or ignore a leading space, NBSP, zero-width space or BOM before
 * they decide a cell is a formula, so the check looks past every character of that kind: white
 * space, format characters (zero-width, bidi controls, soft hyphen, BOM), default-ignorables.
 */
const FORMULA_LIKE = /^(?:\p{Cc}|[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]*[=+\-@])/u;

/**
 * One CSV cell: text always quoted (quotes doubled), so commas, quotes and line breaks stay in
 * their cell. Text a spreadsheet could run as a formula gets a leading apostrophe first, as
 * OWASP advises against CSV injection.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = FORMULA_LIKE.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** "A. Đúng; C. 42": answers by their original letters, which is how keys are named. */
function answerList(answer: ExportAnswer, idxs: readonly number[]): string {
  const byIdx = new Map(answer.answers.map((a) => [a.idx, a.text]));
  if (idxs.length === 0) return t.noPick;
  return idxs.map((idx) => `${answerLabel(idx)}. ${plainText(byIdx.get(idx) ?? "")}`).join("; ");
}

/**
 * What was given and what is right, in words: picks by letter for multiple choice; for a
 * Đúng/Sai question each statement's mark ("a) Đúng; b) Sai; c) (chưa chọn)"); for a short
 * answer the text typed, and the accepted answers.
 */
function givenAndKeys(answer: ExportAnswer): [string, string] {
  if (answer.kind === "true_false") {
    const marks = answer.response ?? "";
    const statements = (mark: (index: number, isKey: boolean) => string) =>
      answer.answers.map((a, i) => `${statementLabel(i)} ${mark(i, a.isKey)}`).join("; ");
    return [
      answer.response === null ? t.noPick : statements((i) => markWord(marks[i])),
      statements((_, isKey) => (isKey ? t.right : t.wrong)),
    ];
  }
  if (answer.kind === "short_answer") {
    const typed = answer.response?.trim() ?? "";
    return [
      typed === "" ? t.noPick : typed,
      answer.answers.map((a) => plainText(a.text)).join("; "),
    ];
  }
  return [
    answerList(answer, answer.selected),
    answerList(
      answer,
      answer.answers.filter((a) => a.isKey).map((a) => a.idx),
    ),
  ];
}

/** "a)", "b)"…: how the exam names a Đúng/Sai question's statements. */
function statementLabel(index: number): string {
  return `${String.fromCharCode(97 + index)})`;
}

function markWord(mark: string | undefined): string {
  return mark === "T" ? t.right : mark === "F" ? t.wrong : t.noMark;
}

/** The CSV rows of one attempt: one per answer. */
export function csvRows(attempt: ExportAttempt): string {
  const when = formatDateTime(attempt.createdAt);
  const score = t.score(attempt.numberOfRight, attempt.questionCount);
  return attempt.answers
    .map((answer) =>
      csvLine([
        attempt.id,
        when,
        answer.subject.name,
        // An attempt of no practice (a review of mistakes) names each question's own practice.
        attempt.practice?.title ?? answer.practice.title,
        attempt.description,
        answer.questionNumber,
        // A spreadsheet shows the words, not our marks (`code`, $math$, pictures).
        plainText(answer.questionText),
        ...givenAndKeys(answer),
        answer.right ? t.right : t.wrong,
        score,
      ]),
    )
    .join("");
}

async function* csvChunks(db: Kysely<DB>, userId: string): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(t.csvHeader)}`;
  for await (const page of attemptPages(db, userId)) yield page.map(csvRows).join("");
}

async function* jsonChunks(
  db: Kysely<DB>,
  user: { id: string; fullName: string; email: string },
  now: Date,
): AsyncGenerator<string> {
  const head = {
    format: "on-tap-data-export",
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    user: { id: user.id, name: user.fullName, email: user.email },
  };
  // The head without its closing brace, then the attempts array streamed into it.
  yield `${JSON.stringify(head).slice(0, -1)},"attempts":[`;
  let first = true;
  for await (const page of attemptPages(db, user.id)) {
    const items = page.map((attempt) => JSON.stringify(attempt)).join(",");
    yield first ? items : `,${items}`;
    first = false;
  }
  // Issue 30's: exam days, reports on questions, comments. A few each: read once, after the
  // attempts (added fields, so the format keeps its version).
  const extras = await listExportExtras(db, user.id);
  yield `],${JSON.stringify(extras).slice(1)}\n`;
}

/** A pull stream over text chunks: the next page is read only when the client takes the last. */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The download: an attachment named with today's (Vietnam's) date, never cached. */
export function dataExportResponse(
  db: Kysely<DB>,
  user: { id: string; fullName: string; email: string },
  format: ExportFormat,
  now: Date,
): Response {
  const body = format === "csv" ? csvChunks(db, user.id) : jsonChunks(db, user, now);
  const type = format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
  return new Response(streamOf(body), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="on-tap-du-lieu-${vnDay(now)}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}
