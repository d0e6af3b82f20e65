import { data } from "react-router";
import type { Route } from "./+types/practice-questions";
import { findPracticeByCode, listQuestions } from "#db/catalogue.ts";
import { parseSelection } from "#app/utils/room-url.server.ts";

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
  const practice = await findPracticeByCode(context.db, params.practiceCode);
  if (!practice) throw data({ code: "NOT_FOUND", message: "No such practice" }, { status: 404 });
  const questions = await listQuestions(context.db, practice.code, selection);
  const versioned = url.searchParams.get("v") === String(practice.contentVersion);
  return Response.json(
    { contentVersion: practice.contentVersion, questions },
    {
      headers: { "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "no-cache" },
    },
  );
}
