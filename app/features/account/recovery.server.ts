import type { AppLoadContext } from "react-router";
import { isResetTokenUsable } from "#server/auth.ts";

/**
 * Whether a password reset link still works (not used, not expired). A `.server` module, so the
 * route that asks can never pull better-auth into the browser's bundle.
 */
export function isResetLinkUsable(context: AppLoadContext, token: string): Promise<boolean> {
  return isResetTokenUsable(context.auth, token);
}
