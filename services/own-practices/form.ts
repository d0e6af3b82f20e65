import { serverVi } from "#base/i18n/vi-server.ts";
import type { PictureMeta } from "#base/pictures.ts";
import { OWN_PRACTICE_SUBJECT_MAX, OWN_PRACTICE_TITLE_MAX } from "#base/limits.ts";
import type { OwnSubmissionRead } from "#content/parse-jobs.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import type { OwnPracticeInput } from "./manage.ts";
import { picturesForText } from "./pictures.ts";

const errors = serverVi.ownPractices.errors;

/** What the editor's form sends: "Tạo đề của tôi" and "Sửa đề" alike. */
export interface OwnPracticeValues {
  title: string;
  subjectName: string;
  text: string;
  /** The file the text came from, whose extension names its format (e.g. "de.gift"). */
  fileName: string;
  /** "Sửa đề" only: the edit version this text started from, sent back with the save. */
  version?: string;
}

/** What is wrong with a submission, per field of the editor (`form`: the whole text). */
export interface OwnPracticeFieldErrors {
  title?: string;
  subjectName?: string;
  form?: string;
}

export type OwnPracticeCheck =
  | { ok: true; input: OwnPracticeInput }
  | { ok: false; status: number; errors: OwnPracticeFieldErrors };

/**
 * The editor's form, checked on the server as the preview checked it: a title, an optional
 * subject, and a text the importer's parsers read without an error, read once by the parse
 * pool (ADR 0015), whose questions and rendered HTML go on to the save as they are. A refusal
 * names its status: 400 (the values are wrong), 422 (the text was too costly to read), 503 (the
 * pool was full).
 */
export async function checkOwnPracticeSubmission(
  values: OwnPracticeValues,
  deps: { parse: ParsePool; db: Kysely<DB>; userId: string },
): Promise<OwnPracticeCheck> {
  const fieldErrors: OwnPracticeFieldErrors = {};
  if (values.title === "") fieldErrors.title = errors.TITLE_REQUIRED;
  else if (values.title.length > OWN_PRACTICE_TITLE_MAX) {
    fieldErrors.title = errors.TITLE_TOO_LONG(OWN_PRACTICE_TITLE_MAX);
  }
  if (values.subjectName.length > OWN_PRACTICE_SUBJECT_MAX) {
    fieldErrors.subjectName = errors.SUBJECT_TOO_LONG(OWN_PRACTICE_SUBJECT_MAX);
  }
  const { pictures, tooHeavy } = await picturesForText(deps.db, deps.userId, values.text);
  const read = await readText(deps.parse, values, pictures);
  if ("refused" in read) return read.refused;
  const { parsed, problems, renderedHtml } = read;
  if (!parsed || problems.some((problem) => problem.severity === "error")) {
    fieldErrors.form = errors.HAS_PROBLEMS;
  } else if (tooHeavy) fieldErrors.form = tooHeavy;
  if (Object.keys(fieldErrors).length > 0 || !parsed) {
    return { ok: false, status: 400, errors: fieldErrors };
  }
  return {
    ok: true,
    input: {
      title: values.title,
      ...(values.subjectName ? { subjectName: values.subjectName } : {}),
      parsed,
      ...(renderedHtml ? { renderedHtml } : {}),
      pictures,
    },
  };
}

async function readText(
  parse: ParsePool,
  values: OwnPracticeValues,
  pictures: PictureMeta[],
): Promise<OwnSubmissionRead | { refused: Extract<OwnPracticeCheck, { ok: false }> }> {
  try {
    return await parse.run("readOwnSubmission", {
      text: values.text,
      ...(values.fileName ? { fileName: values.fileName } : {}),
      pictures,
    });
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    const parseErrors = serverVi.ownPracticeEditor.errors;
    return error.reason === "busy"
      ? { refused: { ok: false, status: 503, errors: { form: parseErrors.PARSER_BUSY } } }
      : { refused: { ok: false, status: 422, errors: { form: parseErrors.TEXT_TOO_COSTLY } } };
  }
}
