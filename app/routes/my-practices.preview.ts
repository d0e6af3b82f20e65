import type { Route } from "./+types/my-practices.preview";
import { getSessionUser } from "#app/lib/session.server.ts";
import { answerOwnPreview, ownPreviewProblem } from "#services/own-practices/preview.ts";

/** POST /my-practices/preview: the live preview of "Tạo đề của tôi" (server/own-practice-preview.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(context, request);
  return answerOwnPreview(request, {
    userId: user?.id ?? null,
    limits: context.auth.limits,
    parse: context.parse,
    db: context.db,
  });
}

export function loader() {
  return ownPreviewProblem("BAD_REQUEST", 405);
}
