import { data, redirect } from "react-router";
import {
  PracticeEditor,
  type SavedElsewhere,
} from "#app/features/own-practices/practice-editor.tsx";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { editorRefusal, readEditorForm } from "#app/features/own-practices/editor-form.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { ownPracticeJson } from "#content/parse-own-text.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import {
  isOwnPracticeError,
  readOwnPracticeForEdit,
  updateOwnPractice,
} from "#services/own-practices/manage.ts";
import type { Route } from "./+types/my-practices.edit";
import { paths } from "#base/paths.ts";

const t = viOwnPracticeEditor;

export const meta: Route.MetaFunction = () => pageTitle(t.editTitle);
export const links: Route.LinksFunction = () => questionStylesheets;

/** The student's own practice as text in the editor; anybody else's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const practice = await readOwnPracticeForEdit(context.db, user.id, params.practiceCode);
  if (!practice) throw data(null, { status: 404 });
  const { text, fileName } = await editorText(context.parse, practice.parsed);
  return {
    initial: {
      title: practice.title,
      subjectName: practice.subjectName ?? "",
      text,
      fileName: fileName ?? "",
      version: String(practice.version),
    },
  };
}

/**
 * Saving makes new revisions of changed questions. The form carries the edit version it was
 * opened at: a save from an older one (a second tab or device saved since) is refused with 409,
 * the student's text kept in the editor and the copy now saved shown beside it to merge.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const read = await readEditorForm(request, {
    parse: context.parse,
    db: context.db,
    userId: user.id,
  });
  if (!read.ok) return read.response;
  const startedFrom = editVersionOf(read.values.version);
  try {
    await updateOwnPractice(context.db, user.id, params.practiceCode, read.input, startedFrom);
  } catch (error) {
    if (isOwnPracticeError(error) && error.code === "STALE_EDIT") {
      const saved = await readOwnPracticeForEdit(context.db, user.id, params.practiceCode);
      if (saved) {
        return data(
          {
            values: { ...read.values, version: String(saved.version) },
            errors: { form: error.message },
            savedElsewhere: {
              title: saved.title,
              text: (await editorText(context.parse, saved.parsed)).text,
            },
          },
          { status: 409 },
        );
      }
    }
    return editorRefusal(error, read.values);
  }
  throw redirect(paths.practiceSetup(params.practiceCode));
}

/**
 * A stored practice as the editor's text, written in the parse pool (ADR 0015); when the pool is
 * full or the practice too costly, our JSON, which carries everything and needs no parsing.
 */
function editorText(
  parse: ParsePool,
  parsed: ParsedQuestions,
): Promise<{ text: string; fileName?: string | undefined }> {
  return parse.run("formatOwnPracticeText", parsed).catch((error: unknown) => {
    if (isParseRefusal(error)) return ownPracticeJson(parsed);
    throw error;
  });
}

/** The version a form says it started from; anything but a plain count can never match. */
function editVersionOf(value: string | undefined): number {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : -1;
}

export default function EditOwnPractice({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PracticeEditor
      key={actionData ? `sent-${actionData.values.version ?? ""}` : "loaded"}
      heading={t.editTitle}
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
      savedElsewhere={
        (actionData as { savedElsewhere?: SavedElsewhere } | undefined)?.savedElsewhere
      }
    />
  );
}
