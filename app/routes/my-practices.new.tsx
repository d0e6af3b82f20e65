import { redirect } from "react-router";
import { PracticeEditor } from "#app/features/own-practices/practice-editor.tsx";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { editorRefusal, readEditorForm } from "#app/features/own-practices/editor-form.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { questionStylesheets } from "#app/lib/question-stylesheets.ts";
import { createOwnPractice } from "#services/own-practices/manage.ts";
import type { Route } from "./+types/my-practices.new";
import { paths } from "#base/paths.ts";

const t = viOwnPracticeEditor;

export const meta: Route.MetaFunction = () => pageTitle(t.newTitle);
export const links: Route.LinksFunction = () => questionStylesheets;

/** Signed in only: a visitor goes to sign-in and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request);
  return null;
}

/** "Lưu đề": the text parsed again on the server, then the practice made and its set-up page. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const read = await readEditorForm(request, {
    parse: context.parse,
    db: context.db,
    userId: user.id,
  });
  if (!read.ok) return read.response;
  let code: string;
  try {
    // Creations are counted where sign-ins are (Redis when configured, else the database).
    ({ code } = await createOwnPractice(context.db, user.id, read.input, {
      limits: context.auth.limits,
    }));
  } catch (error) {
    return editorRefusal(error, read.values);
  }
  throw redirect(paths.practiceSetup(code));
}

export default function NewOwnPractice({ actionData }: Route.ComponentProps) {
  return (
    <PracticeEditor
      key={actionData ? "sent" : "new"}
      heading={t.newTitle}
      initial={actionData?.values ?? { title: "", subjectName: "", text: "", fileName: "" }}
      errors={actionData?.errors}
    />
  );
}
