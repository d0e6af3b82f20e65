import { data } from "react-router";
import type { Route } from "./+types/practice-questions";
import { findPracticeForViewer, listPracticeQuestionsOfVersion } from "#db/catalogue.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import { parseSelection } from "#app/lib/room-url.server.ts";
import { questionsForAddress } from "#app/lib/picture-address.server.ts";

/**
 * GET /practice-review/:code/questions?type=…&start&end | chapter&v=<content version>: the
 * questions of a selection, HTML rendered at import. The content version in the URL makes the
 * answer immutable, so browsers may keep it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const selection = parseSelection(url.searchParams);
  if (!selection)
    throw data({ code: "BAD_SELECTION", message: "Invalid question selection" }, { status: 400 });
  const user = await getSessionUser(context, request);
  const practice = await findPracticeForViewer(context.db, params.practiceCode, user?.id ?? null);
  if (!practice) throw data({ code: "NOT_FOUND", message: "No such practice" }, { status: 404 });
  const questions = questionsForAddress(
    await listPracticeQuestionsOfVersion(context.db, practice, selection),
    params.practiceCode,
  );
  const versioned = url.searchParams.get("v") === String(practice.contentVersion);
  return Response.json(
    { contentVersion: practice.contentVersion, questions },
    {
      headers: {
        // A student's practice never sits in a shared cache: revoking its link must end it.
        "Cache-Control": practice.own
          ? "private, no-cache"
          : versioned
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        ...(practice.own ? { "Referrer-Policy": "no-referrer" } : {}),
      },
    },
  );
}
