import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { vi } from "#app/i18n/vi.ts";
import { callAuthEndpoint, cookiesOf } from "#app/utils/auth.server.ts";
import { redirectWithToast } from "#app/utils/toast-url.ts";

/** "Đăng xuất": ends the session on the server, then home with a toast (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const response = await callAuthEndpoint(context, request, "/sign-out", {});
    if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
    return redirectWithToast(
      "/",
      { type: "info", message: vi.auth.loggedOut },
      { headers: cookiesOf(response) },
    );
  } catch (error) {
    context.logger.error({ err: error }, "sign-out failed");
    return redirectWithToast("/", { type: "error", message: vi.auth.logoutFailed });
  }
}

export function loader() {
  return redirect("/");
}
