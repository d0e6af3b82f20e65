import { data } from "react-router";
import { readForm } from "#app/lib/form.server.ts";
import type { ParsePool } from "#content/parse-pool.ts";
import type { DB } from "#db/schema.ts";
import type { Kysely } from "kysely";
import {
  checkOwnPracticeSubmission,
  type OwnPracticeFieldErrors,
  type OwnPracticeValues,
} from "#services/own-practices/form.ts";
import { isOwnPracticeError, type OwnPracticeInput } from "#services/own-practices/manage.ts";

/** The editor's answer to a refused save: the values back, with what is wrong in them. */
function refused(values: OwnPracticeValues, errors: OwnPracticeFieldErrors, status: number) {
  return data({ values, errors }, { status });
}

/**
 * "Lưu đề" of the editor's form (new and edit): the fields read, then checked and parsed by
 * the own-practices service; a refusal is the page's action data, so the editor shows it.
 */
export async function readEditorForm(
  request: Request,
  deps: { parse: ParsePool; db: Kysely<DB>; userId: string },
): Promise<
  | { ok: true; input: OwnPracticeInput; values: OwnPracticeValues }
  | { ok: false; response: ReturnType<typeof refused> }
> {
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: OwnPracticeValues = {
    title: field("title").trim(),
    subjectName: field("subjectName").trim(),
    text: field("text"),
    fileName: field("fileName").slice(0, 255),
    ...(form.has("version") ? { version: field("version").slice(0, 20) } : {}),
  };
  const check = await checkOwnPracticeSubmission(values, deps);
  if (!check.ok) return { ok: false, response: refused(values, check.errors, check.status) };
  return { ok: true, input: check.input, values };
}

/** A refusal of the own-practices service, shown on the form; anything else is a real failure. */
export function editorRefusal(error: unknown, values: OwnPracticeValues) {
  if (!isOwnPracticeError(error)) throw error;
  return refused(values, { form: error.message }, error.status);
}
