import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { safeRedirectPath } from "#base/safe-redirect.ts";

/** better-auth's parameters that name where the browser goes next. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/** `values` with each redirect field made safe, or undefined when it has none. */
function withSafeRedirects(values: unknown): Record<string, unknown> | undefined {
  if (!values || typeof values !== "object") return undefined;
  const record = values as Record<string, unknown>;
  const changed = REDIRECT_FIELDS.filter((field) => typeof record[field] === "string");
  if (changed.length === 0) return undefined;
  return {
    ...record,
    ...Object.fromEntries(
      changed.map((field) => [field, safeRedirectPath(record[field] as string)]),
    ),
  };
}

/**
 * Every redirect target a request hands better-auth passes safeRedirectPath first, the one
 * function that decides them for our routes too: better-auth accepts relative paths as they
 * come (`/..//evil.example` went out as `Location: //evil.example`, a tab or a newline made it
 * throw a 500). server/request-guards.ts still checks the final Location of every answer.
 */
export const redirectTargetsOfThisSite = {
  id: "redirect-targets-of-this-site",
  hooks: {
    before: [
      {
        matcher: () => true,
        handler: createAuthMiddleware(async (ctx) => {
          const query = withSafeRedirects(ctx.query);
          const body = withSafeRedirects(ctx.body);
          if (!query && !body) return;
          return { context: { ...(query ? { query } : {}), ...(body ? { body } : {}) } };
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;
