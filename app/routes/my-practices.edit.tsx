import { data, redirect } from "react-router";
import { PracticeEditor } from "#app/components/own-practice-editor/practice-editor.tsx";
import { vi } from "#app/i18n/vi.ts";
import { requireUser } from "#app/utils/auth.server.ts";
import {
  ownPracticeRefusal,
  readOwnPracticeSubmission,
} from "#app/utils/own-practice-form.server.ts";
import { pageTitle } from "#app/utils/page-title.ts";
import { questionStylesheets } from "#app/utils/question-stylesheets.ts";
import { ownPracticeJson } from "#content/parse-own-text.ts";
import { isParseRefusal } from "#content/parse-pool.ts";
import { readOwnPracticeForEdit, updateOwnPractice } from "#server/own-practices.ts";
import type { Route } from "./+types/my-practices.edit";

const t = vi.pages.ownPracticeEditor;

export const meta: Route.MetaFunction = () => pageTitle(t.editTitle);
export const links: Route.LinksFunction = () => questionStylesheets;

/** The student's own practice as text in the editor; anybody else's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const practice = await readOwnPracticeForEdit(context.db, user.id, params.practiceCode);
  if (!practice) throw data(null, { status: 404 });
  // Parsed back in the pool (ADR 0015); if it is full or the practice too costly, our JSON,
  // which carries everything and needs no parsing to write.
  const { text, fileName } = await context.parse
    .run("formatOwnPracticeText", practice.parsed)
    .catch((error: unknown) => {
      if (isParseRefusal(error)) return ownPracticeJson(practice.parsed);
      throw error;
    });
  return {
    initial: {
      title: practice.title,
      subjectName: practice.subjectName ?? "",
      text,
      fileName: fileName ?? "",
    },
  };
}

/** Saving makes new revisions of changed questions (the other half's updateOwnPractice). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const read = await readOwnPracticeSubmission(request, context.parse);
  if (!read.ok) return read.response;
  try {
    await updateOwnPractice(context.db, user.id, params.practiceCode, read.submission);
  } catch (error) {
    return ownPracticeRefusal(error, read.values);
  }
  throw redirect(`/practice-review/${encodeURIComponent(params.practiceCode)}`);
}

export default function EditOwnPractice({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PracticeEditor
      key={actionData ? "sent" : "loaded"}
      heading={t.editTitle}
      initial={actionData?.values ?? loaderData.initial}
      errors={actionData?.errors}
    />
  );
}
