import type { Route } from "./+types/practice-download";
import { getSessionUser } from "#app/lib/session.server.ts";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { findPracticeForViewer, listPracticeQuestionsOfVersion } from "#db/catalogue.ts";
import type { OfflineBundle } from "#app/lib/device-store.ts";
import { questionsForAddress } from "#app/lib/picture-address.server.ts";
import { viAttempts } from "#base/i18n/vi/attempts.ts";

/**
 * GET /practice-review/:code/offline: a practice for offline use (ADR 0013), every live
 * question with its HTML as rendered at import (maths and code included), for the signed-in
 * student's device ("Tải về để luyện offline"). The ETag is the content version, so checking a
 * download for changes costs a 304.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  if (!user) {
    return Response.json(
      { code: "UNAUTHENTICATED", message: viOffline.signInToDownload },
      { status: 401 },
    );
  }
  // The address the student uses (a bank's code, their own practice's, or a share link), under
  // the same access rule as the set-up page: a download is never more than the page shows.
  const practice = await findPracticeForViewer(context.db, params.practiceCode, user.id);
  if (!practice) {
    return Response.json(
      { code: "NOT_FOUND", message: viAttempts.errors.PRACTICE_NOT_FOUND },
      { status: 404 },
    );
  }
  const etag = `"v${practice.contentVersion}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": "private, no-cache",
    Vary: "Cookie",
    ...(practice.own ? { "Referrer-Policy": "no-referrer" } : {}),
  };
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers });
  const bundle: OfflineBundle = {
    code: practice.code,
    title: practice.title,
    subject: { code: practice.subject.code, name: practice.subject.name },
    chapters: practice.chapters.map((chapter) => ({ idx: chapter.idx, title: chapter.title })),
    questionCount: practice.questionCount,
    contentVersion: practice.contentVersion,
    questions: questionsForAddress(
      await listPracticeQuestionsOfVersion(context.db, practice, { type: "PRACTICE_TIME_ALL" }),
      params.practiceCode,
    ),
  };
  return Response.json(bundle, { headers });
}
