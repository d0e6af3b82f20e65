import { serverVi } from "#base/i18n/vi-server.ts";
import { isOwnPracticeFile, OWN_PRACTICE_MAX_BYTES } from "#base/limits.ts";
import { toPreviewProblem, type OwnPreview, type PreviewProblem } from "#content/own-preview.ts";
import type { OwnFilePreview } from "#content/parse-jobs.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import type { RateLimitRule, RateLimitStore } from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";
import type { Kysely } from "kysely";
import { keepBroughtPictures, picturesForText } from "./pictures.ts";

/**
 * POST /my-practices/preview (ADR 0014): the live preview of "Tạo đề của tôi". A multipart or
 * urlencoded form with `text` (and `fileName`, the file the text came from), or `file`, a
 * dropped file to convert to text first. The body is capped before this runs
 * (server/request-guards.ts), the origin checked there too; here: signed in only, and a limit
 * per user, since every keystroke pause re-parses up to 2 MB. The converting and parsing run
 * in the parse pool (ADR 0015), never on this event loop: a job past its time or memory is a
 * 422, a full queue a 503 with Retry-After.
 */
export const OWN_PREVIEW_RATE: RateLimitRule = { window: 60, max: 120 };

const FILE_NAME_MAX = 255;

/** The HTTP reply of POST /my-practices/preview: the preview, and a dropped file's text. */
export interface PreviewReply extends OwnPreview {
  /** The text a dropped file became, for the text area (absent when text was sent). */
  text?: string;
  fileName?: string;
  /** What the conversion of a file could not carry (a Word file's images), at their lines. */
  notes: PreviewProblem[];
}

type ErrorCode = keyof typeof serverVi.ownPracticeEditor.errors;

export function ownPreviewProblem(
  code: Exclude<ErrorCode, "TOO_MANY_REQUESTS">,
  status: number,
  message?: string,
  headers: Record<string, string> = {},
): Response {
  const text = message ?? serverVi.ownPracticeEditor.errors[code];
  return Response.json(
    { code, message: text },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}

/** Seconds a student waits before trying again when every thread and the queue are taken. */
const BUSY_RETRY_SECONDS = 5;

/** A job the pool stopped or could not take, as the student's answer; anything else is a bug. */
function parseRefusalAnswer(error: unknown, what: "file" | "text"): Response {
  if (!isParseRefusal(error)) throw error;
  if (error.reason === "busy") {
    return ownPreviewProblem("PARSER_BUSY", 503, undefined, {
      "retry-after": String(BUSY_RETRY_SECONDS),
    });
  }
  return ownPreviewProblem(what === "file" ? "FILE_TOO_COSTLY" : "TEXT_TOO_COSTLY", 422);
}

export async function answerOwnPreview(
  request: Request,
  deps: { userId: string | null; limits: RateLimitStore; parse: ParsePool; db: Kysely<DB> },
): Promise<Response> {
  if (request.method !== "POST") return ownPreviewProblem("BAD_REQUEST", 405);
  if (!deps.userId) return ownPreviewProblem("UNAUTHENTICATED", 401);
  const decision = await deps.limits.consume(`own-preview:${deps.userId}`, OWN_PREVIEW_RATE);
  if (!decision.allowed) {
    const seconds = decision.retryAfter ?? OWN_PREVIEW_RATE.window;
    return Response.json(
      {
        code: "TOO_MANY_REQUESTS",
        message: serverVi.ownPracticeEditor.errors.TOO_MANY_REQUESTS(seconds),
      },
      { status: 429, headers: { "retry-after": String(seconds), "cache-control": "no-store" } },
    );
  }
  const form = await readForm(request);
  if (!form) return ownPreviewProblem("BAD_REQUEST", 400);
  const file = form.get("file");
  if (file instanceof File && file.size > 0)
    return previewFile(file, { ...deps, userId: deps.userId });
  const text = form.get("text");
  const fileName = form.get("fileName");
  if (typeof text !== "string" || (fileName !== null && typeof fileName !== "string")) {
    return ownPreviewProblem("BAD_REQUEST", 400);
  }
  let preview: OwnPreview;
  const { pictures, tooHeavy } = await picturesForText(deps.db, deps.userId, text);
  try {
    preview = await deps.parse.run("previewText", {
      text,
      ...(fileName ? { fileName: fileName.slice(0, FILE_NAME_MAX) } : {}),
      pictures,
    });
  } catch (error) {
    return parseRefusalAnswer(error, "text");
  }
  // The save refuses pictures past the practice's weight: the preview says so first, so "Lưu đề"
  // waits for the text to drop some instead of being refused.
  const problems: PreviewProblem[] = tooHeavy
    ? [{ line: 1, message: tooHeavy, severity: "error" }, ...preview.problems]
    : preview.problems;
  const reply: PreviewReply = { ...preview, problems, notes: [] };
  return Response.json(reply, { headers: { "cache-control": "no-store" } });
}

async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(?:multipart\/form-data|application\/x-www-form-urlencoded)\b/iu.test(type)) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

async function previewFile(
  file: File,
  { parse, db, userId }: { parse: ParsePool; db: Kysely<DB>; userId: string },
): Promise<Response> {
  const fileName = file.name.slice(-FILE_NAME_MAX);
  if (!isOwnPracticeFile(fileName)) return ownPreviewProblem("UNSUPPORTED_FILE", 415);
  const isDocx = /\.docx$/iu.test(fileName);
  // A text file holds at most the text's limit (twice that in UTF-16); a Word file's pictures
  // make it bigger, and its text is checked once converted.
  if (!isDocx && file.size > OWN_PRACTICE_MAX_BYTES * 2) {
    return ownPreviewProblem("BAD_REQUEST", 413, serverVi.ownPracticeEditor.textProblems.tooLarge);
  }
  let converted: OwnFilePreview;
  try {
    converted = await parse.run("previewFile", {
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName,
    });
  } catch (error) {
    return parseRefusalAnswer(error, "file");
  }
  if (converted.text === null || converted.preview === null) {
    const message =
      converted.notes[0]?.message ?? serverVi.ownPracticeEditor.errors.UNREADABLE_FILE;
    return ownPreviewProblem("UNREADABLE_FILE", 422, message);
  }
  await keepBroughtPictures(db, userId, converted.pictures);
  const reply: PreviewReply = {
    ...converted.preview,
    text: converted.text,
    fileName,
    notes: converted.notes.map(toPreviewProblem),
  };
  return Response.json(reply, { headers: { "cache-control": "no-store" } });
}
