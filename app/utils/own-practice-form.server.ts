import { data } from "react-router";
import type {
  EditorErrors,
  EditorValues,
} from "#app/components/own-practice-editor/practice-editor.tsx";
import { vi } from "#app/i18n/vi.ts";
import { readForm } from "#app/utils/form.server.ts";
import { serverVi } from "#base/i18n/vi-server.ts";
import { OWN_PRACTICE_SUBJECT_MAX, OWN_PRACTICE_TITLE_MAX } from "#base/limits.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import type { OwnSubmissionRead } from "#content/parse-jobs.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";

const t = vi.pages.ownPracticeEditor;

export interface OwnPracticeSubmission {
  title: string;
  subjectName?: string;
  parsed: ParsedQuestions;
  renderedHtml?: ReadonlyMap<string, string>;
}

/**
 * The editor's form, checked again on the server as the preview checked it: a title, an
 * optional subject, and a text the importer's parsers read without an error, read by the
 * parse pool (ADR 0015) as the preview reads it. A refusal is a 400 with the values back (a
 * 422 when the text was too costly to read, a 503 when the pool was full), so the page shows
 * them with what is wrong.
 */
export async function readOwnPracticeSubmission(
  request: Request,
  parse: ParsePool,
): Promise<
  | { ok: true; submission: OwnPracticeSubmission; values: EditorValues }
  | { ok: false; response: ReturnType<typeof refusal> }
> {
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: EditorValues = {
    title: field("title").trim(),
    subjectName: field("subjectName").trim(),
    text: field("text"),
    fileName: field("fileName").slice(0, 255),
    ...(form.has("version") ? { version: field("version").slice(0, 20) } : {}),
  };
  const errors: EditorErrors = {};
  if (values.title === "") errors.title = t.titleRequired;
  else if (values.title.length > OWN_PRACTICE_TITLE_MAX) {
    errors.title = t.titleTooLong(OWN_PRACTICE_TITLE_MAX);
  }
  if (values.subjectName.length > OWN_PRACTICE_SUBJECT_MAX) {
    errors.subjectName = t.subjectTooLong(OWN_PRACTICE_SUBJECT_MAX);
  }
  const read = await readText(parse, values);
  if ("refused" in read) return { ok: false, response: read.refused };
  const { parsed, problems, renderedHtml } = read;
  if (!parsed || problems.some((problem) => problem.severity === "error"))
    errors.form = t.hasErrors;
  if (Object.keys(errors).length > 0 || !parsed) {
    return { ok: false, response: refusal(values, errors) };
  }
  return {
    ok: true,
    values,
    submission: {
      title: values.title,
      ...(values.subjectName ? { subjectName: values.subjectName } : {}),
      parsed,
      ...(renderedHtml ? { renderedHtml } : {}),
    },
  };
}

function refusal(values: EditorValues, errors: EditorErrors, status = 400) {
  return data({ values, errors }, { status });
}

async function readText(
  parse: ParsePool,
  values: EditorValues,
): Promise<OwnSubmissionRead | { refused: ReturnType<typeof refusal> }> {
  try {
    return await parse.run("readOwnSubmission", {
      text: values.text,
      ...(values.fileName ? { fileName: values.fileName } : {}),
    });
  } catch (error) {
    if (!isParseRefusal(error)) throw error;
    const errors = serverVi.ownPracticeEditor.errors;
    return error.reason === "busy"
      ? { refused: refusal(values, { form: errors.PARSER_BUSY }, 503) }
      : { refused: refusal(values, { form: errors.TEXT_TOO_COSTLY }, 422) };
  }
}

/**
 * A refusal the practices module words itself (a limit reached): any error carrying a 4xx
 * `status` and a message is shown on the form; everything else is a real failure.
 */
export function ownPracticeRefusal(error: unknown, values: EditorValues) {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status < 400 || status >= 500) throw error;
  return data(
    { values, errors: { form: (error as Error).message } satisfies EditorErrors },
    { status },
  );
}
