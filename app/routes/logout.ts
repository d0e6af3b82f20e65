import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { AUTH_CALL_FAILED } from "#server/auth-failure.ts";
import { signOut } from "#server/auth-operations.ts";
import { redirectWithToast } from "#app/lib/toast-url.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";

/** "Đăng xuất": ends the session on the server, then home with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(context, request);
  if (!result.ok) {
    // A refusal; a call that threw is logged by the operation itself.
    if (result.code !== AUTH_CALL_FAILED) {
      context.logger.error({ status: result.status, code: result.code }, "sign-out failed");
    }
    return redirectWithToast("/", { type: "error", message: viAuth.logoutFailed });
  }
  return redirectWithToast(
    "/",
    { type: "info", message: viAuth.loggedOut },
    { headers: result.headers },
  );
}

export function loader() {
  return redirect("/");
}
