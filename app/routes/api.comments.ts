import { data } from "react-router";
import type { Route } from "./+types/api.comments";
import { viDiscussion } from "#base/i18n/vi/discussion.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";
import { readForm } from "#app/lib/form.server.ts";
import { getSessionUser } from "#app/lib/session.server.ts";
import {
  editComment,
  isDiscussionError,
  moderateComment,
  postComment,
  readDiscussion,
  removeComment,
  reportComment,
  voteComment,
} from "#services/discussion/comments.ts";

/**
 * /api/questions/:questionId/comments ("Thảo luận", issue 30). GET: the discussion, for whoever
 * may open the question (`?address=` the practice's address they came by). POST, a form with an
 * `intent`: post, reply, edit, delete, vote, unvote, report (signed in), hide (operators).
 * Answers JSON; a refusal is a 4xx with its Vietnamese message.
 */

const INTENTS = ["post", "reply", "edit", "delete", "vote", "unvote", "report", "hide"] as const;
type Intent = (typeof INTENTS)[number];

function idOf(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function addressOf(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" && value.length <= 120 ? value : undefined;
}

function refusal(error: unknown) {
  if (!isDiscussionError(error)) throw error;
  return data({ message: error.message }, { status: error.status });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const questionId = idOf(params.questionId);
  if (questionId === null) {
    return data({ message: viDiscussion.errors.NOT_FOUND }, { status: 404 });
  }
  const user = await getSessionUser(context, request);
  const address = addressOf(new URL(request.url).searchParams.get("address"));
  try {
    const discussion = await readDiscussion(context.db, user?.id ?? null, questionId, address);
    return data(discussion, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return refusal(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const questionId = idOf(params.questionId);
  const user = await getSessionUser(context, request);
  if (!user) return data({ message: viDiscussion.errors.SIGN_IN }, { status: 401 });
  const form = await readForm(request);
  const intent = form.get("intent") as Intent;
  if (questionId === null || !INTENTS.includes(intent)) {
    return data({ message: viRequests.unreadableForm }, { status: 400 });
  }
  const deps = { db: context.db, parse: context.parse, limits: context.auth.limits };
  const address = addressOf(form.get("address"));
  const commentId = idOf(form.get("commentId"));
  try {
    if (intent === "post" || intent === "reply") {
      const parentId = intent === "reply" ? idOf(form.get("commentId")) : undefined;
      if (intent === "reply" && parentId === null) {
        return data({ message: viDiscussion.errors.COMMENT_NOT_FOUND }, { status: 404 });
      }
      const body = form.get("body");
      const id = await postComment(deps, user.id, {
        questionId,
        address,
        body,
        ...(parentId ? { parentId } : {}),
      });
      return data({ id }, { status: 201 });
    }
    if (commentId === null) {
      return data({ message: viDiscussion.errors.COMMENT_NOT_FOUND }, { status: 404 });
    }
    if (intent === "edit") {
      await editComment(deps, user.id, { commentId, address, body: form.get("body") });
    } else if (intent === "delete") {
      await removeComment(deps, user.id, { commentId, address });
    } else if (intent === "vote" || intent === "unvote") {
      const votes = await voteComment(deps, user.id, { commentId, address, up: intent === "vote" });
      return data({ votes });
    } else if (intent === "report") {
      await reportComment(deps, user.id, { commentId, address });
    } else {
      await moderateComment(deps, user.id, commentId, "hide");
    }
    return data({ ok: true });
  } catch (error) {
    return refusal(error);
  }
}
